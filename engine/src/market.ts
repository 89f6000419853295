// Market data lookups: closing prices and FX rates with the last known value carried forward (DESIGN.md 4).
// FX follows the ECB convention of the import: a rate is units of the currency for one euro, so
// EUR = amount / rate and amount = EUR x rate; EUR itself has rate 1.
import { toDayNumber } from './calendar.ts';
import type { FxSeries, IsoDate, PriceSeries } from './types.ts';

/** A date as an ISO string or as a day number (days since 1970-01-01, see calendar.ts). */
export type DateLike = IsoDate | number;

const dayOf = (d: DateLike): number => (typeof d === 'number' ? d : toDayNumber(d));

interface Points {
  days: Int32Array;
  values: Float64Array;
}

/** Points as parallel arrays sorted by day; a later point on the same day wins; `keep` filters values. */
/**
 * Indexes already built, by the points array they were built from: the inputs are read-only, so the same array
 * (a server keeps one per instrument between calls) is parsed once, not on every valuation.
 */
const built = new WeakMap<object, Points>();
function indexed(points: ReadonlyArray<unknown>, build: () => Points): Points {
  let idx = built.get(points);
  if (!idx) {
    idx = build();
    built.set(points, idx);
  }
  return idx;
}

function index<P extends { date: IsoDate }>(
  points: ReadonlyArray<P>,
  read: (p: P) => number,
  keep: (v: number) => boolean,
): Points {
  // One pass into typed arrays (the input is sorted as a rule); sorted again only if it is not.
  let days = new Int32Array(points.length);
  let values = new Float64Array(points.length);
  let count = 0;
  let sorted = true;
  for (let i = 0; i < points.length; i++) {
    const p = points[i]!;
    const value = read(p);
    if (!keep(value)) continue;
    const day = toDayNumber(p.date);
    if (count > 0 && day <= days[count - 1]!) {
      if (day === days[count - 1]) {
        values[count - 1] = value;
        continue;
      }
      sorted = false;
    }
    days[count] = day;
    values[count] = value;
    count++;
  }
  if (sorted) return { days: days.subarray(0, count), values: values.subarray(0, count) };
  const order = Array.from({ length: count }, (_, i) => i).sort((a, b) => days[a]! - days[b]! || a - b);
  const sortedDays: number[] = [];
  const sortedValues: number[] = [];
  for (const i of order) {
    if (sortedDays.length > 0 && sortedDays[sortedDays.length - 1] === days[i])
      sortedValues[sortedValues.length - 1] = values[i]!;
    else {
      sortedDays.push(days[i]!);
      sortedValues.push(values[i]!);
    }
  }
  days = Int32Array.from(sortedDays);
  values = Float64Array.from(sortedValues);
  return { days, values };
}

/** Index of the last point on or before `day`, -1 if none. */
function lastAtOrBefore(p: Points, day: number): number {
  let lo = 0;
  let hi = p.days.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (p.days[mid]! <= day) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/** `count` values from `fromDay`, each the last point on or before its day; `before` where no point is known yet. */
function dense(p: Points, fromDay: number, count: number, before: number): Float64Array {
  const out = new Float64Array(count);
  const i = lastAtOrBefore(p, fromDay);
  let current = i >= 0 ? p.values[i]! : before;
  let next = i + 1;
  for (let k = 0; k < count; k++) {
    const day = fromDay + k;
    while (next < p.days.length && p.days[next]! <= day) {
      current = p.values[next]!;
      next++;
    }
    out[k] = current;
  }
  return out;
}

/**
 * Price and FX lookups over a portfolio's market data, built once (O(points)) and queried by binary search.
 *
 * - `price`: the last close on or before the date, in the instrument's currency (bonds per 100 of nominal);
 *   `undefined` before the first close (the valuation then uses the trade price).
 * - `rate`: units of the currency for one euro, last known on or before the date; before the first known rate the
 *   first one is used (back-filled); EUR is 1; a currency with no rate at all gives NaN (`hasCurrency` false).
 *
 * Worked example: USD points 2024-01-02 1.10 and 2024-01-05 1.08. rate('USD', '2024-01-04') = 1.10 (carried
 * forward from the 2nd); rate('USD', '2024-01-01') = 1.10 (back-filled); toEur(110, 'USD', '2024-01-03') = 110 / 1.10
 * = 100; fromEur(100, 'USD', '2024-01-05') = 100 x 1.08 = 108; convert(108, 'USD', 'EUR', '2024-01-05') = 100.
 */
export class Market {
  readonly #prices = new Map<number, Points>();
  readonly #rates = new Map<string, Points>();

  constructor(prices: ReadonlyArray<PriceSeries>, fx: ReadonlyArray<FxSeries>) {
    for (const s of prices) {
      const idx = indexed(s.points, () =>
        index(
          s.points,
          (p) => p.price,
          (v) => Number.isFinite(v) && v >= 0,
        ),
      );
      const previous = this.#prices.get(s.instrumentId);
      if (!previous || idx.days.length > previous.days.length) this.#prices.set(s.instrumentId, idx);
    }
    for (const s of fx) {
      if (s.currency === 'EUR') continue;
      const idx = indexed(s.points, () =>
        index(
          s.points,
          (p) => p.rate,
          (v) => Number.isFinite(v) && v > 0,
        ),
      );
      const previous = this.#rates.get(s.currency);
      if (!previous || idx.days.length > previous.days.length) this.#rates.set(s.currency, idx);
    }
  }

  /** Last close on or before `date`, in the instrument's currency; undefined before its first close. */
  price(instrumentId: number, date: DateLike): number | undefined {
    const p = this.#prices.get(instrumentId);
    if (!p) return undefined;
    const i = lastAtOrBefore(p, dayOf(date));
    return i >= 0 ? p.values[i] : undefined;
  }

  /** True when `currency` is EUR or has at least one rate. */
  hasCurrency(currency: string): boolean {
    return currency === 'EUR' || (this.#rates.get(currency)?.days.length ?? 0) > 0;
  }

  /** Units of `currency` for one euro on `date` (carried forward, back-filled before the first rate); EUR 1; NaN if unknown. */
  rate(currency: string, date: DateLike): number {
    if (currency === 'EUR') return 1;
    const p = this.#rates.get(currency);
    if (!p || p.days.length === 0) return Number.NaN;
    const i = lastAtOrBefore(p, dayOf(date));
    return p.values[Math.max(i, 0)]!;
  }

  /** amount in `currency` as euro on `date`: amount / rate. */
  toEur(amount: number, currency: string, date: DateLike): number {
    return currency === 'EUR' ? amount : amount / this.rate(currency, date);
  }

  /** amount in euro as `currency` on `date`: amount x rate. */
  fromEur(amount: number, currency: string, date: DateLike): number {
    return currency === 'EUR' ? amount : amount * this.rate(currency, date);
  }

  /** amount from one currency to another through the euro at the rates of `date`; unchanged if they are equal. */
  convert(amount: number, from: string, to: string, date: DateLike): number {
    if (from === to) return amount;
    return this.fromEur(this.toEur(amount, from, date), to, date);
  }

  /**
   * Daily closes for `count` days from day number `fromDay`, carried forward; NaN before the first close.
   * Worked example: closes on day 10 (5) and day 12 (6): densePrices(id, 9, 5) = [NaN, 5, 5, 6, 6].
   */
  densePrices(instrumentId: number, fromDay: number, count: number): Float64Array {
    const p = this.#prices.get(instrumentId);
    if (!p) return new Float64Array(count).fill(Number.NaN);
    return dense(p, fromDay, count, Number.NaN);
  }

  /**
   * Daily rates for `count` days from day number `fromDay`, carried forward and back-filled; all 1 for EUR and
   * NaN for a currency without rates. Worked example: rates on day 10 (1.1) and day 12 (1.2):
   * denseRates('USD', 9, 5) = [1.1, 1.1, 1.1, 1.2, 1.2].
   */
  denseRates(currency: string, fromDay: number, count: number): Float64Array {
    if (currency === 'EUR') return new Float64Array(count).fill(1);
    const p = this.#rates.get(currency);
    if (!p || p.days.length === 0) return new Float64Array(count).fill(Number.NaN);
    return dense(p, fromDay, count, p.values[0]!);
  }
}

/**
 * Builds the lookups of a portfolio's market data (see Market).
 * Worked example: createMarket([{ instrumentId: 1, points: [{ date: '2024-01-02', price: 10 }] }], [])
 *   .price(1, '2024-01-31') = 10 (carried forward); .price(1, '2024-01-01') = undefined.
 */
export function createMarket(prices: ReadonlyArray<PriceSeries>, fx: ReadonlyArray<FxSeries>): Market {
  return new Market(prices, fx);
}
