import { describe, expect, test } from 'vitest';
import { timeWeightedReturn } from './returns.ts';
import { account, BTP, CASH, CUSTODY, mv, SHARE, US_SHARE } from './test-fixtures.ts';
import type { Movement, PortfolioInput } from './types.ts';
import { toDailyPoints, type ValueSeries, valuePortfolio } from './valuation.ts';

const trade = (
  cause: 'BUY' | 'SELL',
  date: string,
  instrumentId: number,
  quantity: number,
  price: number,
  amount: number,
) => mv({ date, cause, accountId: CUSTODY.id, offsetAccountId: CASH.id, instrumentId, quantity, price, amount });
const closes = (instrumentId: number, points: Array<[string, number]>) => ({
  instrumentId,
  points: points.map(([date, price]) => ({ date, price })),
});
const input = (movements: Movement[], extra?: Partial<PortfolioInput>): PortfolioInput => ({
  accounts: [CASH, CUSTODY],
  instruments: [SHARE, US_SHARE, BTP],
  movements,
  prices: [],
  fx: [],
  ...extra,
});
const arr = (a: Float64Array) => [...a].map((x) => Math.round(x * 1e6) / 1e6);
const flows = (s: ValueSeries) => ({ value: arr(s.value), inflow: arr(s.inflow), outflow: arr(s.outflow) });

describe('valuation: end of day, every calendar day', () => {
  test('worked example of the JSDoc: a deposit, a purchase, a price rise', () => {
    const v = valuePortfolio(
      input(
        [
          mv({ date: '2024-01-02', cause: 'DEPOSIT', amount: 10_000 }),
          trade('BUY', '2024-01-03', SHARE.id, 100, 50, 5000),
        ],
        {
          prices: [
            closes(SHARE.id, [
              ['2024-01-03', 50],
              ['2024-01-04', 55],
            ]),
          ],
        },
      ),
      { start: '2024-01-01', end: '2024-01-04' },
    );
    expect(v.dates).toEqual(['2024-01-01', '2024-01-02', '2024-01-03', '2024-01-04']);
    // 2024-01-04: cash 10,000 - 5,000 + 100 x 55 = 10,500.
    expect(flows(v.portfolio)).toEqual({
      value: [0, 10_000, 10_000, 10_500],
      inflow: [0, 10_000, 0, 0],
      outflow: [0, 0, 0, 0],
    });
    expect(v.lines).toHaveLength(1);
    expect(flows(v.lines[0]!.series)).toEqual({
      value: [0, 0, 5000, 5500],
      inflow: [0, 0, 5000, 0],
      outflow: [0, 0, 0, 0],
    });
    expect(v.lines[0]!.endPrice).toBe(55);
    // The cash pays the line: its flows are the deposit in and the purchase out.
    const cash = v.cash.find((c) => c.account.id === CASH.id)!;
    expect(flows(cash.series)).toEqual({
      value: [0, 10_000, 5000, 5000],
      inflow: [0, 10_000, 0, 0],
      outflow: [0, 0, 5000, 0],
    });
    // Accounts: the custody account receives 5,000 of securities from the cash account.
    const custody = v.accounts.find((a) => a.account.id === CUSTODY.id)!;
    expect(flows(custody.series)).toEqual({
      value: [0, 0, 5000, 5500],
      inflow: [0, 0, 5000, 0],
      outflow: [0, 0, 0, 0],
    });
    // Classes: Equity is the line; Alternative and Bond are empty but present, in order.
    expect(v.macroAssetClasses.map((m) => m.name)).toEqual(['Equity', 'Alternative', 'Bond']);
    expect(arr(v.macroAssetClasses[0]!.series.value)).toEqual([0, 0, 5000, 5500]);
    expect(arr(v.macroAssetClasses[2]!.series.value)).toEqual([0, 0, 0, 0]);
    expect(v.assetClasses.map((c) => c.name)).toEqual(['Azioni Italia']);
    // Portfolio TWR: 10,000 / 10,000 on the deposit day (inflow at the start), then 10,500 / 10,000 = +5%.
    expect(timeWeightedReturn(toDailyPoints(v.dates, v.portfolio)).cumulative).toBeCloseTo(0.05, 12);
    expect(v.warnings).toEqual([]);
  });

  test('before the first close the trade price values the line; closes carry forward over gaps', () => {
    const v = valuePortfolio(
      input([trade('BUY', '2024-01-02', SHARE.id, 10, 20, 200)], {
        prices: [
          closes(SHARE.id, [
            ['2024-01-04', 22],
            ['2024-01-08', 25],
          ]),
        ],
      }),
      { start: '2024-01-01', end: '2024-01-08' },
    );
    // 01-02 and 01-03 at the trade price 20; 01-04..01-07 at 22; 01-08 at 25.
    expect(arr(v.lines[0]!.series.value)).toEqual([0, 200, 200, 220, 220, 220, 220, 250]);
  });

  test('bonds are valued per 100 of nominal; clean price, accruals apart', () => {
    const v = valuePortfolio(
      input([trade('BUY', '2024-03-01', BTP.id, 10_000, 98.5, 9850)], {
        prices: [closes(BTP.id, [['2024-03-01', 99]])],
      }),
      { start: '2024-02-29', end: '2024-04-01' },
    );
    const line = v.lines[0]!;
    expect(line.series.value[1]).toBe(9900); // 10,000 x 99 / 100
    expect(line.series.value.at(-1)).toBe(9900);
    // 110 x 122 / 183 = 73.33 accrued on 2024-04-01, reported apart from the value.
    expect(line.end.currentAccrual).toBeCloseTo((110 * 122) / 183, 10);
    expect(line.end.loadAccrual).toBeCloseTo((110 * 91) / 183, 10);
  });

  test('USD: lines and USD cash are valued at each day’s FX; flows at their date’s FX', () => {
    const USD_CASH = account(3, 'CONTO_CORRENTE', 'USD');
    const v = valuePortfolio(
      input(
        [
          mv({ date: '2024-01-02', cause: 'DEPOSIT', accountId: USD_CASH.id, currency: 'USD', amount: 1200 }),
          mv({
            date: '2024-01-02',
            cause: 'BUY',
            accountId: CUSTODY.id,
            offsetAccountId: USD_CASH.id,
            currency: 'USD',
            instrumentId: US_SHARE.id,
            quantity: 10,
            price: 60,
            amount: 600,
          }),
        ],
        {
          accounts: [CASH, CUSTODY, USD_CASH],
          prices: [closes(US_SHARE.id, [['2024-01-02', 60]])],
          fx: [
            {
              currency: 'USD',
              points: [
                { date: '2024-01-02', rate: 1.2 },
                { date: '2024-01-03', rate: 1.25 },
              ],
            },
          ],
        },
      ),
      { start: '2024-01-01', end: '2024-01-03' },
    );
    // 01-02: 600 USD / 1.2 = 500 EUR of shares + 600 USD / 1.2 = 500 EUR of cash; 01-03 at 1.25: 480 + 480.
    expect(arr(v.portfolio.value)).toEqual([0, 1000, 960]);
    expect(arr(v.portfolio.inflow)).toEqual([0, 1000, 0]); // 1,200 USD / 1.2
    expect(arr(v.lines[0]!.series.value)).toEqual([0, 500, 480]);
    expect(arr(v.lines[0]!.series.inflow)).toEqual([0, 500, 0]);
    const usdCash = v.cash.find((c) => c.account.id === USD_CASH.id)!;
    expect(usdCash.endBalance).toBe(600);
    expect(arr(usdCash.series.value)).toEqual([0, 500, 480]);
  });

  test('line flows: purchases with fees in; proceeds, coupons and dividends out; interest, fees and taxes stay in the cash', () => {
    const v = valuePortfolio(
      input(
        [
          mv({ date: '2024-01-01', cause: 'DEPOSIT', amount: 20_000 }),
          trade('BUY', '2024-01-02', SHARE.id, 100, 50, 5000),
          mv({ date: '2024-01-02', cause: 'FEE', subcause: 'NEGOZIAZIONE', instrumentId: SHARE.id, amount: 5 }),
          mv({
            date: '2024-01-03',
            cause: 'DIVIDEND',
            accountId: CUSTODY.id,
            offsetAccountId: CASH.id,
            instrumentId: SHARE.id,
            amount: 30,
          }),
          mv({ date: '2024-01-03', cause: 'TAX', instrumentId: SHARE.id, amount: 7.8 }),
          trade('SELL', '2024-01-04', SHARE.id, 40, 60, 2400),
          mv({ date: '2024-01-04', cause: 'FEE', subcause: 'NEGOZIAZIONE', instrumentId: SHARE.id, amount: 4 }),
          mv({ date: '2024-01-04', cause: 'INTEREST', amount: 2 }),
          mv({ date: '2024-01-04', cause: 'FEE', subcause: 'CONTO_CORRENTE', amount: 7.5 }),
        ],
        {
          prices: [
            closes(SHARE.id, [
              ['2024-01-02', 50],
              ['2024-01-04', 60],
            ]),
          ],
        },
      ),
      { start: '2024-01-01', end: '2024-01-04' },
    );
    const line = v.lines[0]!;
    // In: 5,000 + 5 on the 2nd, the sale's fee 4 on the 4th. Out: dividend 30 on the 3rd, proceeds 2,400 on the 4th.
    expect(flows(line.series)).toEqual({
      value: [0, 5000, 5000, 3600], // 60 x 60 left on the 4th
      inflow: [0, 5005, 0, 4],
      outflow: [0, 0, 30, 2400],
    });
    // Realised on the sale: 2,400 - 4 - 40 x 50.05 = 394.
    expect(line.end.cgAccomplished).toBeCloseTo(394, 10);
    expect(line.startRealised).toBe(0);
    const cash = v.cash.find((c) => c.account.id === CASH.id)!;
    // Cash: 20,000 - 5,000 - 5 + 30 - 7.8 + 2,400 - 4 + 2 - 7.5 = 17,407.7; interest 2 is its own income.
    expect(cash.endBalance).toBeCloseTo(17_407.7, 9);
    expect(cash.periodIncome).toBe(2);
    expect(flows(cash.series)).toEqual({
      value: [20_000, 14_995, 15_017.2, 17_407.7],
      inflow: [20_000, 0, 30, 2400],
      outflow: [0, 5005, 0, 4],
    });
    // The portfolio's performance is the sum of the line's and the cash's: 3,600 + 17,407.7 - 20,000 = 1,007.7.
    const perf = (s: ValueSeries) => {
      let p = s.value.at(-1)! - s.value[0]!;
      for (let i = 1; i < s.value.length; i++) p += s.outflow[i]! - s.inflow[i]!;
      return p;
    };
    // From the end of 01-01 (value 20,000): line 3,600 - 0 - 5,009 + 2,430 = 1,021; cash 17,407.7 - 20,000 + 5,009 - 2,430 = -13.3.
    expect(perf(line.series)).toBeCloseTo(1021, 9);
    expect(perf(cash.series)).toBeCloseTo(-13.3, 9);
    expect(perf(v.portfolio)).toBeCloseTo(1007.7, 9);
  });

  test('accounts net their flows per day: a trade settled inside one account is no flow', () => {
    const v = valuePortfolio(
      input([
        mv({ date: '2024-01-02', cause: 'DEPOSIT', accountId: CUSTODY.id, amount: 1000 }),
        mv({
          date: '2024-01-03',
          cause: 'BUY',
          accountId: CUSTODY.id,
          instrumentId: SHARE.id,
          quantity: 10,
          price: 50,
          amount: 500,
        }),
      ]),
      { start: '2024-01-01', end: '2024-01-03' },
    );
    const custody = v.accounts.find((a) => a.account.id === CUSTODY.id)!;
    expect(flows(custody.series)).toEqual({ value: [0, 1000, 1000], inflow: [0, 1000, 0], outflow: [0, 0, 0] });
    expect(arr(custody.stockValue)).toEqual([0, 0, 500]);
    expect(arr(custody.cashValue)).toEqual([0, 1000, 500]);
  });

  test('securities transfers are external flows at their amount', () => {
    const v = valuePortfolio(
      input(
        [
          mv({
            date: '2024-01-02',
            cause: 'TRANSFER_IN',
            accountId: CUSTODY.id,
            instrumentId: SHARE.id,
            quantity: 10,
            amount: 480,
          }),
          mv({
            date: '2024-01-03',
            cause: 'TRANSFER_OUT',
            accountId: CUSTODY.id,
            instrumentId: SHARE.id,
            quantity: 10,
            amount: 510,
          }),
        ],
        { prices: [closes(SHARE.id, [['2024-01-01', 50]])] },
      ),
      { start: '2024-01-01', end: '2024-01-03' },
    );
    expect(flows(v.portfolio)).toEqual({ value: [0, 500, 0], inflow: [0, 480, 0], outflow: [0, 0, 510] });
    expect(flows(v.lines[0]!.series)).toEqual({ value: [0, 500, 0], inflow: [0, 480, 0], outflow: [0, 0, 510] });
  });

  test('movements before the start open the period; the start day’s own movements are in its opening value', () => {
    const movements = [
      mv({ date: '2023-12-01', cause: 'DEPOSIT', amount: 1000 }),
      trade('BUY', '2023-12-15', SHARE.id, 10, 40, 400),
      mv({ date: '2024-01-01', cause: 'DEPOSIT', amount: 100 }),
      trade('SELL', '2024-01-01', SHARE.id, 5, 50, 250),
      mv({ date: '2024-01-02', cause: 'DEPOSIT', amount: 10 }),
    ];
    const v = valuePortfolio(input(movements, { prices: [closes(SHARE.id, [['2023-12-29', 50]])] }), {
      start: '2024-01-01',
      end: '2024-01-02',
    });
    // Start: cash 1,000 - 400 + 100 + 250 = 950, shares 5 x 50 = 250: 1,200; then +10.
    expect(arr(v.portfolio.value)).toEqual([1200, 1210]);
    // The start day's sale realised 250 - 5 x 40 = 50 before the period: startRealised carries it.
    expect(v.lines[0]!.startRealised).toBe(50);
    expect(v.lines[0]!.end.cgAccomplished).toBe(50);
  });

  test('a missing FX currency or price is a warning, not an exception', () => {
    const v = valuePortfolio(
      input([
        mv({
          date: '2024-01-02',
          cause: 'TRANSFER_IN',
          accountId: CUSTODY.id,
          currency: 'CHF',
          instrumentId: SHARE.id,
          quantity: 1,
          amount: 0,
        }),
      ]),
      { start: '2024-01-01', end: '2024-01-02' },
    );
    expect(v.warnings.map((w) => w.code).sort()).toEqual(['MISSING_FX', 'MISSING_PRICE']);
    // A CHF share bought in CHF with no CHF rate: one MISSING_FX, though the movement and the line both need it.
    const chf = { ...SHARE, id: 20, isin: 'CH0000000020', currency: 'CHF' };
    const w = valuePortfolio(
      input(
        [
          mv({
            date: '2024-01-02',
            cause: 'BUY',
            accountId: CUSTODY.id,
            currency: 'CHF',
            instrumentId: 20,
            quantity: 1,
            price: 5,
            amount: 5,
          }),
        ],
        {
          instruments: [chf],
        },
      ),
      { start: '2024-01-01', end: '2024-01-02' },
    );
    expect(w.warnings.map((x) => x.code)).toEqual(['MISSING_FX']);
    expect(w.lines[0]!.series.value[1]).toBe(5); // read as 1 CHF per euro
    expect(() => valuePortfolio(input([]), { start: '2024-01-02', end: '2024-01-01' })).toThrow(RangeError);
  });

  test('toDailyPoints: the JSDoc example and a slice', () => {
    const s: ValueSeries = {
      value: Float64Array.from([0, 100, 150]),
      inflow: Float64Array.from([0, 100, 0]),
      outflow: Float64Array.from([0, 0, 0]),
    };
    const dates = ['2024-01-01', '2024-01-02', '2024-01-03'];
    expect(toDailyPoints(dates, s, 0, 1)).toEqual([
      { date: '2024-01-01', value: 0, inflow: 0, outflow: 0 },
      { date: '2024-01-02', value: 100, inflow: 100, outflow: 0 },
    ]);
    expect(toDailyPoints(dates, s, 2)).toEqual([{ date: '2024-01-03', value: 150, inflow: 0, outflow: 0 }]);
  });
});
