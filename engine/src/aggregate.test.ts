import { describe, expect, test } from 'vitest';
import { clientAggregate, familyAggregate } from './aggregate.ts';
import { buildCompositions } from './compositions.ts';
import { positionsAt } from './positions.ts';
import type { Account, Instrument, Movement, PortfolioInput } from './types.ts';

const account = (id: number, accountType: Account['accountType'] = 'CONTO_CORRENTE'): Account => ({
  id,
  name: `Account ${id}`,
  accountType,
  currency: 'EUR',
  intermediaryId: 1,
  intermediaryName: 'Banca',
  ownerId: id,
  ownerName: `Owner ${id}`,
});
const instrument = (id: number): Instrument => ({
  id,
  isin: `IT000000000${id}`,
  name: `Fondo ${id}`,
  currency: 'EUR',
  assetClass: 'Azionario',
  macroAssetClass: 'Equity',
  priceUnit: 1,
});
const deposit = (id: number, accountId: number, amount: number, date = '2024-01-02'): Movement => ({
  id,
  accountId,
  date,
  cause: 'DEPOSIT',
  currency: 'EUR',
  amount,
});
const buy = (
  id: number,
  custody: number,
  cash: number,
  instrumentId: number,
  quantity: number,
  price: number,
): Movement => ({
  id,
  accountId: custody,
  offsetAccountId: cash,
  date: '2024-01-02',
  cause: 'BUY',
  currency: 'EUR',
  instrumentId,
  quantity,
  price,
  amount: quantity * price,
});
const input = (accounts: Account[], movements: Movement[], extra?: Partial<PortfolioInput>): PortfolioInput => ({
  accounts,
  instruments: [],
  movements,
  prices: [],
  fx: [],
  ...extra,
});
const deposits = (i: PortfolioInput) =>
  i.movements.filter((m) => m.cause === 'DEPOSIT').reduce((s, m) => s + m.amount, 0);
const totalValue = (i: PortfolioInput, end = '2024-01-03') =>
  buildCompositions(i, { start: '2024-01-01', end }).sintetic.reportSinteticoTotalComposition[0].controvalore;

describe('client aggregate', () => {
  test('worked example of the JSDoc: a shared account once, testing portfolios out', () => {
    const [a1, a2, a3, a4] = [account(1), account(2), account(3), account(4)];
    const m = [deposit(1, 1, 100), deposit(2, 2, 100), deposit(3, 3, 100), deposit(4, 4, 100)];
    const agg = clientAggregate([
      { id: 1, input: input([a1, a2], [m[0]!, m[1]!]) },
      { id: 2, input: input([a2, a3], [m[1]!, m[2]!]) },
      { id: 3, testing: true, input: input([a4], [m[3]!]) },
    ]);
    expect(agg.accounts.map((a) => a.id)).toEqual([1, 2, 3]);
    // 100 x 3 accounts: account 2 once, account 4 (testing) not at all.
    expect(deposits(agg)).toBe(300);
    expect(totalValue(agg)).toBe(300);
  });

  test('instruments and market data merge by key, the longer series wins', () => {
    const short = { instrumentId: 7, points: [{ date: '2024-01-01', price: 1 }] };
    const long = {
      instrumentId: 7,
      points: [
        { date: '2024-01-01', price: 1 },
        { date: '2024-01-02', price: 2 },
      ],
    };
    const agg = clientAggregate([
      { input: input([account(1)], [], { instruments: [instrument(7)], prices: [short] }) },
      { input: input([account(2)], [], { instruments: [instrument(7)], prices: [long] }) },
    ]);
    expect(agg.instruments).toHaveLength(1);
    expect(agg.prices).toEqual([long]);
  });
});

describe('family aggregate', () => {
  test('worked example of the JSDoc: weights scale members, a joint account by the sum of its weights', () => {
    const joint = account(3);
    const family = familyAggregate([
      { weight: 1, input: input([account(1), joint], [deposit(1, 1, 1000), deposit(3, 3, 400)]) },
      { weight: 0.5, input: input([account(2), joint], [deposit(2, 2, 2000), deposit(3, 3, 400)]) },
    ]);
    // 1,000 x 1 + 2,000 x 0.5 + 400 x 1.5 = 2,600.
    expect(deposits(family)).toBe(2600);
    expect(totalValue(family)).toBe(2600);
    expect(family.movements.find((m) => m.accountId === 3)!.amount).toBe(600);
  });

  test('weights scale quantities, not prices; the family return is value-weighted', () => {
    const fund7 = instrument(7);
    const fund8 = instrument(8);
    const prices = [
      {
        instrumentId: 7,
        points: [
          { date: '2024-01-02', price: 100 },
          { date: '2024-01-03', price: 110 },
        ],
      },
      {
        instrumentId: 8,
        points: [
          { date: '2024-01-02', price: 100 },
          { date: '2024-01-03', price: 95 },
        ],
      },
    ];
    const a = input([account(1), account(2, 'CUSTODIA_TITOLI')], [deposit(1, 1, 1000), buy(2, 2, 1, 7, 10, 100)], {
      instruments: [fund7, fund8],
      prices,
    });
    const b = input([account(3), account(4, 'CUSTODIA_TITOLI')], [deposit(3, 3, 2000), buy(4, 4, 3, 8, 20, 100)], {
      instruments: [fund7, fund8],
      prices,
    });
    const family = familyAggregate([{ input: a }, { weight: 0.5, input: b }]);
    // Member B at half weight: 10 units of fund 8 at pmc 100 (not 20, and not 50).
    const line = positionsAt(family, '2024-01-03').lines.find((l) => l.instrumentId === 8)!;
    expect(line.quantity).toBe(10);
    expect(line.pmc).toBe(100);
    // Start (2024-01-02): 1,000 + 2,000 x 0.5 = 2,000; end: 10 x 110 + 10 x 95 = 1,100 + 950 = 2,050: +2.5%,
    // the members' +10% and -5% weighted by value (1,000 each).
    const c = buildCompositions(family, { start: '2024-01-02', end: '2024-01-03' });
    expect(c.triplaA.totalComposition[0]!.totalValue).toBe(2050);
    expect(c.triplaA.totalComposition[0]!.totalPerformancePercentageTW).toBe(2.5);
  });

  test('a trade settling in a cash account of another weight books the difference as a transfer', () => {
    // Custody 2 is member X's only (weight 1); cash 1 is shared by X and Y (0.5): weight 1.5.
    const cash = account(1);
    const custody = account(2, 'CUSTODIA_TITOLI');
    const movements = [deposit(1, 1, 2000), buy(2, 2, 1, 7, 10, 100)];
    const family = familyAggregate([
      { input: input([cash, custody], movements, { instruments: [instrument(7)] }) },
      { weight: 0.5, input: input([cash], [movements[0]!], { instruments: [instrument(7)] }) },
    ]);
    // Deposit 2,000 x 1.5 = 3,000; the purchase 1,000 x 1 from the cash, and (1.5 - 1) x 1,000 = 500 leaving the
    // family's weighted boundary: cash 3,000 - 1,000 - 500 = 1,500 = 1.5 x (2,000 - 1,000).
    expect(family.movements.find((m) => m.id === -2)).toMatchObject({
      cause: 'TRANSFER_OUT',
      accountId: 1,
      amount: 500,
    });
    const p = positionsAt(family, '2024-01-02');
    expect(p.cash.find((c) => c.accountId === 1)!.balance).toBe(1500);
    expect(p.lines[0]!.quantity).toBe(10);
  });

  test('weight default 1, weight 0 leaves a member out, a negative weight throws', () => {
    const one = familyAggregate([{ weight: null, input: input([account(1)], [deposit(1, 1, 100)]) }]);
    expect(deposits(one)).toBe(100);
    const none = familyAggregate([
      { weight: 0, input: input([account(1)], [deposit(1, 1, 100)]) },
      { input: input([account(2)], [deposit(2, 2, 50)]) },
    ]);
    expect(deposits(none)).toBe(50);
    expect(() => familyAggregate([{ weight: -1, input: input([], []) }])).toThrow(RangeError);
    expect(() => familyAggregate([{ weight: Number.NaN, input: input([], []) }])).toThrow(RangeError);
  });
});
