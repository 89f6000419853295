// Cedole: coupons, dividends and redemptions, expected over the next years from a holdings snapshot and paid within a
// report range. Conventions and worked examples: engine/docs/reports.md section 3.
import { addMonthsClamped, compareDates } from './calendar.ts';
import { amountInEur, type FxRateLookup } from './fees.ts';
import { roundMoney } from './rounding.ts';
import type { Instrument, IsoDate, Movement, Period } from './types.ts';

/** The spec's cedole horizon (data-and-admin section 9): 5 years after the as-of date. */
export const CEDOLE_HORIZON_YEARS = 5;

export type CedolaType = 'COUPON' | 'DIVIDEND' | 'REDEMPTION';

export interface CedolaRow {
  date: IsoDate;
  instrumentId: number | null;
  /** Null for a paid coupon or dividend with no instrument on the movement. */
  isin: string | null;
  name: string | null;
  type: CedolaType;
  /** Gross amount in `currency`, rounded to cents. */
  amount: number;
  currency: string;
  /** EUR value when a rate lookup was given: paid rows at the movement date, expected rows at the as-of date. */
  amountEur?: number;
  /** True for projected dividends (an estimate from last year's); coupons and redemptions follow the bond's terms. */
  estimated: boolean;
}

const TYPE_ORDER: Record<CedolaType, number> = { COUPON: 0, DIVIDEND: 1, REDEMPTION: 2 };

/** Rows by date, then ISIN, then type (coupon, dividend, redemption). */
function sortRows(rows: CedolaRow[]): CedolaRow[] {
  return rows.sort(
    (a, b) =>
      compareDates(a.date, b.date) ||
      (a.isin ?? '').localeCompare(b.isin ?? '') ||
      TYPE_ORDER[a.type] - TYPE_ORDER[b.type],
  );
}

const monthIndex = (d: IsoDate) => Number(d.slice(0, 4)) * 12 + Number(d.slice(5, 7)) - 1;

/**
 * A bond's coupon dates in (after, upTo]: firstCouponDate + k x 12/frequency months (k = 0, 1, ...), each
 * computed from the first coupon date and clamped to the month's end, and never after the maturity date.
 * Empty when the instrument has no coupon rate, frequency or first coupon date.
 * Worked example: first coupon 2024-01-31, frequency 4, maturity 2025-01-31: couponDates(b, '2024-03-01',
 * '2030-12-31') = 2024-04-30, 2024-07-31, 2024-10-31, 2025-01-31.
 */
export function couponDates(instrument: Instrument, after: IsoDate, upTo: IsoDate): IsoDate[] {
  const { couponFrequency: frequency, firstCouponDate: first, maturityDate: maturity } = instrument;
  if (!frequency || !first || instrument.couponRate == null) return [];
  if (![1, 2, 4, 12].includes(frequency)) throw new Error(`invalid coupon frequency: ${frequency}`);
  const step = 12 / frequency;
  const last = maturity && compareDates(maturity, upTo) < 0 ? maturity : upTo;
  const out: IsoDate[] = [];
  // Start one step before the first date that can fall after `after` (clamping moves a date by days, never a month).
  let k = Math.max(0, Math.floor((monthIndex(after) - monthIndex(first)) / step) - 1);
  for (; ; k++) {
    const d = addMonthsClamped(first, k * step);
    if (compareDates(d, last) > 0) break;
    if (compareDates(d, after) > 0) out.push(d);
  }
  return out;
}

/**
 * A bond's expected cash flows in (asOf, horizonEnd] for a nominal: each coupon (couponDates) of
 * nominal x couponRate / couponFrequency, rounded to cents, and at the maturity date, when it falls in the range,
 * the redemption of the nominal at par (priceUnit 100 instruments only). Not estimated.
 * Worked example: nominal 10,000, rate 0.03, frequency 2, first coupon 2020-03-15, maturity 2025-09-15,
 * asOf 2024-12-31, horizon 2029-12-31: coupons 2025-03-15 and 2025-09-15 of 10,000 x 0.03 / 2 = 150.00, and a
 * redemption of 10,000.00 on 2025-09-15.
 */
export function bondCashFlows(
  instrument: Instrument,
  nominal: number,
  asOf: IsoDate,
  horizonEnd: IsoDate,
): CedolaRow[] {
  const base = {
    instrumentId: instrument.id,
    isin: instrument.isin,
    name: instrument.name,
    currency: instrument.currency,
    estimated: false,
  };
  const rows: CedolaRow[] = [];
  if (instrument.couponRate != null && instrument.couponFrequency) {
    const amount = roundMoney((nominal * instrument.couponRate) / instrument.couponFrequency);
    for (const date of couponDates(instrument, asOf, horizonEnd)) rows.push({ ...base, date, type: 'COUPON', amount });
  }
  const maturity = instrument.maturityDate;
  if (
    instrument.priceUnit === 100 &&
    maturity &&
    compareDates(maturity, asOf) > 0 &&
    compareDates(maturity, horizonEnd) <= 0
  ) {
    rows.push({ ...base, date: maturity, type: 'REDEMPTION', amount: roundMoney(nominal) });
  }
  return rows;
}

const SECURITY_IN = new Set(['BUY', 'TRANSFER_IN']);
const SECURITY_OUT = new Set(['SELL', 'TRANSFER_OUT']);

export interface CedoleInput {
  /** The holdings snapshot's date (end of day): expected flows start the day after. */
  asOf: IsoDate;
  /** Quantity held per instrument id at the end of `asOf` (a bond's quantity is its nominal). */
  holdings: ReadonlyMap<number, number>;
  instruments: ReadonlyArray<Instrument>;
  /** The movements of the same accounts: DIVIDEND rows give the estimates, trades rebuild past quantities. */
  movements: ReadonlyArray<Movement>;
  /** FX lookup (units per euro, last known carried forward) for amountEur; omitted: no amountEur. */
  rate?: FxRateLookup;
  /** Default CEDOLE_HORIZON_YEARS (5). */
  horizonYears?: number;
}

/**
 * Expected coupons, redemptions and dividends in (asOf, asOf + horizonYears], sorted by date.
 * - Bonds: bondCashFlows of the nominal held.
 * - Dividends, estimated: every DIVIDEND movement of a held instrument in the 12 months up to the as-of date,
 *   (asOf - 12 months, asOf], recurs on the same day (month-end clamped) of each following year in the horizon,
 *   at the same amount per share, in the movement's currency: per share = amount / quantity held at the end of
 *   the payment date, that quantity rebuilt from the snapshot by undoing the BUY, SELL, TRANSFER_IN and
 *   TRANSFER_OUT movements dated after it; projected amount = per share x quantity held at asOf.
 * - amountEur, with a rate lookup: amount / rate(currency, asOf), the last known rate (no FX forecast).
 * Worked example (docs/reports.md 3.3): 100 shares at asOf 2024-12-31; a 54.00 USD dividend on 2024-05-20 when
 * 60 were held (40 bought on 2024-06-03): 0.90 per share, so 100 x 0.90 = 90.00 USD on 2025-05-20 ... 2029-05-20.
 */
export function projectCedole(input: CedoleInput): CedolaRow[] {
  return withEur(sortRows(projectedRows(input)), input);
}

/** amountEur of expected rows: amount / the last known rate at asOf, when a rate lookup is given. */
function withEur(rows: CedolaRow[], input: CedoleInput): CedolaRow[] {
  const rate = input.rate;
  if (rate) for (const r of rows) r.amountEur = roundMoney(amountInEur(r.amount, r.currency, input.asOf, rate));
  return rows;
}

/** The expected rows of projectCedole, unsorted and without amountEur. */
function projectedRows(input: CedoleInput): CedolaRow[] {
  const years = input.horizonYears ?? CEDOLE_HORIZON_YEARS;
  const horizonEnd = addMonthsClamped(input.asOf, 12 * years);
  const instruments = new Map(input.instruments.map((i) => [i.id, i]));
  const rows: CedolaRow[] = [];
  for (const [instrumentId, quantity] of input.holdings) {
    if (!(quantity > 0)) continue;
    const instrument = instruments.get(instrumentId);
    if (!instrument) throw new Error(`no instrument ${instrumentId} for the holding`);
    rows.push(...bondCashFlows(instrument, quantity, input.asOf, horizonEnd));
  }
  const windowStart = addMonthsClamped(input.asOf, -12);
  for (const m of input.movements) {
    if (m.cause !== 'DIVIDEND' || m.instrumentId == null) continue;
    if (compareDates(m.date, windowStart) <= 0 || compareDates(m.date, input.asOf) > 0) continue;
    const quantityNow = input.holdings.get(m.instrumentId) ?? 0;
    if (!(quantityNow > 0)) continue;
    const heldThen = quantityAt(m.instrumentId, m.date, quantityNow, input.asOf, input.movements);
    if (!(heldThen > 0)) continue;
    const instrument = instruments.get(m.instrumentId);
    const amount = roundMoney((m.amount / heldThen) * quantityNow);
    for (let k = 1; k <= years; k++) {
      const date = addMonthsClamped(m.date, 12 * k);
      if (compareDates(date, input.asOf) <= 0 || compareDates(date, horizonEnd) > 0) continue;
      rows.push({
        date,
        instrumentId: m.instrumentId,
        isin: instrument?.isin ?? null,
        name: instrument?.name ?? null,
        type: 'DIVIDEND',
        amount,
        currency: m.currency,
        estimated: true,
      });
    }
  }
  return rows;
}

/** Quantity of an instrument at the end of `date`: the quantity at `asOf` minus the trades dated in (date, asOf]. */
function quantityAt(
  instrumentId: number,
  date: IsoDate,
  quantityAsOf: number,
  asOf: IsoDate,
  movements: ReadonlyArray<Movement>,
): number {
  let q = quantityAsOf;
  for (const m of movements) {
    if (m.instrumentId !== instrumentId || m.quantity == null) continue;
    if (compareDates(m.date, date) <= 0 || compareDates(m.date, asOf) > 0) continue;
    if (SECURITY_IN.has(m.cause)) q -= m.quantity;
    else if (SECURITY_OUT.has(m.cause)) q += m.quantity;
  }
  return q;
}

export interface CedoleReportInput extends CedoleInput {
  /** The report range (dateFrom, dateTo], DESIGN.md 4 period convention. */
  period: Period;
}

/**
 * The cedole report (GET /report/{ptf}/cedole?dateFrom&dateTo) over (dateFrom, dateTo]:
 * - paid: the COUPON and DIVIDEND movements dated in the range and on or before asOf, gross, in the movement's
 *   currency, amountEur at the movement date's rate, estimated false;
 * - expected: projectCedole rows (after asOf, within the horizon) dated in the range.
 * Worked example: asOf 2024-12-31, range (2024-06-30, 2025-06-30]: the coupon paid on 2024-09-16 (150.00), then
 * the expected coupon of 2025-03-15 (150.00) and the estimated dividend of 2025-05-20 (90.00 USD).
 */
export function cedoleReport(input: CedoleReportInput): CedolaRow[] {
  const { start, end } = input.period;
  const instruments = new Map(input.instruments.map((i) => [i.id, i]));
  const rows: CedolaRow[] = [];
  for (const m of input.movements) {
    if (m.cause !== 'COUPON' && m.cause !== 'DIVIDEND') continue;
    if (compareDates(m.date, start) <= 0 || compareDates(m.date, end) > 0 || compareDates(m.date, input.asOf) > 0)
      continue;
    const instrument = m.instrumentId != null ? instruments.get(m.instrumentId) : undefined;
    const row: CedolaRow = {
      date: m.date,
      instrumentId: m.instrumentId ?? null,
      isin: instrument?.isin ?? null,
      name: instrument?.name ?? null,
      type: m.cause,
      amount: roundMoney(m.amount),
      currency: m.currency,
      estimated: false,
    };
    if (input.rate) row.amountEur = roundMoney(amountInEur(m.amount, m.currency, m.date, input.rate));
    rows.push(row);
  }
  const expected = projectedRows(input).filter(
    (r) => compareDates(r.date, start) > 0 && compareDates(r.date, end) <= 0,
  );
  rows.push(...withEur(expected, input));
  return sortRows(rows);
}
