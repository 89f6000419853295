import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { addDays } from './calendar.ts';
import { assetHistory, sumSeries } from './history.ts';
import type { DailyPoint } from './returns.ts';

const item = (date: string, value: number) => ({ date, value });

describe('assetHistory', () => {
  const points = [
    item('2024-01-01', 100),
    item('2024-01-02', 101.004),
    item('2024-01-03', 102),
    item('2024-01-04', 103),
  ];

  test('worked example: the range with both ends included, sorted, capped, rounded to cents', () => {
    expect(assetHistory(points, { dateFrom: '2024-01-02', dateTo: '2024-01-04', sort: 'desc', size: 2 })).toEqual([
      item('2024-01-04', 103),
      item('2024-01-03', 102),
    ]);
    expect(assetHistory(points, { dateFrom: '2024-01-02', dateTo: '2024-01-04' })).toEqual([
      item('2024-01-02', 101), // 101.004 rounded to cents
      item('2024-01-03', 102),
      item('2024-01-04', 103),
    ]);
    // Ascending with a cap keeps the oldest; a size of 0 gives nothing; an empty range gives nothing.
    expect(assetHistory(points, { dateFrom: '2020-01-01', dateTo: '2030-01-01', sort: 'asc', size: 1 })).toEqual([
      item('2024-01-01', 100),
    ]);
    expect(assetHistory(points, { dateFrom: '2020-01-01', dateTo: '2030-01-01', size: 0 })).toEqual([]);
    expect(assetHistory(points, { dateFrom: '2024-01-05', dateTo: '2024-01-31' })).toEqual([]);
  });

  test('daily points, no sampling: the spec call (from 2020-01-01, size 10000) returns every day', () => {
    const daily: DailyPoint[] = Array.from({ length: 1800 }, (_, i) => ({
      date: addDays('2020-01-01', i),
      value: 1000 + i,
      inflow: 0,
      outflow: 0,
    }));
    const out = assetHistory(daily, { dateFrom: '2020-01-01', dateTo: '2024-12-31', sort: 'asc', size: 10_000 });
    expect(out).toHaveLength(1800);
    expect(out[1799]).toEqual({ date: addDays('2020-01-01', 1799), value: 2799 });
    // Only date and value are returned, not the flows.
    expect(Object.keys(out[0]!)).toEqual(['date', 'value']);
  });
});

describe('sumSeries', () => {
  test('worked example: carried forward, 0 before a series starts', () => {
    const financial = [item('2024-01-01', 100), item('2024-01-03', 110)];
    const realEstate = [item('2024-01-02', 500)];
    expect(sumSeries([financial, realEstate])).toEqual([
      item('2024-01-01', 100),
      item('2024-01-02', 600), // 100 + 500
      item('2024-01-03', 610), // 110 + 500
    ]);
  });

  test('unsorted input, a later point on the same date wins, a sold asset ends with 0', () => {
    const a = [item('2024-01-03', 30), item('2024-01-01', 10), item('2024-01-01', 11)];
    const b = [item('2024-01-02', 0.1), item('2024-01-04', 0)];
    expect(sumSeries([a, b])).toEqual([
      item('2024-01-01', 11),
      item('2024-01-02', 11.1),
      item('2024-01-03', 30.1),
      item('2024-01-04', 30),
    ]);
    expect(sumSeries([])).toEqual([]);
    expect(sumSeries([[], a])).toEqual([item('2024-01-01', 11), item('2024-01-03', 30)]);
  });

  test('property: each date sums the last known value of every series', () => {
    const seriesArb = fc.array(
      fc.record({ day: fc.integer({ min: 0, max: 60 }), cents: fc.integer({ min: 0, max: 1e8 }) }),
      { maxLength: 30 },
    );
    fc.assert(
      fc.property(fc.array(seriesArb, { maxLength: 5 }), (raw) => {
        const series = raw.map((s) => s.map((p) => item(addDays('2024-01-01', p.day), p.cents / 100)));
        const out = sumSeries(series);
        const allDates = [...new Set(series.flat().map((p) => p.date))].sort();
        expect(out.map((p) => p.date)).toEqual(allDates);
        for (const p of out) {
          // Brute force: for each series, the last point (in input order) of the latest date on or before p.date.
          const expected = series.reduce((sum, s) => {
            const before = s.filter((x) => x.date <= p.date);
            if (before.length === 0) return sum;
            const latest = before
              .map((x) => x.date)
              .sort()
              .at(-1);
            return sum + before.filter((x) => x.date === latest).at(-1)!.value;
          }, 0);
          expect(Math.round(p.value * 100)).toBe(Math.round(expected * 100));
        }
      }),
      { numRuns: 300 },
    );
  });
});
