import { describe, expect, test } from 'vitest';
import { Market } from './market.ts';
import { accruedInterest, Ledger, positionsAt, prepareMovements, roundPosition } from './positions.ts';
import { account, BTP, CASH, CUSTODY, mv, SHARE, US_SHARE } from './test-fixtures.ts';
import type { Movement, PortfolioInput } from './types.ts';

const buy = (
  date: string,
  instrumentId: number,
  quantity: number,
  price: number,
  amount: number,
  extra?: Partial<Movement>,
) =>
  mv({
    date,
    cause: 'BUY',
    accountId: CUSTODY.id,
    offsetAccountId: CASH.id,
    instrumentId,
    quantity,
    price,
    amount,
    ...extra,
  });
const sell = (
  date: string,
  instrumentId: number,
  quantity: number,
  price: number,
  amount: number,
  extra?: Partial<Movement>,
) =>
  mv({
    date,
    cause: 'SELL',
    accountId: CUSTODY.id,
    offsetAccountId: CASH.id,
    instrumentId,
    quantity,
    price,
    amount,
    ...extra,
  });
const tradeFee = (date: string, instrumentId: number, amount: number) =>
  mv({ date, cause: 'FEE', subcause: 'NEGOZIAZIONE', instrumentId, amount });

const input = (movements: Movement[], extra?: Partial<PortfolioInput>): PortfolioInput => ({
  accounts: [CASH, CUSTODY],
  instruments: [SHARE, US_SHARE, BTP],
  movements,
  prices: [],
  fx: [],
  ...extra,
});
const lineOf = (r: ReturnType<typeof positionsAt>, instrumentId: number, accountId = CUSTODY.id) =>
  r.lines.find((l) => l.instrumentId === instrumentId && l.accountId === accountId)!;

describe('positions: average cost replay', () => {
  test('worked example of the JSDoc: two buys (one with a trading fee) and a partial sale', () => {
    const r = positionsAt(
      input([
        mv({ date: '2024-01-02', cause: 'DEPOSIT', amount: 5000 }),
        buy('2024-01-03', SHARE.id, 100, 10, 1000),
        tradeFee('2024-01-03', SHARE.id, 5),
        buy('2024-02-01', SHARE.id, 100, 12, 1200),
        sell('2024-03-01', SHARE.id, 50, 15, 750),
      ]),
      '2024-03-31',
    );
    const line = lineOf(r, SHARE.id);
    // Book cost 1,000 + 5 + 1,200 = 2,205 for 200 units: pmc 11.025; pms (1,000 + 1,200) / 200 = 11.
    expect(line.quantity).toBe(150);
    expect(line.pmc).toBe(11.025);
    expect(line.pms).toBe(11);
    expect(line.pmcCcy).toBe(11.025);
    // Realised: 750 - 50 x 11.025 = 198.75; held book cost 150 x 11.025 = 1,653.75.
    expect(line.cgAccomplished).toBe(198.75);
    expect(line.cmc).toBe(1653.75);
    expect(line.loadAccrual).toBe(0);
    expect(line.currentAccrual).toBe(0);
    // Cash: 5,000 - 1,000 - 5 - 1,200 + 750 = 3,545.
    expect(r.cash.find((c) => c.accountId === CASH.id)!.balance).toBe(3545);
    expect(r.warnings).toEqual([]);
  });

  test('a USD share settled in EUR: book values in EUR at the trade-date FX, report prices in USD', () => {
    const fx = [
      {
        currency: 'USD',
        points: [
          { date: '2024-01-02', rate: 1.2 },
          { date: '2024-02-01', rate: 1.25 },
        ],
      },
    ];
    const r = positionsAt(
      input(
        [
          buy('2024-01-02', US_SHARE.id, 10, 150, 1500, { currency: 'USD' }),
          tradeFee('2024-01-02', US_SHARE.id, 5),
          sell('2024-02-01', US_SHARE.id, 4, 160, 640, { currency: 'USD' }),
          tradeFee('2024-02-01', US_SHARE.id, 3),
        ],
        { fx },
      ),
      '2024-02-01',
    );
    const line = lineOf(r, US_SHARE.id);
    // Bought 1,500 USD / 1.2 = 1,250 EUR + fee 5 EUR = 1,255 for 10: pmc 125.5 EUR; pms 125 EUR.
    // In USD: 1,500 + 5 x 1.2 = 1,506 for 10: pmcCcy 150.6; pmsCcy 150.
    expect(line.pmc).toBe(125.5);
    expect(line.pms).toBe(125);
    expect(line.pmcCcy).toBe(150.6);
    expect(line.pmsCcy).toBe(150);
    // Sold 4: 640 USD / 1.25 = 512 EUR - fee 3 - 4 x 125.5 = 7.
    expect(line.cgAccomplished).toBe(7);
    expect(line.quantity).toBe(6);
    expect(line.cmc).toBe(753); // 6 x 125.5
    // EUR cash: -1,250 - 5 + 512 - 3 = -746.
    expect(r.cash.find((c) => c.accountId === CASH.id)!.balance).toBe(-746);
  });

  test('a bond: quantity is nominal, prices per 100, accrued interest at purchase and at the date', () => {
    const movements = [
      buy('2024-03-01', BTP.id, 10_000, 98.5, 9850),
      mv({
        date: '2024-06-01',
        cause: 'COUPON',
        accountId: CUSTODY.id,
        offsetAccountId: CASH.id,
        instrumentId: BTP.id,
        amount: 110,
      }),
    ];
    const april = lineOf(positionsAt(input(movements), '2024-04-01'), BTP.id);
    expect(april.quantity).toBe(10_000);
    expect(april.pmc).toBe(98.5); // per 100 of nominal, like the price
    expect(april.cmc).toBe(9850); // 10,000 x 98.5 / 100
    // Period 2023-12-01 .. 2024-06-01 = 183 days. At purchase (2024-03-01) 91 days in: 110 x 91 / 183 = 54.70.
    expect(april.loadAccrual).toBe(54.7);
    // On 2024-04-01, 122 days in: 110 x 122 / 183 = 73.33.
    expect(april.currentAccrual).toBe(73.33);
    const june = lineOf(positionsAt(input(movements), '2024-06-01'), BTP.id);
    expect(june.accrualCouponDividend).toBe(110);
    expect(june.currentAccrual).toBe(0); // a coupon date: the accrual restarts
    expect(june.loadAccrual).toBe(54.7); // what was paid at purchase, kept while held
  });

  test('accruedInterest: ICMA actual/actual per period, zero without coupon data or from maturity', () => {
    // JSDoc example: 10,000 x 0.022 / 2 x 91 / 183 = 54.699...
    expect(accruedInterest(BTP, 10_000, '2024-03-01')).toBeCloseTo((110 * 91) / 183, 10);
    // Second half: 2024-06-01 .. 2024-12-01 = 183 days; on 2024-09-01, 92 days in: 110 x 92 / 183.
    expect(accruedInterest(BTP, 10_000, '2024-09-01')).toBeCloseTo((110 * 92) / 183, 10);
    // Before the first coupon date the schedule extends backwards: 2017-06-01 .. 2017-12-01 (183 days), 2017-09-01 is 92 in.
    expect(accruedInterest(BTP, 10_000, '2017-09-01')).toBeCloseTo((110 * 92) / 183, 10);
    expect(accruedInterest(BTP, 10_000, '2024-12-01')).toBe(0);
    expect(accruedInterest(BTP, 10_000, '2027-06-01')).toBe(0);
    expect(accruedInterest(SHARE, 100, '2024-03-01')).toBe(0);
    // Month-end schedules clamp: first coupon 2023-08-31 quarterly -> 2023-11-30, 2024-02-29, 2024-05-31.
    const q = { ...BTP, couponFrequency: 4 as const, couponRate: 0.04, firstCouponDate: '2023-08-31' };
    // 2024-03-10: period 2024-02-29 .. 2024-05-31 (92 days), 10 days in: 1,000 x 0.04 / 4 x 10 / 92.
    expect(accruedInterest(q, 1000, '2024-03-10')).toBeCloseTo((10 * 10) / 92, 10);
  });

  test('selling more than held clamps to the holding and warns instead of throwing', () => {
    const r = positionsAt(
      input([buy('2024-01-02', SHARE.id, 10, 10, 100), sell('2024-01-03', SHARE.id, 15, 12, 180)]),
      '2024-01-31',
    );
    const line = lineOf(r, SHARE.id);
    expect(line.quantity).toBe(0);
    expect(line.cmc).toBe(0);
    expect(line.pmc).toBe(0);
    // Proceeds attributed to the 10 held: 180 x 10 / 15 = 120; realised 120 - 100 = 20.
    expect(line.cgAccomplished).toBe(20);
    expect(r.warnings.map((w) => w.code)).toEqual(['OVERSOLD']);
    // The cash still receives the whole amount: -100 + 180 = 80.
    expect(r.cash.find((c) => c.accountId === CASH.id)!.balance).toBe(80);
  });

  test('same-day order is the input order; dates sort the rest', () => {
    const r = positionsAt(
      input([
        sell('2024-01-05', SHARE.id, 5, 10, 50),
        buy('2024-01-05', SHARE.id, 5, 10, 50),
        buy('2024-01-04', SHARE.id, 1, 10, 10),
      ]),
      '2024-01-31',
    );
    // 01-04 buy 1; 01-05 sell 5 (clamped to 1, warning), then buy 5: 5 left.
    expect(lineOf(r, SHARE.id).quantity).toBe(5);
    expect(r.warnings.map((w) => w.code)).toEqual(['OVERSOLD']);
  });

  test('movements after the date do not count', () => {
    const movements = [buy('2024-01-02', SHARE.id, 10, 10, 100), buy('2024-02-02', SHARE.id, 10, 20, 200)];
    expect(lineOf(positionsAt(input(movements), '2024-02-01'), SHARE.id).quantity).toBe(10);
    expect(lineOf(positionsAt(input(movements), '2024-02-02'), SHARE.id).quantity).toBe(20);
    expect(lineOf(positionsAt(input(movements), '2024-02-02'), SHARE.id).pmc).toBe(15);
    expect(positionsAt(input(movements), '2024-01-01').lines).toEqual([]);
  });

  test('fee link rule: same date, same instrument, FEE NEGOZIAZIONE; shared pro rata between trades', () => {
    const OTHER_CUSTODY = account(3, 'CUSTODIA_TITOLI');
    const r = positionsAt(
      input(
        [
          buy('2024-01-02', SHARE.id, 10, 10, 100),
          buy('2024-01-02', SHARE.id, 30, 10, 300, { accountId: OTHER_CUSTODY.id }),
          tradeFee('2024-01-02', SHARE.id, 8), // 2 to the first (100/400), 6 to the second (300/400)
          tradeFee('2024-01-03', SHARE.id, 50), // another day: a plain cost
          mv({ date: '2024-01-02', cause: 'FEE', subcause: 'GESTIONE', instrumentId: SHARE.id, amount: 40 }),
          mv({ date: '2024-01-02', cause: 'FEE', instrumentId: SHARE.id, amount: 30 }), // Altro
          tradeFee('2024-01-02', US_SHARE.id, 20), // another instrument with no trade
        ],
        { accounts: [CASH, CUSTODY, OTHER_CUSTODY] },
      ),
      '2024-01-31',
    );
    expect(lineOf(r, SHARE.id).cmc).toBe(102); // 100 + 2
    expect(lineOf(r, SHARE.id, OTHER_CUSTODY.id).cmc).toBe(306); // 300 + 6
    expect(lineOf(r, SHARE.id).pmc).toBe(10.2);
    expect(lineOf(r, SHARE.id).pms).toBe(10);
    // Every fee still leaves the cash: -100 - 300 - 8 - 50 - 40 - 30 - 20 = -548.
    expect(r.cash.find((c) => c.accountId === CASH.id)!.balance).toBe(-548);
  });

  test('securities transfers move quantity at book cost = amount, without cash or realised gain', () => {
    const r = positionsAt(
      input([
        mv({
          date: '2024-01-02',
          cause: 'TRANSFER_IN',
          accountId: CUSTODY.id,
          instrumentId: SHARE.id,
          quantity: 50,
          amount: 1000,
        }),
        mv({
          date: '2024-01-03',
          cause: 'TRANSFER_OUT',
          accountId: CUSTODY.id,
          instrumentId: SHARE.id,
          quantity: 20,
          amount: 500,
        }),
        mv({ date: '2024-01-04', cause: 'TRANSFER_IN', amount: 300 }), // money
      ]),
      '2024-01-31',
    );
    const line = lineOf(r, SHARE.id);
    expect(line.quantity).toBe(30);
    expect(line.pmc).toBe(20); // 1,000 / 50
    expect(line.cmc).toBe(600); // 30 x 20
    expect(line.cgAccomplished).toBe(0);
    expect(r.cash.find((c) => c.accountId === CUSTODY.id)!.balance).toBe(0);
    expect(r.cash.find((c) => c.accountId === CASH.id)!.balance).toBe(300);
  });

  test('cash signs by cause, on offsetAccountId ?? accountId, converted to the account currency', () => {
    const USD_CASH = account(4, 'CONTO_CORRENTE', 'USD');
    const r = positionsAt(
      input(
        [
          mv({ date: '2024-01-02', cause: 'DEPOSIT', amount: 1000 }),
          mv({ date: '2024-01-02', cause: 'TRANSFER_IN', amount: 200 }),
          mv({ date: '2024-01-02', cause: 'INTEREST', amount: 3 }),
          mv({ date: '2024-01-02', cause: 'WITHDRAWAL', amount: 100 }),
          mv({ date: '2024-01-02', cause: 'TRANSFER_OUT', amount: 50 }),
          mv({ date: '2024-01-02', cause: 'FEE', subcause: 'CONTO_CORRENTE', amount: 7.5 }),
          mv({ date: '2024-01-02', cause: 'TAX', amount: 1.5 }),
          mv({ date: '2024-01-02', cause: 'FEE', subcause: 'DEPOSITO_TITOLI', accountId: CUSTODY.id, amount: 12 }),
          mv({ date: '2024-01-02', cause: 'DEPOSIT', accountId: USD_CASH.id, amount: 100 }), // EUR into a USD account
        ],
        {
          accounts: [CASH, CUSTODY, USD_CASH],
          fx: [{ currency: 'USD', points: [{ date: '2024-01-01', rate: 1.1 }] }],
        },
      ),
      '2024-01-02',
    );
    const cash = (id: number) => r.cash.find((c) => c.accountId === id)!;
    // 1,000 + 200 + 3 - 100 - 50 - 7.5 - 1.5 = 1,044.
    expect(cash(CASH.id).balance).toBe(1044);
    expect(cash(CUSTODY.id).balance).toBe(-12);
    // 100 EUR x 1.1 = 110 USD, 100 EUR at the date's FX.
    expect(cash(USD_CASH.id)).toEqual({ accountId: USD_CASH.id, currency: 'USD', balance: 110, balanceEur: 100 });
  });

  test('income: on its (account, instrument) line, else on the first line of the instrument, else on the cash', () => {
    const r = positionsAt(
      input([
        buy('2024-01-02', SHARE.id, 10, 10, 100),
        mv({
          date: '2024-02-01',
          cause: 'DIVIDEND',
          accountId: CUSTODY.id,
          offsetAccountId: CASH.id,
          instrumentId: SHARE.id,
          amount: 4,
        }),
        mv({ date: '2024-02-02', cause: 'DIVIDEND', accountId: CASH.id, instrumentId: SHARE.id, amount: 6 }),
        mv({ date: '2024-02-03', cause: 'DIVIDEND', accountId: CASH.id, instrumentId: US_SHARE.id, amount: 1 }),
      ]),
      '2024-02-28',
    );
    expect(r.lines).toHaveLength(1);
    expect(lineOf(r, SHARE.id).accrualCouponDividend).toBe(10);
    expect(r.cash.find((c) => c.accountId === CASH.id)!.balance).toBe(-100 + 4 + 6 + 1);
  });

  test('a trade without amount is quantity x price / priceUnit; unknown instruments and accounts warn', () => {
    const r = positionsAt(
      input([
        buy('2024-01-02', BTP.id, 5000, 99, 0),
        buy('2024-01-02', 999, 1, 1, 1),
        mv({ date: '2024-01-02', cause: 'DEPOSIT', accountId: 77, amount: 5 }),
        buy('2024-01-02', SHARE.id, 1, 1, 1, { quantity: null }),
      ]),
      '2024-01-02',
    );
    expect(lineOf(r, BTP.id).cmc).toBe(4950); // 5,000 x 99 / 100
    expect(r.warnings.map((w) => w.code).sort()).toEqual(['MISSING_QUANTITY', 'UNKNOWN_ACCOUNT', 'UNKNOWN_INSTRUMENT']);
    expect(r.cash.find((c) => c.accountId === 77)!.balance).toBe(5);
    // The cash pays all three trades: -4,950 - 1 - 1.
    expect(r.cash.find((c) => c.accountId === CASH.id)!.balance).toBe(-4952);
  });
});

describe('positions: the replay pieces', () => {
  test('prepareMovements: worked example of the JSDoc (date order, fee shares)', () => {
    const warnings: unknown[] = [];
    const fee = tradeFee('2024-01-02', SHARE.id, 8);
    const big = buy('2024-01-02', SHARE.id, 30, 10, 300);
    const small = buy('2024-01-02', SHARE.id, 10, 10, 100);
    const deposit = mv({ date: '2024-01-01', cause: 'DEPOSIT', amount: 1000 });
    const prepared = prepareMovements(input([fee, big, small, deposit]), new Market([], []), (w) => warnings.push(w));
    expect(prepared.map((p) => p.movement.id)).toEqual([deposit.id, fee.id, big.id, small.id]);
    expect(prepared[1]!.linkedFee).toBe(true);
    expect(prepared[2]!.linkedFeeEur).toBe(6); // 8 x 300 / 400
    expect(prepared[3]!.linkedFeeEur).toBe(2); // 8 x 100 / 400
    expect(prepared.map((p) => [p.securities, p.cashSign])).toEqual([
      [0, 1],
      [0, -1],
      [1, -1],
      [1, -1],
    ]);
    expect(warnings).toEqual([]);
  });

  test('Ledger: worked example of the JSDoc (a purchase paid by the cash account)', () => {
    const market = new Market([], []);
    const ledger = new Ledger([CASH, CUSTODY], market, () => {});
    const [p] = prepareMovements(input([buy('2024-01-02', SHARE.id, 10, 100, 1000)]), market, () => {});
    const effect = ledger.apply(p!);
    expect(ledger.lines.get(`${CUSTODY.id}:${SHARE.id}`)!.quantity).toBe(10);
    expect(ledger.cash.get(CASH.id)!.balance).toBe(-1000);
    expect(effect).toMatchObject({ lineIn: 1000, lineOut: 0, cashIn: 0, cashOut: 1000, extIn: 0, extOut: 0 });
  });

  test('roundPosition: worked example of the JSDoc', () => {
    const p = roundPosition({
      accountId: 1,
      instrumentId: 2,
      quantity: 1.23456,
      pmc: 11.02549,
      pmcCcy: 11.02549,
      pms: 11,
      pmsCcy: 11,
      cmc: 1653.755,
      cgAccomplished: -0.125,
      accrualCouponDividend: 0,
      loadAccrual: 54.699,
      currentAccrual: 0,
    });
    expect([p.quantity, p.pmc, p.cmc, p.cgAccomplished, p.loadAccrual]).toEqual([1.235, 11.0255, 1653.76, -0.13, 54.7]);
  });
});
