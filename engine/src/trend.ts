// Portfolio trend: per period bucket the value at the bucket's end and the waterfall that leads to it
// (transfers, income, fees, taxes, market effect). Conventions and worked examples: engine/docs/reports.md section 2.
import { addDays, addMonthsClamped, compareDates, endOfMonth, quarterEnd, quarterOf } from './calendar.ts';
import { amountInEur, type FxRateLookup } from './fees.ts';
import type { DailyPoint } from './returns.ts';
import { roundMoney } from './rounding.ts';
import type { IsoDate, Movement, Period } from './types.ts';

export type TrendInterval = 'month' | 'quarter' | 'year';

/** The last day of the month, quarter or year holding d. */
function intervalEnd(d: IsoDate, interval: TrendInterval): IsoDate {
  if (interval === 'month') return endOfMonth(d);
  if (interval === 'year') return `${d.slice(0, 4)}-12-31`;
  const q = quarterOf(d);
  return quarterEnd(q.year, q.quarter);
}

/**
 * The buckets of (start, end] for an interval, each a Period (start, end]: the first runs from `start` to the
 * first month (quarter, year) end after it, the last ends on `end` (possibly a partial bucket). Empty when
 * end <= start.
 * Worked example: trendBuckets('2024-01-15', '2024-03-10', 'month') = (01-15, 01-31], (01-31, 02-29],
 * (02-29, 03-10]; trendBuckets('2023-12-31', '2024-12-31', 'quarter') = the four quarters of 2024.
 */
export function trendBuckets(start: IsoDate, end: IsoDate, interval: TrendInterval): Period[] {
  const out: Period[] = [];
  let from = start;
  while (compareDates(from, end) < 0) {
    const periodEnd = intervalEnd(addDays(from, 1), interval);
    const to = compareDates(periodEnd, end) < 0 ? periodEnd : end;
    out.push({ start: from, end: to });
    from = to;
  }
  return out;
}

/**
 * The display interval for a report period (start, end] (portal-and-report spec, section 4): months when the
 * period is at most 12 months long (end <= start + 12 months, month-end clamped); otherwise quarters when
 * (start, end] touches at most 12 calendar quarters; otherwise years (even beyond 12: nothing coarser exists).
 * Worked example: ('2023-12-31', '2024-12-31') month (12 columns); ('2023-12-31', '2025-01-31') quarter
 * (2024 Q1-Q4 and 2025 Q1: 5 columns); ('2020-12-31', '2023-12-31') quarter (12); ('2019-12-31', '2023-12-31')
 * year (16 quarters, so 2020-2023: 4 columns).
 */
export function displayInterval(start: IsoDate, end: IsoDate): TrendInterval {
  if (compareDates(end, addMonthsClamped(start, 12)) <= 0) return 'month';
  if (trendBuckets(start, end, 'quarter').length <= 12) return 'quarter';
  return 'year';
}

/** One trend row: EUR, rounded to cents; costs negative so that the waterfall adds up. */
export interface TrendRow {
  /** The bucket's end: a month, quarter or year end, or the period's end for the last bucket. */
  date: IsoDate;
  /** Portfolio value at the end of `date`. */
  total: number;
  /** total - previous total - transfers: the result of the bucket (market effect, income, fees and taxes). */
  performance: number;
  /** Net cash movement that is not a trade: transfers + interessi + commissioni + tasse. */
  cashFlow: number;
  /** COUPON + DIVIDEND + INTEREST received (positive). */
  interessi: number;
  /** FEE paid, all subcauses, as a negative number. */
  commissioni: number;
  /** TAX paid (withholding, stamp duty), as a negative number. */
  tasse: number;
  /** Net external flows: DEPOSIT + TRANSFER_IN - WITHDRAWAL - TRANSFER_OUT (the value series' inflow - outflow). */
  transfers: number;
  /** Pure market effect: performance - interessi - commissioni - tasse (a residual). */
  market: number;
}

export interface PortfolioTrend {
  /** The opening value: the first point's date and value. */
  start: { date: IsoDate; total: number };
  rows: TrendRow[];
}

export interface PortfolioTrendInput {
  /**
   * The portfolio's daily values (EUR) sorted by date; the first point opens the period and its flows are
   * ignored. A date with no point takes the last known value (carried forward).
   */
  points: ReadonlyArray<DailyPoint>;
  /** The portfolio's movements: COUPON, DIVIDEND, INTEREST, FEE and TAX rows count; the rest are ignored. */
  movements: ReadonlyArray<Movement>;
  /** FX lookup for movements not in EUR, at the movement date. */
  rate: FxRateLookup;
  /** Bucket size; default displayInterval(first date, last date). */
  interval?: TrendInterval;
}

const cents = (x: number) => Math.round(roundMoney(x) * 100);

/**
 * Trend rows of a portfolio over (first point date, last point date], one per bucket (trendBuckets). Every
 * figure is rounded to cents and the identities hold exactly in cents (previous total = the opening value for the
 * first row):
 *   total = previous total + transfers + performance
 *   performance = market + interessi + commissioni + tasse
 *   total = previous total + market + cashFlow, cashFlow = transfers + interessi + commissioni + tasse.
 * Movements count in the bucket holding their date, converted to EUR at the movement date's FX rate.
 *
 * Worked example (docs/reports.md 2.3): opening 2023-12-31 10,000; deposit 1,000 on 01-15; coupon 150, fee 20,
 * tax 18.75 in January; value 11,200 on 01-31. January: transfers 1,000, interessi 150, commissioni -20, tasse
 * -18.75, cashFlow 1,000 + 150 - 20 - 18.75 = 1,111.25, performance 11,200 - 10,000 - 1,000 = 200, market
 * 200 - 150 + 20 + 18.75 = 88.75.
 */
export function portfolioTrend(input: PortfolioTrendInput): PortfolioTrend {
  const points = input.points;
  const first = points[0];
  if (!first) throw new Error('portfolioTrend needs at least one point');
  for (let i = 1; i < points.length; i++) {
    if (compareDates(points[i - 1]!.date, points[i]!.date) >= 0)
      throw new Error('points must be sorted by date, one per date');
  }
  const start = first.date;
  const end = points[points.length - 1]!.date;
  const buckets = trendBuckets(start, end, input.interval ?? displayInterval(start, end));

  // Walk points and sorted movements once, bucket by bucket.
  const movements = input.movements
    .filter((m) => compareDates(m.date, start) > 0 && compareDates(m.date, end) <= 0)
    .slice()
    .sort((a, b) => compareDates(a.date, b.date));
  let pi = 1;
  let mi = 0;
  let value = first.value;
  let previousCents = cents(first.value);
  const rows: TrendRow[] = [];
  for (const b of buckets) {
    let transfers = 0;
    for (; pi < points.length && compareDates(points[pi]!.date, b.end) <= 0; pi++) {
      const p = points[pi]!;
      transfers += p.inflow - p.outflow;
      value = p.value;
    }
    let interessi = 0;
    let commissioni = 0;
    let tasse = 0;
    for (; mi < movements.length && compareDates(movements[mi]!.date, b.end) <= 0; mi++) {
      const m = movements[mi]!;
      if (m.cause === 'COUPON' || m.cause === 'DIVIDEND' || m.cause === 'INTEREST') {
        interessi += amountInEur(m.amount, m.currency, m.date, input.rate);
      } else if (m.cause === 'FEE') commissioni -= amountInEur(m.amount, m.currency, m.date, input.rate);
      else if (m.cause === 'TAX') tasse -= amountInEur(m.amount, m.currency, m.date, input.rate);
    }
    const c = {
      total: cents(value),
      transfers: cents(transfers),
      interessi: cents(interessi),
      commissioni: cents(commissioni),
      tasse: cents(tasse),
    };
    const performance = c.total - previousCents - c.transfers;
    const market = performance - c.interessi - c.commissioni - c.tasse;
    const cashFlow = c.transfers + c.interessi + c.commissioni + c.tasse;
    rows.push({
      date: b.end,
      total: c.total / 100,
      performance: performance / 100,
      cashFlow: cashFlow / 100,
      interessi: c.interessi / 100,
      commissioni: c.commissioni / 100,
      tasse: c.tasse / 100,
      transfers: c.transfers / 100,
      market: market / 100,
    });
    previousCents = c.total;
  }
  return { start: { date: start, total: roundMoney(first.value) }, rows };
}
