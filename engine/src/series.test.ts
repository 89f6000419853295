// A period read from a valuation series is valuePortfolio's own valuation of it, field by field (floats exactly
// equal), over random portfolios without warnings (those are valued anew, never read from a series).
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { addDays } from './calendar.ts';
import { compositionsOf } from './compositions.ts';
import {
  dailyFigures,
  periodValuation,
  resumedSeries,
  seriesCovers,
  seriesFromFigures,
  valuationSeries,
} from './series.ts';
import type { Account, Instrument, Movement, PortfolioInput } from './types.ts';
import { valuePortfolio } from './valuation.ts';

// The year end inside the range: periods after it start their replay from its checkpoint.
const BASE = '2023-11-15';
const account = (id: number, accountType: Account['accountType'], currency = 'EUR'): Account => ({
  id,
  name: `Account ${id}`,
  accountType,
  currency,
  intermediaryId: id,
  intermediaryName: `Banca ${id}`,
  ownerId: 1,
  ownerName: 'Rossi',
});
const CASH = account(1, 'CONTO_CORRENTE');
const CUSTODY = account(2, 'CUSTODIA_TITOLI');
const USD_CASH = account(3, 'CONTO_CORRENTE', 'USD');
const share = (id: number, currency: string, assetClass: string, macro: Instrument['macroAssetClass']): Instrument => ({
  id,
  isin: `XX${id}`,
  name: `Instrument ${id}`,
  currency,
  assetClass,
  macroAssetClass: macro,
  priceUnit: 1,
});
const INSTRUMENTS: Instrument[] = [
  share(10, 'EUR', 'Azioni Italia', 'Equity'),
  share(11, 'USD', 'Azioni USA', 'Equity'),
  {
    ...share(12, 'EUR', 'Governativi', 'Bond'),
    priceUnit: 100,
    couponRate: 0.03,
    couponFrequency: 2,
    firstCouponDate: '2020-03-15',
    maturityDate: '2030-03-15',
  },
  share(13, 'EUR', 'Materie prime', 'Alternative'),
];

const opArb = fc.record({
  day: fc.integer({ min: 0, max: 90 }),
  kind: fc.constantFrom('DEPOSIT', 'WITHDRAWAL', 'BUY', 'SELL', 'COUPON', 'DIVIDEND', 'INTEREST', 'FEE', 'TAX'),
  instrument: fc.integer({ min: 0, max: INSTRUMENTS.length - 1 }),
  quantity: fc.integer({ min: 1, max: 50 }),
  price: fc.integer({ min: 100, max: 20_000 }).map((c) => c / 100),
  amount: fc.integer({ min: 100, max: 500_000 }).map((c) => c / 100),
  usdCash: fc.boolean(),
});
const pointsArb = fc.array(
  fc.record({ day: fc.integer({ min: -5, max: 100 }), value: fc.integer({ min: 50, max: 200 }) }),
  {
    minLength: 1,
    maxLength: 15,
  },
);

/** Random portfolios whose sales never exceed what is held (no OVERSOLD warning). */
const inputArb = fc
  .record({
    ops: fc.array(opArb, { minLength: 1, maxLength: 80 }),
    prices: fc.tuple(...INSTRUMENTS.map(() => pointsArb)),
    usd: pointsArb,
  })
  .map(({ ops, prices, usd }) => {
    const held = new Map<number, number>();
    const movements: Movement[] = [];
    const sorted = [...ops].sort((a, b) => a.day - b.day);
    sorted.forEach((op, i) => {
      const inst = INSTRUMENTS[op.instrument]!;
      const date = addDays(BASE, op.day);
      const cash = op.usdCash ? USD_CASH : CASH;
      const base = { id: i + 1, date, amount: op.amount, currency: cash.currency };
      if (op.kind === 'BUY' || op.kind === 'SELL') {
        const unit = inst.priceUnit === 100 ? 100 : 1;
        const have = held.get(inst.id) ?? 0;
        const selling = op.kind === 'SELL' && have >= op.quantity * unit;
        const quantity = op.quantity * unit;
        held.set(inst.id, have + (selling ? -quantity : quantity));
        movements.push({
          ...base,
          cause: selling ? 'SELL' : 'BUY',
          accountId: CUSTODY.id,
          offsetAccountId: cash.id,
          currency: inst.currency,
          instrumentId: inst.id,
          quantity,
          price: op.price,
          amount: Math.round((quantity * op.price * 100) / inst.priceUnit) / 100,
        });
        if (i % 3 === 0)
          movements.push({
            ...base,
            id: 1000 + i,
            cause: 'FEE',
            subcause: 'NEGOZIAZIONE',
            accountId: cash.id,
            instrumentId: inst.id,
            amount: 2.5,
          });
        return;
      }
      if (op.kind === 'COUPON' || op.kind === 'DIVIDEND') {
        movements.push({
          ...base,
          cause: op.kind,
          accountId: CUSTODY.id,
          offsetAccountId: cash.id,
          instrumentId: inst.id,
        });
        return;
      }
      movements.push({
        ...base,
        cause: op.kind,
        accountId: cash.id,
        ...(op.kind === 'FEE' ? { subcause: 'GESTIONE' } : {}),
      });
    });
    const series = (points: Array<{ day: number; value: number }>) =>
      [...new Map(points.map((p) => [p.day, p.value])).entries()]
        .sort((a, b) => a[0] - b[0])
        .map(([day, value]) => ({ date: addDays(BASE, day), value }));
    const input: PortfolioInput = {
      accounts: [CASH, CUSTODY, USD_CASH],
      instruments: INSTRUMENTS,
      movements: movements.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0)),
      prices: INSTRUMENTS.map((inst, k) => ({
        instrumentId: inst.id,
        points: series(prices[k]!).map((p) => ({ date: p.date, price: p.value })),
      })),
      fx: [{ currency: 'USD', points: series(usd).map((p) => ({ date: p.date, rate: p.value / 100 })) }],
    };
    return input;
  });
const periodArb = fc.tuple(fc.integer({ min: -3, max: 100 }), fc.integer({ min: 0, max: 100 }));

describe('valuation series', () => {
  test('a period read from the series is valuePortfolio of the period, compositions included', () => {
    let read = 0;
    fc.assert(
      fc.property(inputArb, fc.array(periodArb, { minLength: 1, maxLength: 6 }), (input, periods) => {
        const range = { start: addDays(BASE, -3), end: addDays(BASE, 100) };
        const series = valuationSeries(input, range);
        for (const [start, length] of periods) {
          const period = { start: addDays(BASE, start), end: addDays(BASE, Math.min(100, start + length)) };
          const expected = valuePortfolio(input, period);
          const actual = periodValuation(series, period);
          if (actual === null) {
            // Only a series with warnings declines.
            expect(series.full.warnings.length).toBeGreaterThan(0);
            continue;
          }
          read++;
          expect(actual).toEqual(expected);
          expect(compositionsOf(actual)).toEqual(compositionsOf(expected));
        }
      }),
      { numRuns: 150 },
    );
    // The generator makes portfolios without warnings: the series must have answered most periods.
    expect(read).toBeGreaterThan(200);
  });

  test('a period outside the range, or a series with warnings, is not read from the series', () => {
    const movements: Movement[] = [
      { id: 1, accountId: 1, date: '2024-01-02', cause: 'DEPOSIT', currency: 'EUR', amount: 1000 },
      {
        id: 2,
        accountId: 2,
        offsetAccountId: 1,
        date: '2024-01-03',
        cause: 'SELL',
        currency: 'EUR',
        instrumentId: 10,
        quantity: 5,
        price: 10,
        amount: 50,
      },
    ];
    const input: PortfolioInput = {
      accounts: [CASH, CUSTODY],
      instruments: INSTRUMENTS,
      movements,
      prices: [],
      fx: [],
    };
    const clean = valuationSeries(
      { ...input, movements: movements.slice(0, 1) },
      { start: '2024-01-01', end: '2024-01-31' },
    );
    expect(seriesCovers(clean, { start: '2024-01-05', end: '2024-01-10' })).toBe(true);
    expect(periodValuation(clean, { start: '2023-12-31', end: '2024-01-10' })).toBeNull();
    expect(periodValuation(clean, { start: '2024-01-05', end: '2024-02-01' })).toBeNull();
    // Selling what is not held warns (OVERSOLD): the period is valued anew.
    const warned = valuationSeries(input, { start: '2024-01-01', end: '2024-01-31' });
    expect(warned.full.warnings.map((w) => w.code)).toContain('OVERSOLD');
    expect(periodValuation(warned, { start: '2024-01-05', end: '2024-01-10' })).toBeNull();
  });

  test('a series made again from its daily figures replays the movements only, and answers the same periods', () => {
    fc.assert(
      fc.property(inputArb, fc.array(periodArb, { minLength: 1, maxLength: 4 }), (input, periods) => {
        const range = { start: addDays(BASE, -3), end: addDays(BASE, 100) };
        const series = valuationSeries(input, range);
        const figures = dailyFigures(series);
        if (!figures) {
          expect(series.full.warnings.length).toBeGreaterThan(0);
          return;
        }
        const again = seriesFromFigures(input, figures);
        expect(again).not.toBeNull();
        expect(again!.daysValued).toBe(0);
        expect(again!.full).toEqual(series.full);
        for (const [start, length] of periods) {
          const period = { start: addDays(BASE, start), end: addDays(BASE, Math.min(100, start + length)) };
          expect(periodValuation(again!, period)).toEqual(periodValuation(series, period));
        }
      }),
      { numRuns: 100 },
    );
  });

  test('a series resumed from the first changed date is the whole valuation of the changed data', () => {
    let resumed = 0;
    fc.assert(
      fc.property(
        inputArb,
        inputArb,
        fc.integer({ min: 1, max: 100 }),
        fc.integer({ min: 0, max: 30 }),
        (a, b, from, longer) => {
          // The data of `a` before the change, of `b` (movements and prices) from it on; the range may end later.
          const changed = addDays(BASE, from);
          const before = <T extends { date: string }>(xs: ReadonlyArray<T>) => xs.filter((x) => x.date < changed);
          const after = <T extends { date: string }>(xs: ReadonlyArray<T>) => xs.filter((x) => x.date >= changed);
          const input: PortfolioInput = {
            ...a,
            movements: [...before(a.movements), ...after(b.movements).map((m) => ({ ...m, id: m.id + 10_000 }))],
            prices: a.prices.map((p, k) => ({
              instrumentId: p.instrumentId,
              points: [...before(p.points), ...after(b.prices[k]!.points)],
            })),
            fx: a.fx.map((f, k) => ({
              currency: f.currency,
              points: [...before(f.points), ...after(b.fx[k]!.points)],
            })),
          };
          const stored = { start: addDays(BASE, -3), end: addDays(BASE, 100) };
          const figures = dailyFigures(valuationSeries(a, stored));
          if (!figures) return;
          const range = { start: stored.start, end: addDays(BASE, 100 + longer) };
          const expected = valuationSeries(input, range);
          // Rates are back-filled before a currency's first rate: a change with none before it moves every day.
          const backFilled = a.fx.some((f) => before(f.points).length === 0);
          const actual = resumedSeries(input, figures, range, backFilled ? range.start : changed);
          expect(actual.full).toEqual(expected.full);
          if (actual.daysValued < expected.daysValued) resumed++;
          for (const period of [range, { start: changed, end: range.end }, { start: BASE, end: changed }]) {
            expect(periodValuation(actual, period)).toEqual(periodValuation(expected, period));
          }
        },
      ),
      { numRuns: 150 },
    );
    // Most changes leave days before them to keep (the rest are valued whole: warnings, a line gone).
    expect(resumed).toBeGreaterThan(50);
  });

  test('with no change, a longer range values only the days after the stored ones', () => {
    const input: PortfolioInput = {
      accounts: [CASH, CUSTODY],
      instruments: INSTRUMENTS,
      movements: [
        { id: 1, accountId: 1, date: '2024-01-02', cause: 'DEPOSIT', currency: 'EUR', amount: 1000 },
        {
          id: 2,
          accountId: 2,
          offsetAccountId: 1,
          date: '2024-01-03',
          cause: 'BUY',
          currency: 'EUR',
          instrumentId: 10,
          quantity: 5,
          price: 10,
          amount: 50,
        },
      ],
      prices: [
        {
          instrumentId: 10,
          points: [
            { date: '2024-01-03', price: 10 },
            { date: '2024-02-10', price: 12 },
          ],
        },
      ],
      fx: [],
    };
    const figures = dailyFigures(valuationSeries(input, { start: '2024-01-01', end: '2024-01-31' }))!;
    const range = { start: '2024-01-01', end: '2024-02-29' };
    const resumed = resumedSeries(input, figures, range, null);
    expect(resumed.daysValued).toBe(29);
    expect(resumed.full).toEqual(valuationSeries(input, range).full);
    // 5 shares at 12 on the last day, 950 in cash.
    expect(resumed.full.portfolio.value.at(-1)).toBe(1010);
    // Another start: valued whole.
    expect(resumedSeries(input, figures, { start: '2023-12-31', end: '2024-02-29' }, null).daysValued).toBe(61);
  });
});
