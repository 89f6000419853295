import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { addDays } from './calendar.ts';
import type { DailyPoint } from './returns.ts';
import { displayInterval, portfolioTrend, trendBuckets } from './trend.ts';
import type { Movement } from './types.ts';

const point = (date: string, value: number, inflow = 0, outflow = 0): DailyPoint => ({ date, value, inflow, outflow });
let nextId = 1;
const mv = (date: string, cause: Movement['cause'], amount: number, currency = 'EUR'): Movement => ({
  id: nextId++,
  accountId: 1,
  date,
  cause,
  currency,
  amount,
});
const rate = (currency: string) => {
  if (currency === 'USD') return 1.08;
  throw new Error(`unexpected ${currency}`);
};
const cents = (x: number) => Math.round(x * 100);

describe('trendBuckets and displayInterval', () => {
  test('buckets are (start, end] pieces ending on month, quarter or year ends and on the end date', () => {
    expect(trendBuckets('2024-01-15', '2024-03-10', 'month')).toEqual([
      { start: '2024-01-15', end: '2024-01-31' },
      { start: '2024-01-31', end: '2024-02-29' },
      { start: '2024-02-29', end: '2024-03-10' },
    ]);
    expect(trendBuckets('2023-12-31', '2024-12-31', 'quarter').map((b) => b.end)).toEqual([
      '2024-03-31',
      '2024-06-30',
      '2024-09-30',
      '2024-12-31',
    ]);
    expect(trendBuckets('2022-06-30', '2024-02-01', 'year').map((b) => b.end)).toEqual([
      '2022-12-31',
      '2023-12-31',
      '2024-02-01',
    ]);
    expect(trendBuckets('2024-01-31', '2024-01-31', 'month')).toEqual([]);
  });

  test('months up to 12 months, then quarters while at most 12, then years', () => {
    // The spec's default report range, the day before the start of the year to a date in November: 11 months.
    expect(displayInterval('2023-12-31', '2024-11-22')).toBe('month');
    expect(displayInterval('2023-12-31', '2024-12-31')).toBe('month'); // exactly 12 months
    expect(trendBuckets('2023-12-31', '2024-12-31', 'month')).toHaveLength(12);
    expect(displayInterval('2023-12-31', '2025-01-01')).toBe('quarter'); // 12 months and a day: Q1 2024 .. Q1 2025
    expect(displayInterval('2020-12-31', '2023-12-31')).toBe('quarter'); // 12 quarters
    expect(displayInterval('2020-12-31', '2024-01-01')).toBe('year'); // 13 quarters: 2021, 2022, 2023, 2024
    expect(displayInterval('2019-12-31', '2023-12-31')).toBe('year');
    // The clamp: 2024-02-29 + 12 months is 2025-02-28.
    expect(displayInterval('2024-02-29', '2025-02-28')).toBe('month');
    expect(displayInterval('2024-02-29', '2025-03-01')).toBe('quarter');
  });
});

describe('portfolioTrend', () => {
  // Worked example of docs/reports.md 2.3.
  const points = [
    point('2023-12-31', 10_000),
    point('2024-01-15', 10_950, 1_000), // deposit 1,000
    point('2024-01-31', 11_200),
    point('2024-02-10', 10_700, 0, 500), // withdrawal 500
    point('2024-02-29', 10_900),
  ];
  const movements = [
    mv('2024-01-15', 'DEPOSIT', 1_000), // taken from the points' inflow, not counted twice
    mv('2024-01-20', 'COUPON', 150),
    mv('2024-01-31', 'FEE', 20),
    mv('2024-01-20', 'TAX', 18.75), // 12.5% withholding on the coupon
    mv('2024-02-10', 'WITHDRAWAL', 500),
    mv('2024-02-20', 'DIVIDEND', 108, 'USD'), // 108 / 1.08 = 100 EUR
    mv('2024-02-20', 'TAX', 26), // 26% on 100
    mv('2024-02-21', 'BUY', 5_000), // trades are not in the waterfall
    mv('2023-12-31', 'FEE', 999), // on the opening day: before the period
    mv('2024-03-01', 'FEE', 999), // after it
  ];

  test('worked example: two months', () => {
    const t = portfolioTrend({ points, movements, rate });
    expect(t.start).toEqual({ date: '2023-12-31', total: 10_000 });
    expect(t.rows).toEqual([
      {
        date: '2024-01-31',
        total: 11_200,
        transfers: 1_000,
        interessi: 150,
        commissioni: -20,
        tasse: -18.75,
        cashFlow: 1_111.25, // 1,000 + 150 - 20 - 18.75
        performance: 200, // 11,200 - 10,000 - 1,000
        market: 88.75, // 200 - 150 + 20 + 18.75
      },
      {
        date: '2024-02-29',
        total: 10_900,
        transfers: -500,
        interessi: 100,
        commissioni: 0,
        tasse: -26,
        cashFlow: -426, // -500 + 100 - 26
        performance: 200, // 10,900 - 11,200 + 500
        market: 126, // 200 - 100 + 26
      },
    ]);
  });

  test('one quarter bucket sums the months; a missing day carries the value forward', () => {
    const t = portfolioTrend({ points, movements, rate, interval: 'quarter' });
    // (2023-12-31, 2024-02-29]: the last point ends the range, so the quarter is partial and dated on it.
    expect(t.rows).toEqual([
      {
        date: '2024-02-29',
        total: 10_900,
        transfers: 500,
        interessi: 250,
        commissioni: -20,
        tasse: -44.75,
        cashFlow: 685.25,
        performance: 400,
        market: 214.75, // 88.75 + 126
      },
    ]);
    // Points only on 2023-12-31 and 2024-02-15: January ends at the carried-forward 10,000.
    const sparse = portfolioTrend({
      points: [point('2023-12-31', 10_000), point('2024-02-15', 10_100)],
      movements: [],
      rate,
      interval: 'month',
    });
    expect(sparse.rows.map((r) => [r.date, r.total, r.performance])).toEqual([
      ['2024-01-31', 10_000, 0],
      ['2024-02-15', 10_100, 100],
    ]);
  });

  test('rejects an empty or unsorted series', () => {
    expect(() => portfolioTrend({ points: [], movements: [], rate })).toThrow();
    expect(() =>
      portfolioTrend({ points: [point('2024-01-02', 1), point('2024-01-01', 1)], movements: [], rate }),
    ).toThrow();
  });

  test('property: the waterfall adds up to the cent in every row and chains from the opening value', () => {
    const causes: Movement['cause'][] = ['COUPON', 'DIVIDEND', 'INTEREST', 'FEE', 'TAX', 'BUY', 'SELL', 'DEPOSIT'];
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 800 }),
        fc.array(
          fc.record({
            value: fc.double({ min: 0, max: 1e7, noNaN: true }),
            inflow: fc.double({ min: 0, max: 1e5, noNaN: true }),
            outflow: fc.double({ min: 0, max: 1e5, noNaN: true }),
          }),
          { minLength: 801, maxLength: 801 },
        ),
        fc.array(
          fc.record({
            day: fc.integer({ min: -5, max: 805 }),
            cause: fc.constantFrom(...causes),
            amount: fc.double({ min: 0.01, max: 1e5, noNaN: true }),
            usd: fc.boolean(),
          }),
          { maxLength: 40 },
        ),
        fc.constantFrom(undefined, 'month' as const, 'quarter' as const, 'year' as const),
        (days, raw, ms, interval) => {
          const start = '2023-11-17';
          const pts = raw.slice(0, days + 1).map((p, i) => point(addDays(start, i), p.value, p.inflow, p.outflow));
          const movements = ms.map((m) => mv(addDays(start, m.day), m.cause, m.amount, m.usd ? 'USD' : 'EUR'));
          const t = portfolioTrend({ points: pts, movements, rate, ...(interval ? { interval } : {}) });
          let previous = cents(t.start.total);
          for (const r of t.rows) {
            expect(
              previous +
                cents(r.transfers) +
                cents(r.market) +
                cents(r.interessi) +
                cents(r.commissioni) +
                cents(r.tasse),
            ).toBe(cents(r.total));
            expect(previous + cents(r.transfers) + cents(r.performance)).toBe(cents(r.total));
            expect(previous + cents(r.market) + cents(r.cashFlow)).toBe(cents(r.total));
            expect(r.commissioni).toBeLessThanOrEqual(0);
            expect(r.tasse).toBeLessThanOrEqual(0);
            expect(r.interessi).toBeGreaterThanOrEqual(0);
            previous = cents(r.total);
          }
          // The rows cover the whole period: the last total is the last value and the flows all land in a row.
          const last = pts[pts.length - 1]!;
          expect(t.rows.length > 0 ? t.rows[t.rows.length - 1]!.total : t.start.total).toBe(
            Math.round(last.value * 100) / 100,
          );
          const flows = pts.slice(1).reduce((s, p) => s + p.inflow - p.outflow, 0);
          const reported = t.rows.reduce((s, r) => s + r.transfers, 0);
          expect(Math.abs(reported - flows)).toBeLessThanOrEqual(0.005 * t.rows.length + 1e-6 * Math.abs(flows) + 1e-6);
          const income = movements
            .filter(
              (m) => ['COUPON', 'DIVIDEND', 'INTEREST'].includes(m.cause) && m.date > start && m.date <= last.date,
            )
            .reduce((s, m) => s + (m.currency === 'USD' ? m.amount / 1.08 : m.amount), 0);
          expect(Math.abs(t.rows.reduce((s, r) => s + r.interessi, 0) - income)).toBeLessThanOrEqual(
            0.005 * t.rows.length + 1e-6,
          );
        },
      ),
      { numRuns: 200 },
    );
  });
});
