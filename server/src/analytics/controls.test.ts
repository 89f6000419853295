// The controls' comparison (controls.ts): our figures from the engine at a bank date against the bank's rows, with the
// tolerances of the issue (0.01 in money, 0.001 in quantity) and the price gaps in percent of the bank's price.
import type { PortfolioInput } from '@patrimonio/engine';
import { describe, expect, test } from 'vitest';
import { type BankAt, type CheckedAccount, compareAt, type OurFigures, ourFigures, statusOf } from './controls.ts';

const CASH: CheckedAccount = {
  id: 1,
  name: 'Conto',
  iban: 'IT60X0542811101000000123456',
  currency: 'EUR',
  type: 'CONTO_CORRENTE',
};
const CUSTODY: CheckedAccount = { id: 2, name: 'Dossier', iban: null, currency: 'EUR', type: 'CUSTODIA_TITOLI' };
const ETF = { id: 7, isin: 'IE00B4L5Y983', name: 'iShares Core MSCI World', currency: 'EUR' };
const registry = new Map([[ETF.isin, { id: ETF.id, name: ETF.name, currency: 'EUR' }]]);

const ours = (o: Partial<OurFigures> = {}): OurFigures => ({
  date: '2024-01-31',
  cash: [],
  lines: [],
  prices: [],
  ...o,
});
const bank = (balances: Array<[number, number]>, positions: BankAt['positions'] = []): BankAt => ({
  balances: new Map(balances),
  positions,
});
const line = (quantity: number, accountId = CUSTODY.id) => ({
  accountId,
  instrumentId: ETF.id,
  isin: ETF.isin,
  name: ETF.name,
  quantity,
});
const position = (quantity: number, price: number | null = null) => ({
  accountId: CUSTODY.id,
  isin: ETF.isin,
  quantity,
  price,
  currency: 'EUR',
});

describe('balances', () => {
  test('ours 12,345.67, the bank 12,195.67: a difference of 150.00', () => {
    const c = compareAt([CASH], ours({ cash: [{ accountId: 1, balance: 12345.67 }] }), bank([[1, 12195.67]]), registry);
    expect(c.balances).toEqual([
      {
        accountId: 1,
        accountName: 'Conto',
        iban: CASH.iban,
        currency: 'EUR',
        ours: 12345.67,
        bank: 12195.67,
        difference: 150,
        ok: false,
      },
    ]);
    expect(c.differences).toBe(1);
  });

  test('within 0.01 matches (12.34 against 12.33, whose binary difference is 0.010000000000000009); 0.02 does not', () => {
    const at = (b: number) =>
      compareAt([CASH], ours({ cash: [{ accountId: 1, balance: 12.34 }] }), bank([[1, b]]), registry);
    expect(at(12.33).balances[0]).toMatchObject({ difference: 0.01, ok: true });
    expect(at(12.35).balances[0]).toMatchObject({ difference: -0.01, ok: true });
    expect(at(12.32).balances[0]).toMatchObject({ difference: 0.02, ok: false });
    expect(at(12.33).differences).toBe(0);
  });

  test('a negative balance (an overdraft) compares as any other', () => {
    const c = compareAt([CASH], ours({ cash: [{ accountId: 1, balance: -250.5 }] }), bank([[1, -250.5]]), registry);
    expect(c.balances[0]).toMatchObject({ ours: -250.5, bank: -250.5, difference: 0, ok: true });
  });

  test('a current account the bank sent no balance for does not match; no cash of ours is 0', () => {
    const c = compareAt([CASH], ours(), bank([]), registry);
    expect(c.balances[0]).toMatchObject({ ours: 0, bank: null, difference: null, ok: false });
    expect(c.differences).toBe(1);
  });

  test('only current accounts have balances; accounts outside the portfolio are left out', () => {
    const c = compareAt(
      [CASH, CUSTODY],
      ours({
        cash: [
          { accountId: 1, balance: 5 },
          { accountId: 2, balance: 0 },
          { accountId: 3, balance: 9 },
        ],
      }),
      bank([
        [1, 5],
        [3, 1],
      ]),
      registry,
    );
    expect(c.balances.map((b) => b.accountId)).toEqual([1]);
    expect(c.differences).toBe(0);
  });
});

describe('quantities', () => {
  test('100 against the bank 100.0004 matches (difference -0.0004); against 100.002 it does not', () => {
    const at = (q: number) => compareAt([CUSTODY], ours({ lines: [line(100)] }), bank([], [position(q)]), registry);
    expect(at(100.0004).quantities[0]).toMatchObject({ ours: 100, bank: 100.0004, difference: -0.0004, ok: true });
    expect(at(100.002).quantities[0]).toMatchObject({ difference: -0.002, ok: false });
    expect(at(100.002).differences).toBe(1);
  });

  test('a line we hold that the bank does not list counts as bank 0, and one it lists that we do not hold as ours 0', () => {
    const unknown = { accountId: CUSTODY.id, isin: 'XS0000000009', quantity: 3, price: 99.5, currency: 'EUR' };
    const c = compareAt([CUSTODY], ours({ lines: [line(40)] }), bank([], [unknown]), registry);
    expect(c.quantities).toEqual([
      {
        accountId: 2,
        accountName: 'Dossier',
        instrumentId: ETF.id,
        isin: ETF.isin,
        instrumentName: ETF.name,
        ours: 40,
        bank: null,
        difference: 40,
        ok: false,
      },
      {
        accountId: 2,
        accountName: 'Dossier',
        instrumentId: null,
        isin: 'XS0000000009',
        instrumentName: null,
        ours: 0,
        bank: 3,
        difference: -3,
        ok: false,
      },
    ]);
    expect(c.differences).toBe(2);
  });
});

describe('prices', () => {
  test('our 85.12 against the bank 85: a gap of (85.12 - 85) / 85 x 100 percent, at full precision', () => {
    const c = compareAt(
      [CUSTODY],
      ours({
        lines: [line(10)],
        prices: [
          { instrumentId: ETF.id, isin: ETF.isin, name: ETF.name, currency: 'EUR', price: 85.12, date: '2024-01-30' },
        ],
      }),
      bank([], [position(10, 85)]),
      registry,
    );
    expect(c.prices).toEqual([
      {
        accountId: 2,
        accountName: 'Dossier',
        isin: ETF.isin,
        instrumentName: ETF.name,
        currency: 'EUR',
        ourPrice: 85.12,
        ourPriceDate: '2024-01-30',
        bankPrice: 85,
        gapPercent: ((85.12 - 85) / 85) * 100,
      },
    ]);
    expect(c.prices[0]!.gapPercent).toBeCloseTo(0.141176470588, 10);
    // Prices are informative: they count no difference.
    expect(c.differences).toBe(0);
  });

  test('no gap without both prices', () => {
    const c = compareAt([CUSTODY], ours({ lines: [line(10)] }), bank([], [position(10)]), registry);
    expect(c.prices[0]).toMatchObject({ ourPrice: null, ourPriceDate: null, bankPrice: null, gapPercent: null });
  });
});

test('a date is OK when nothing differs or its difference was accepted', () => {
  expect(statusOf(0, false)).toBe('OK');
  expect(statusOf(2, true)).toBe('OK');
  expect(statusOf(1, false)).toBe('DIFFERENCES');
});

describe('our figures from the engine', () => {
  // A deposit of 10,000, 50 shares bought at 85.12 (4,256.00) settled on the current account with a fee of 4.95; a
  // sale of 10 at 88.50 (885.00) in February. The ETF closes at 85 on January 30 and 90 on February 15.
  const input: PortfolioInput = {
    accounts: [CASH, CUSTODY].map((a) => ({
      id: a.id,
      name: a.name,
      accountType: a.type,
      currency: 'EUR',
      intermediaryId: 1,
      intermediaryName: 'Banca',
      ownerId: 1,
      ownerName: 'Cliente',
    })),
    instruments: [{ ...ETF, assetClass: 'ETF', macroAssetClass: 'Equity', priceUnit: 1 }],
    movements: [
      { id: 1, accountId: 1, date: '2024-01-02', cause: 'DEPOSIT', currency: 'EUR', amount: 10000 },
      {
        id: 2,
        accountId: 2,
        offsetAccountId: 1,
        date: '2024-01-03',
        cause: 'BUY',
        currency: 'EUR',
        instrumentId: ETF.id,
        quantity: 50,
        price: 85.12,
        amount: 4256,
      },
      {
        id: 3,
        accountId: 1,
        date: '2024-01-03',
        cause: 'FEE',
        subcause: 'NEGOZIAZIONE',
        currency: 'EUR',
        amount: 4.95,
      },
      {
        id: 4,
        accountId: 2,
        offsetAccountId: 1,
        date: '2024-02-15',
        cause: 'SELL',
        currency: 'EUR',
        instrumentId: ETF.id,
        quantity: 10,
        price: 88.5,
        amount: 885,
      },
    ],
    prices: [
      {
        instrumentId: ETF.id,
        points: [
          { date: '2024-01-30', price: 85 },
          { date: '2024-02-15', price: 90 },
        ],
      },
    ],
    fx: [],
  };

  test('cash per account, the lines held and the last close at each date', () => {
    const [jan, feb, before] = ourFigures(input, ['2024-01-31', '2024-02-29', '2023-12-29']);
    expect(jan!.cash).toEqual([
      { accountId: 1, balance: 5739.05 },
      { accountId: 2, balance: 0 },
    ]);
    expect(jan!.lines).toEqual([line(50)]);
    expect(jan!.prices).toEqual([
      { instrumentId: ETF.id, isin: ETF.isin, name: ETF.name, currency: 'EUR', price: 85, date: '2024-01-30' },
    ]);
    expect(feb!.cash[0]).toEqual({ accountId: 1, balance: 6624.05 });
    expect(feb!.lines).toEqual([line(40)]);
    expect(feb!.prices[0]).toMatchObject({ price: 90, date: '2024-02-15' });
    // Before anything: no line, no price, no cash.
    expect(before).toEqual({
      date: '2023-12-29',
      cash: [
        { accountId: 1, balance: 0 },
        { accountId: 2, balance: 0 },
      ],
      lines: [],
      prices: [],
    });
  });
});
