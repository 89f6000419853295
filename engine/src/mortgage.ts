// Mortgages: amortisation schedules, residual debt and the monthly cost of a mortgage. DESIGN.md section 4;
// fields as in the spec's Mortgage entity (data-and-admin.md section 3). Conventions: engine/README.md, "Mortgages".
import { addMonthsClamped, compareDates } from './calendar.ts';
import { roundMoney } from './rounding.ts';
import type { IsoDate } from './types.ts';

export type RataType = 'MONTHLY' | 'QUARTERLY' | 'FOUR_MONTH' | 'HALF_YEARLY' | 'YEARLY';
export type InterestRateType = 'FIX' | 'EU3M' | 'EU6M' | 'EU1A';
/** CONST: constant installment (French); VAR: constant principal (Italian). */
export type Amortization = 'CONST' | 'VAR';

/** Payments a year by rataType. */
export const PAYMENTS_PER_YEAR: Readonly<Record<RataType, 12 | 4 | 3 | 2 | 1>> = {
  MONTHLY: 12,
  QUARTERLY: 4,
  FOUR_MONTH: 3,
  HALF_YEARLY: 2,
  YEARLY: 1,
};

/** The spec's simulation adjustment to variable rates, in percentage points: 3.5% is simulated as 3.1%. */
export const SIMULATION_VARIABLE_RATE_ADJUSTMENT = 0.4;

/** A mortgage as the spec names its fields. Rates are annual, in percent (3.5 = 3.5% a year). */
export interface Mortgage {
  /** Amount borrowed (EUR), > 0. */
  amount: number;
  /** Start date: installment k is due k periods after it. */
  initDate: IsoDate;
  rataType: RataType;
  /** Number of installments, a positive integer. */
  totalRata: number;
  interestRateType: InterestRateType;
  amortization: Amortization;
  /** Annual nominal rate in percent: the fixed rate, or the all-in rate of a variable mortgage. */
  interestRate: number;
  /** Variable rates only, optional: the index (Euribor 3M/6M/1Y) in percent; with it the rate is indexRate + spread. */
  indexRate?: number | null;
  /** Variable rates only, optional: the bank's spread over the index in percent (0 if absent). */
  spread?: number | null;
}

export interface MortgageOptions {
  /** Simulations lower variable rates by SIMULATION_VARIABLE_RATE_ADJUSTMENT percentage points. */
  simulation?: boolean;
}

export interface ScheduleRow {
  /** 1..totalRata. */
  number: number;
  dueDate: IsoDate;
  /** interest + principal, EUR rounded to cents. */
  installment: number;
  interest: number;
  principal: number;
  /** Debt left after this payment. */
  residual: number;
}

/**
 * The annual rate used, in percent: FIX uses interestRate; EU3M, EU6M and EU1A use indexRate + spread when an index
 * is given, else interestRate; simulations subtract 0.4 points from variable rates. Never below 0 (a mortgage does
 * not pay the borrower).
 * Worked example: EU3M with index 2.1 and spread 1.2 is 3.3; as a simulation 2.9; FIX 3.5 stays 3.5 in a simulation.
 */
export function effectiveAnnualRate(mortgage: Mortgage, options: MortgageOptions = {}): number {
  const variable = mortgage.interestRateType !== 'FIX';
  let rate =
    variable && mortgage.indexRate != null ? mortgage.indexRate + (mortgage.spread ?? 0) : mortgage.interestRate;
  if (variable && options.simulation) rate -= SIMULATION_VARIABLE_RATE_ADJUSTMENT;
  return Math.max(0, rate);
}

function validate(m: Mortgage): void {
  if (!(Number.isFinite(m.amount) && m.amount > 0)) throw new RangeError(`mortgage amount must be > 0: ${m.amount}`);
  if (!(Number.isInteger(m.totalRata) && m.totalRata > 0)) {
    throw new RangeError(`mortgage totalRata must be a positive integer: ${m.totalRata}`);
  }
  if (!(m.rataType in PAYMENTS_PER_YEAR)) throw new RangeError(`unknown rataType: ${m.rataType}`);
  if (m.amortization !== 'CONST' && m.amortization !== 'VAR') {
    throw new RangeError(`unknown amortization: ${m.amortization}`);
  }
  if (!Number.isFinite(m.interestRate))
    throw new RangeError(`mortgage interestRate must be a number: ${m.interestRate}`);
}

/**
 * Due date of installment k (1-based): initDate + k periods in months, the day clamped to the month's end, always
 * counted from initDate (a clamped date does not carry over).
 * Worked example: from 2023-08-31, MONTHLY k = 6 is 2024-02-29 and k = 7 is 2024-03-31; QUARTERLY k = 1 is 2023-11-30.
 */
export function dueDate(mortgage: Mortgage, k: number): IsoDate {
  return addMonthsClamped(mortgage.initDate, (k * 12) / PAYMENTS_PER_YEAR[mortgage.rataType]);
}

/**
 * The amortisation schedule. Computed in doubles and rounded to cents at the edge, so rounding never accumulates:
 * the periodic rate is i = annual rate / 100 / payments a year, and
 * - CONST (French): installment A = P i / (1 - (1 + i)^-n) (P / n at a zero rate), residual r_k = r_{k-1} (1 + i) - A;
 * - VAR (constant principal): r_k = P (1 - k / n), interest i r_{k-1}, installment P / n + i r_{k-1}.
 * Each row shows the residual rounded to the cent, the principal as the fall of the rounded residual (so the
 * principal sums to the amount exactly and the residual ends at 0). CONST shows the rounded A as every installment and
 * the interest as installment - principal (a cent away from i r_{k-1} at most); VAR shows the interest rounded and
 * the installment as interest + principal. A variable rate is held at today's value for the whole life (no
 * forward curve).
 *
 * Worked example: 100,000 at 3% (FIX, CONST), MONTHLY, 240 installments from 2024-01-31: i = 0.0025,
 * A = 250 / (1 - 1.0025^-240) = 554.5976 -> 554.60; row 1 (due 2024-02-29): residual 100,000 x 1.0025 - 554.5976
 * = 99,695.4024 -> 99,695.40, principal 304.60, interest 250.00; row 2 (2024-03-31): residual 99,390.0433 ->
 * 99,390.04, principal 305.36, interest 249.24.
 */
export function mortgageSchedule(mortgage: Mortgage, options: MortgageOptions = {}): ScheduleRow[] {
  validate(mortgage);
  const n = mortgage.totalRata;
  const i = effectiveAnnualRate(mortgage, options) / 100 / PAYMENTS_PER_YEAR[mortgage.rataType];
  const amount = mortgage.amount;
  // 1 - (1 + i)^-n as -expm1(-n log1p(i)), exact even for a rate so small that 1 + i rounds to 1.
  const level = i === 0 ? amount / n : (amount * i) / -Math.expm1(-n * Math.log1p(i));
  const rows: ScheduleRow[] = [];
  let exact = amount;
  let shown = roundMoney(amount);
  for (let k = 1; k <= n; k++) {
    const interestExact = exact * i;
    const nextExact =
      k === n ? 0 : mortgage.amortization === 'CONST' ? exact + interestExact - level : amount * (1 - k / n);
    const nextShown = Math.max(0, roundMoney(nextExact));
    const principal = roundMoney(shown - nextShown);
    let installment: number;
    let interest: number;
    if (mortgage.amortization === 'CONST') {
      installment = roundMoney(level);
      interest = roundMoney(installment - principal);
      // Only at a (near) zero rate can the cent of rounding in the principal exceed the interest.
      if (interest < 0) {
        interest = 0;
        installment = principal;
      }
    } else {
      interest = roundMoney(interestExact);
      installment = roundMoney(principal + interest);
    }
    rows.push({ number: k, dueDate: dueDate(mortgage, k), installment, interest, principal, residual: nextShown });
    exact = nextExact;
    shown = nextShown;
  }
  return rows;
}

/**
 * Debt left at the end of `at`: the amount less the principal of the installments due on or before `at`
 * (before the first due date, the whole amount; after the last, 0).
 * Worked example: the 100,000 / 3% / 240 monthly mortgage from 2024-01-31 owes 100,000.00 on 2024-02-28,
 * 99,695.40 on 2024-02-29 (first installment due) and 99,390.04 on 2024-04-15.
 */
export function residualDebt(mortgage: Mortgage, at: IsoDate, options: MortgageOptions = {}): number {
  let residual = roundMoney(mortgage.amount);
  for (const row of mortgageSchedule(mortgage, options)) {
    if (compareDates(row.dueDate, at) > 0) break;
    residual = row.residual;
  }
  return residual;
}

export interface InstallmentsDue {
  /** Installments due in the window. */
  count: number;
  /** Their sums, EUR rounded to the cent. */
  installments: number;
  interest: number;
  principal: number;
}

/**
 * The installments due in (start, end]: due after `start`, on or before `end` (the days a payment actually falls on,
 * not a monthly average), with their sums. The overview's yearly real-estate flux uses the 12 months to a date,
 * (date - 12 months, date].
 * Worked example: 10,000 at 5% (FIX, CONST), YEARLY, 3 installments from 2024-03-15 (3,672.09 each, due 2025-03-15,
 * 2026-03-15, 2027-03-15): (2024-03-14, 2025-03-14] holds none (0, before the first is due); (2024-03-15,
 * 2025-03-15] holds the first, 3,672.09 (interest 500.00, principal 3,172.09).
 */
export function installmentsDue(
  mortgage: Mortgage,
  start: IsoDate,
  end: IsoDate,
  options: MortgageOptions = {},
): InstallmentsDue {
  const due = mortgageSchedule(mortgage, options).filter(
    (row) => compareDates(row.dueDate, start) > 0 && compareDates(row.dueDate, end) <= 0,
  );
  const sum = (pick: (row: ScheduleRow) => number) => roundMoney(due.reduce((s, row) => s + pick(row), 0));
  return {
    count: due.length,
    installments: sum((row) => row.installment),
    interest: sum((row) => row.interest),
    principal: sum((row) => row.principal),
  };
}

export interface YearInstallments {
  year: number;
  /** Installments due in the calendar year. */
  count: number;
  installments: number;
  interest: number;
  principal: number;
}

/**
 * The installments due in a calendar year, with their sums (cents).
 * Worked example: the 100,000 / 3% / 240 monthly mortgage from 2024-01-31 has 11 installments in 2024 (February to
 * December), 11 x 554.60 = 6,100.60; 12 in 2025 (6,655.20); 1 in 2044 (the last, January).
 */
export function installmentsInYear(mortgage: Mortgage, year: number, options: MortgageOptions = {}): YearInstallments {
  const prefix = `${String(year).padStart(4, '0')}-`;
  const due = mortgageSchedule(mortgage, options).filter((row) => row.dueDate.startsWith(prefix));
  const sum = (pick: (row: ScheduleRow) => number) => roundMoney(due.reduce((s, row) => s + pick(row), 0));
  return {
    year,
    count: due.length,
    installments: sum((row) => row.installment),
    interest: sum((row) => row.interest),
    principal: sum((row) => row.principal),
  };
}

/**
 * Monthly cost of the mortgage at a date, for the real-estate `monthlyDebt` figure: the next installment due after
 * `at` (the first one if `at` is before it) times payments a year / 12; 0 once the last installment is paid.
 * Worked example: a QUARTERLY CONST mortgage of 50,000 at 4% over 40 installments: i = 0.01, installment =
 * 500 / (1 - 1.01^-40) = 1,522.78; monthly equivalent = 1,522.78 x 4 / 12 = 507.59.
 */
export function monthlyInstallment(mortgage: Mortgage, at: IsoDate, options: MortgageOptions = {}): number {
  const next = mortgageSchedule(mortgage, options).find((row) => compareDates(row.dueDate, at) > 0);
  if (!next) return 0;
  return roundMoney((next.installment * PAYMENTS_PER_YEAR[mortgage.rataType]) / 12);
}
