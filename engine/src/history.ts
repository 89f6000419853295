// Asset history: value points of a date range, sorted and capped (GET /assets-history/...), and the sum of several
// value series by date (financial portfolios plus other assets). Conventions: engine/docs/reports.md section 4.
import { compareDates } from './calendar.ts';
import { roundMoney } from './rounding.ts';
import type { IsoDate } from './types.ts';

/** One point of an asset history: the value (EUR) at the end of `date`. DailyPoint fits this shape. */
export interface HistoryItem {
  date: IsoDate;
  value: number;
}

export interface HistoryQuery {
  /** First date included. */
  dateFrom: IsoDate;
  /** Last date included. */
  dateTo: IsoDate;
  /** By date; default 'asc'. */
  sort?: 'asc' | 'desc';
  /** At most this many items, taken after sorting (the spec's asset history page is 10000); default no cap. */
  size?: number;
}

/**
 * The points of a series dated in [dateFrom, dateTo] (both included: a history lists values, not a period's
 * flows), sorted by date, the first `size` of them, values rounded to cents. No sampling and no filling: every
 * point of the range is returned as it is, up to the cap (the spec's call is dateFrom 2020-01-01, size 10000,
 * which holds more than 27 years of daily points). With sort 'desc' the cap keeps the most recent points.
 * Worked example: points 01-01 100, 01-02 101.004, 01-03 102, 01-04 103; assetHistory(points, { dateFrom:
 * '2024-01-02', dateTo: '2024-01-04', sort: 'desc', size: 2 }) = [01-04 103, 01-03 102].
 */
export function assetHistory(points: ReadonlyArray<HistoryItem>, query: HistoryQuery): HistoryItem[] {
  const out = points
    .filter((p) => compareDates(p.date, query.dateFrom) >= 0 && compareDates(p.date, query.dateTo) <= 0)
    .map((p) => ({ date: p.date, value: roundMoney(p.value) }))
    .sort((a, b) => compareDates(a.date, b.date));
  if (query.sort === 'desc') out.reverse();
  return query.size !== undefined ? out.slice(0, Math.max(0, query.size)) : out;
}

/**
 * The sum of several value series by date: one point on every date that any series has, the sum of each series'
 * last known value on or before that date (carried forward; 0 before a series' first point). A series that stops
 * (an asset sold) keeps its last value, so it should end with a 0 point. Within a series, a later point on the
 * same date wins. Values are summed unrounded, then rounded to cents.
 * Worked example: financial [01-01 100, 01-03 110], real estate [01-02 500]: 01-01 100 (+ 0 before the house's
 * first value), 01-02 100 + 500 = 600, 01-03 110 + 500 = 610.
 */
export function sumSeries(series: ReadonlyArray<ReadonlyArray<HistoryItem>>): HistoryItem[] {
  // Each series' last value per date, then all dates in order.
  const perSeries = series.map((s) => {
    const byDate = new Map<IsoDate, number>();
    for (const p of s) byDate.set(p.date, p.value);
    return [...byDate].sort((a, b) => compareDates(a[0], b[0]));
  });
  const dates = [...new Set(perSeries.flatMap((s) => s.map(([d]) => d)))].sort(compareDates);
  const cursor = perSeries.map(() => 0);
  const current = perSeries.map(() => 0);
  return dates.map((date) => {
    let total = 0;
    for (let i = 0; i < perSeries.length; i++) {
      const s = perSeries[i]!;
      while (cursor[i]! < s.length && compareDates(s[cursor[i]!]![0], date) <= 0) {
        current[i] = s[cursor[i]!]![1];
        cursor[i] = cursor[i]! + 1;
      }
      total += current[i]!;
    }
    return { date, value: roundMoney(total) };
  });
}
