// Planning (issue 18): the client's planned cash flows outside the portfolios (human capital), their present value
// to retirement, and the probability of reaching a goal under the overview's projection model.
// Conventions and worked examples: engine/README.md, "Human capital" and "Goal probability".
import { DEFAULT_DISCOUNT_RATE, FLOW_FREQUENCIES, type FlowFrequency } from '@patrimonio/shared-api/constants';
import { addMonthsClamped, compareDates, daysBetween, toDayNumber } from './calendar.ts';
import { type ProjectionInput, projectionBand } from './projection.ts';
import { roundMoney } from './rounding.ts';
import type { IsoDate } from './types.ts';
import { normalCdf } from './var.ts';

/** Occurrences a year of a recurring flow; they fall every 12 / n months from the start date. */
export const FLOWS_PER_YEAR: Readonly<Record<Exclude<FlowFrequency, 'ONCE'>, 12 | 4 | 2 | 1>> = {
  MONTHLY: 12,
  QUARTERLY: 4,
  HALF_YEARLY: 2,
  YEARLY: 1,
};

/** A planned cash flow of the client outside the portfolios: salary, pension, rent, living costs, taxes, ... */
export interface PlannedFlow {
  /** Income or expense; amount is always >= 0. */
  direction: 'IN' | 'OUT';
  /** Per occurrence, EUR, at the start date's level. */
  amount: number;
  frequency: FlowFrequency;
  /** First occurrence (the only one for ONCE). */
  startDate: IsoDate;
  /** Last possible occurrence date (inclusive); null: no end. Before startDate: no occurrence. */
  endDate: IsoDate | null;
  /** A fraction a year (0.02 = 2%), > -1; applied in steps on each anniversary of startDate. */
  growthRate: number;
  /** Family member weight, default 1: multiplies every amount. */
  weight?: number;
}

export interface FlowOccurrence {
  date: IsoDate;
  /** Signed (IN +, OUT -), weighted, unrounded. */
  amount: number;
}

/** Default discount rate of the human-capital figure, a fraction a year (3%): the rationale is in engine/README.md. */
export const HUMAN_CAPITAL_DISCOUNT_RATE = DEFAULT_DISCOUNT_RATE;
/** Italian statutory pension age, used when a retirement date is derived from a birth date. */
export const RETIREMENT_AGE = 67;

function validateFlow(flow: PlannedFlow): void {
  if (flow.direction !== 'IN' && flow.direction !== 'OUT') throw new RangeError(`unknown direction: ${flow.direction}`);
  if (!(FLOW_FREQUENCIES as ReadonlyArray<string>).includes(flow.frequency)) {
    throw new RangeError(`unknown frequency: ${flow.frequency}`);
  }
  if (!(Number.isFinite(flow.amount) && flow.amount >= 0))
    throw new RangeError(`flow amount must be >= 0: ${flow.amount}`);
  if (!(Number.isFinite(flow.growthRate) && flow.growthRate > -1)) {
    throw new RangeError(`flow growth rate must be a fraction above -1: ${flow.growthRate}`);
  }
  const weight = flow.weight ?? 1;
  if (!(Number.isFinite(weight) && weight >= 0)) throw new RangeError(`flow weight must be >= 0: ${weight}`);
  toDayNumber(flow.startDate);
  if (flow.endDate !== null) toDayNumber(flow.endDate);
}

/**
 * The occurrences of a flow dated in (from, to]. Occurrence k (k = 0, 1, ...) falls on addMonthsClamped(startDate,
 * k x 12 / perYear), always counted from startDate (a day clamped to a month's end does not carry over), as long as
 * it is on or before endDate; ONCE has only startDate. Its amount is amount x (1 + g)^y x weight, y the whole
 * years elapsed since startDate (occurrence k of a recurring flow: floor(k / perYear)), signed +IN / -OUT, unrounded.
 * Worked example: 1,000 MONTHLY from 2024-01-31 growing 2%: 2024-02-29 1,000 ... 2024-12-31 1,000, 2025-01-31
 * 1,020 (the first anniversary), 2025-02-28 1,020.
 */
export function flowOccurrences(flow: PlannedFlow, from: IsoDate, to: IsoDate): FlowOccurrence[] {
  validateFlow(flow);
  toDayNumber(from);
  toDayNumber(to);
  const sign = flow.direction === 'IN' ? 1 : -1;
  const base = flow.amount * (flow.weight ?? 1);
  const last = flow.endDate !== null && compareDates(flow.endDate, to) < 0 ? flow.endDate : to;
  const out: FlowOccurrence[] = [];
  if (flow.frequency === 'ONCE') {
    if (compareDates(flow.startDate, from) > 0 && compareDates(flow.startDate, last) <= 0) {
      out.push({ date: flow.startDate, amount: sign * base || 0 });
    }
    return out;
  }
  const perYear = FLOWS_PER_YEAR[flow.frequency];
  const step = 12 / perYear;
  const growth = 1 + flow.growthRate;
  // Skip the occurrences in months before from's month: their dates are before from.
  const monthsToFrom =
    (Number(from.slice(0, 4)) - Number(flow.startDate.slice(0, 4))) * 12 +
    (Number(from.slice(5, 7)) - Number(flow.startDate.slice(5, 7)));
  for (let k = Math.max(0, Math.floor((monthsToFrom - 1) / step)); ; k++) {
    const date = addMonthsClamped(flow.startDate, k * step);
    if (compareDates(date, last) > 0) break;
    if (compareDates(date, from) <= 0) continue;
    out.push({ date, amount: sign * base * growth ** Math.floor(k / perYear) || 0 });
  }
  return out;
}

/**
 * The occurrences of all flows in (from, to] added up: income (>= 0), expense (>= 0, the OUT occurrences' size) and
 * net = income - expense, each rounded to the cent (net from the rounded income and expense, so the three agree).
 * Worked example: 2,000 IN MONTHLY and 500 OUT QUARTERLY, both from 2024-01-15: (2024-01-15, 2024-12-31] holds 11
 * salaries (22,000.00) and 3 expenses (1,500.00), net 20,500.00.
 */
export function flowTotals(
  flows: readonly PlannedFlow[],
  from: IsoDate,
  to: IsoDate,
): { income: number; expense: number; net: number } {
  let income = 0;
  let expense = 0;
  for (const flow of flows) {
    for (const o of flowOccurrences(flow, from, to)) {
      if (o.amount >= 0) income += o.amount;
      else expense -= o.amount;
    }
  }
  const incomeR = roundMoney(income);
  const expenseR = roundMoney(expense);
  return { income: incomeR, expense: expenseR, net: roundMoney(incomeR - expenseR) };
}

/**
 * The net flow of each projection year k = 1..years from `start`: the occurrences in (addMonthsClamped(start,
 * 12 (k - 1)), addMonthsClamped(start, 12 k)], rounded to the cent. The yearlyFlows of wealthProjection, whose year k
 * ends on the same date.
 */
export function yearlyNetFlows(flows: readonly PlannedFlow[], start: IsoDate, years: number): number[] {
  if (!(Number.isInteger(years) && years >= 0)) throw new RangeError(`years must be a whole number >= 0: ${years}`);
  const ends = Array.from({ length: years }, (_, k) => addMonthsClamped(start, 12 * (k + 1)));
  const sums = new Array<number>(years).fill(0);
  if (years === 0) return sums;
  for (const flow of flows) {
    let year = 0;
    for (const o of flowOccurrences(flow, start, ends[years - 1]!)) {
      while (compareDates(o.date, ends[year]!) > 0) year++;
      sums[year]! += o.amount;
    }
  }
  return sums.map(roundMoney);
}

/**
 * The human-capital figure: the present value at `asOf` of every occurrence in (asOf, retirementDate], each
 * discounted actual/365 at the yearly rate r (a fraction, 0.03 = 3%): amount / (1 + r)^(days / 365), days from asOf to the
 * occurrence. `value` is the net present value (income positive, expenses negative), `income` and `expense` the
 * undiscounted sums (>= 0), all rounded to the cent; `occurrences` counts them. Nothing after retirement (pensions
 * are not counted as human capital here: a flow must fall in the window to count). Zero when retirementDate <= asOf.
 * Worked example: engine/README.md, "Human capital".
 */
export function humanCapital(
  flows: readonly PlannedFlow[],
  asOf: IsoDate,
  retirementDate: IsoDate,
  discountRate: number,
): { value: number; income: number; expense: number; occurrences: number } {
  if (!(Number.isFinite(discountRate) && discountRate > -1)) {
    throw new RangeError(`discount rate must be a fraction above -1: ${discountRate}`);
  }
  const logDiscount = Math.log1p(discountRate);
  let value = 0;
  let income = 0;
  let expense = 0;
  let occurrences = 0;
  for (const flow of flows) {
    for (const o of flowOccurrences(flow, asOf, retirementDate)) {
      value += o.amount * Math.exp((-daysBetween(asOf, o.date) / 365) * logDiscount);
      if (o.amount >= 0) income += o.amount;
      else expense -= o.amount;
      occurrences++;
    }
  }
  return { value: roundMoney(value), income: roundMoney(income), expense: roundMoney(expense), occurrences };
}

/**
 * The retirement date from a birth date: the age-th birthday (default RETIREMENT_AGE, 67), 29 February giving 28
 * February in a common year. Worked example: retirementFrom('1980-05-12') = '2047-05-12'; retirementFrom('1960-02-29')
 * = '2027-02-28'.
 */
export function retirementFrom(birthDate: IsoDate, age: number = RETIREMENT_AGE): IsoDate {
  if (!(Number.isInteger(age) && age >= 0 && age <= 150)) throw new RangeError(`retirement age must be 0..150: ${age}`);
  return addMonthsClamped(birthDate, 12 * age);
}

/**
 * Years from `start` to `date` on the projection's calendar: the whole years n (anniversaries addMonthsClamped(start,
 * 12 n) on or before the date) plus the share of the next year elapsed, in days: n + (date - A_n) / (A_{n+1} - A_n).
 * So each projection date (an anniversary) is a whole number, and a year is 365 or 366 days as the calendar has it.
 * Negative before start. Worked example: from 2024-05-31, 2026-05-31 is 2; 2026-11-30 is 2 + 183 / 365 = 2.5013699.
 */
export function projectionYears(start: IsoDate, date: IsoDate): number {
  toDayNumber(date);
  let n = Number(date.slice(0, 4)) - Number(start.slice(0, 4));
  while (compareDates(addMonthsClamped(start, 12 * n), date) > 0) n--;
  while (compareDates(addMonthsClamped(start, 12 * (n + 1)), date) <= 0) n++;
  const from = addMonthsClamped(start, 12 * n);
  return n + daysBetween(from, date) / daysBetween(from, addMonthsClamped(start, 12 * (n + 1)));
}

/** The grid step in z when looking for the largest z whose band is below the goal (then refined by bisection). */
const Z_STEP = 1 / 64;
const Z_MAX = 8;

/**
 * The probability (0..1, unrounded) that wealth on targetDate is at least `amount` under the projection model of
 * projection.ts with the same input: the band W(t, z) = W_0 g(t) + sum_{k <= t} F_k g(t - k), g(τ) = exp(drift τ +
 * z s sqrt(τ)), at t = projectionYears(startDate, targetDate) (whole years on the projection dates, the days of the
 * year in progress as a fraction). z* is the largest z in [-8, 8] with W(t, z) < amount (a scan from z = 8 down in
 * steps of 1/64, then bisection to 1e-12), and the probability is 1 - Φ(z*). With flows >= 0 the band rises with z
 * and z* is the one solution of W(t, z*) = amount. Negative flows can make it fall again for very low z (a spending
 * that shrinks with a bad market); that low-z region is counted as missing the goal, so the figure never overstates
 * the chance. W(t, z) < amount at z = 8: 0; W(t, z) >= amount over all of [-8, 8]: 1. `median` is max(0, W(t, 0)) to
 * the cent, `years` is t. Amount <= 0: 1. targetDate on or before startDate: years 0, median the starting wealth,
 * probability 1 if it is >= amount, else 0.
 * Worked example: engine/README.md, "Goal probability".
 */
export function goalProbability(
  input: ProjectionInput,
  targetDate: IsoDate,
  amount: number,
): { probability: number; median: number; years: number } {
  toDayNumber(input.startDate);
  toDayNumber(targetDate);
  if (!Number.isFinite(amount)) throw new RangeError(`goal amount must be a number: ${amount}`);
  const band = projectionBand(input);
  if (compareDates(targetDate, input.startDate) <= 0) {
    const start = band(0, 0);
    return { probability: amount <= 0 || start >= amount ? 1 : 0, median: roundMoney(start), years: 0 };
  }
  const t = projectionYears(input.startDate, targetDate);
  const median = roundMoney(Math.max(0, band(t, 0)));
  if (amount <= 0) return { probability: 1, median, years: t };
  if (band(t, Z_MAX) < amount) return { probability: 0, median, years: t };
  let hi = Z_MAX;
  for (let z = Z_MAX - Z_STEP; z >= -Z_MAX; z -= Z_STEP) {
    if (band(t, z) < amount) {
      let lo = z;
      while (hi - lo > 1e-12) {
        const mid = (lo + hi) / 2;
        if (band(t, mid) < amount) lo = mid;
        else hi = mid;
      }
      return { probability: normalCdf(-(lo + hi) / 2), median, years: t };
    }
    hi = z;
  }
  return { probability: 1, median, years: t };
}
