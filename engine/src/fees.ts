// Fees report (commissioni): FEE movements by subcause, per account and per calendar quarter, in EUR.
// Conventions and worked examples: engine/docs/reports.md section 1.
import { addDays, compareDates, daysBetween, quarterEnd, quarterOf } from './calendar.ts';
import { roundMoney } from './rounding.ts';
import { type Account, FEE_SUBCAUSES, type FeeSubcause, type IsoDate, type Movement } from './types.ts';

/**
 * FX lookup: units of `currency` for one euro on `date` (ECB convention, last known rate carried forward, as
 * market.ts gives it). An amount in that currency is worth amount / rate euro. EUR is never looked up.
 */
export type FxRateLookup = (currency: string, date: IsoDate) => number;

/** The EUR value of an amount on a date: amount / rate, the amount itself for EUR. */
export function amountInEur(amount: number, currency: string, date: IsoDate, rate: FxRateLookup): number {
  if (currency === 'EUR') return amount;
  const r = rate(currency, date);
  if (!(r > 0)) throw new Error(`no FX rate for ${currency} on ${date}`);
  return amount / r;
}

export interface QuarterRef {
  year: number;
  quarter: 1 | 2 | 3 | 4;
}

export interface FeeQuarterValue extends QuarterRef {
  /** Fees of the quarter in EUR, a positive number (a cost), rounded to cents. */
  value: number;
}

export interface FeeSubcauseRow {
  subcauseName: FeeSubcause;
  quarters: FeeQuarterValue[];
}

export interface FeeAccountComposition {
  accountId: number;
  intermediaryId: number;
  intermediary: string;
  /** The account holder's name. */
  user: string;
  /** Giacenza media of the account over the report window (EUR), as given by the caller; 0 when not given. */
  gm: number;
  /** Always the six subcauses, in FEE_SUBCAUSES order, each with every requested quarter (zeros included). */
  subcauses: FeeSubcauseRow[];
}

export interface FeeReport {
  accountComposition: FeeAccountComposition[];
}

/** The first day of a quarter. */
export function quarterStart(q: QuarterRef): IsoDate {
  return `${String(q.year).padStart(4, '0')}-${String(q.quarter * 3 - 2).padStart(2, '0')}-01`;
}

/** The quarter before q. */
function previousQuarter(q: QuarterRef): QuarterRef {
  return q.quarter === 1 ? { year: q.year - 1, quarter: 4 } : { year: q.year, quarter: (q.quarter - 1) as 1 | 2 | 3 };
}

/**
 * The last `count` full calendar quarters up to `endDate`, oldest first. A quarter is full when its last day is
 * on or before `endDate`, so a quarter-end `endDate` counts its own quarter.
 * Worked example: lastFullQuarters('2024-11-22') = 2023 Q4, 2024 Q1, Q2, Q3 (2024 Q4 ends 2024-12-31, after the
 * end date); lastFullQuarters('2024-12-31', 2) = 2024 Q3, 2024 Q4.
 */
export function lastFullQuarters(endDate: IsoDate, count = 4): QuarterRef[] {
  const current = quarterOf(endDate);
  let q: QuarterRef = quarterEnd(current.year, current.quarter) === endDate ? current : previousQuarter(current);
  const out: QuarterRef[] = [];
  for (let i = 0; i < count; i++) {
    out.unshift(q);
    q = previousQuarter(q);
  }
  return out;
}

const subcauseOf = (m: Movement): FeeSubcause => m.subcause ?? 'Altro';

export interface FeeReportInput {
  /** The accounts to report, in display order; every one is listed, even with no fee. */
  accounts: ReadonlyArray<Account>;
  /** Any movements: only FEE rows on a listed account (by `accountId`) count. */
  movements: ReadonlyArray<Movement>;
  /** The report's end date: fees dated after it are left out (a quarter that runs past it counts to date). */
  endDate: IsoDate;
  /** The quarters to show, in display order; default lastFullQuarters(endDate, 4). */
  quarters?: ReadonlyArray<QuarterRef>;
  /** Giacenza media per account id over the same window, computed elsewhere (returns.ts averageHolding). */
  gm?: ReadonlyMap<number, number>;
  /** FX lookup for fees not in EUR, at the movement date. */
  rate: FxRateLookup;
}

/**
 * The fees report: for each account, each of the six subcauses (CONTO_CORRENTE, DEPOSITO_TITOLI, NEGOZIAZIONE,
 * GESTIONE, CONSULENZA, Altro; a FEE with a null subcause is Altro) and each requested quarter, the sum in EUR of
 * the FEE movements booked on the account (`accountId`) dated in the quarter and on or before `endDate`. Amounts
 * in another currency are converted at the FX rate of the movement's date (amount / rate). Values are positive
 * (costs), rounded to cents per cell.
 *
 * Worked example (docs/reports.md 1.2): account 1, quarters 2024 Q1 and Q2; FEE rows 2024-03-31 CONTO_CORRENTE
 * 7.50 EUR, 2024-03-31 DEPOSITO_TITOLI 12.00 EUR, 2024-02-10 NEGOZIAZIONE 10.80 USD at 1.08 USD/EUR = 10.00 EUR,
 * 2024-06-30 CONTO_CORRENTE 7.50 EUR, 2024-06-30 null subcause 2.50 EUR (Altro). Rows: CONTO_CORRENTE [7.50,
 * 7.50], DEPOSITO_TITOLI [12.00, 0], NEGOZIAZIONE [10.00, 0], GESTIONE [0, 0], CONSULENZA [0, 0], Altro [0, 2.50].
 */
export function feeReport(input: FeeReportInput): FeeReport {
  const quarters = input.quarters ?? lastFullQuarters(input.endDate, 4);
  const windows = quarters.map((q) => ({
    from: quarterStart(q),
    to: minDate(quarterEnd(q.year, q.quarter), input.endDate),
  }));
  // sums[accountId][subcause][quarter index]
  const sums = new Map<number, Map<FeeSubcause, number[]>>();
  for (const a of input.accounts) {
    sums.set(a.id, new Map(FEE_SUBCAUSES.map((s) => [s, quarters.map(() => 0)])));
  }
  for (const m of input.movements) {
    if (m.cause !== 'FEE') continue;
    const bySubcause = sums.get(m.accountId);
    if (!bySubcause) continue;
    const qi = windows.findIndex((w) => m.date >= w.from && m.date <= w.to);
    if (qi < 0) continue;
    const row = bySubcause.get(subcauseOf(m))!;
    row[qi] = row[qi]! + amountInEur(m.amount, m.currency, m.date, input.rate);
  }
  return {
    accountComposition: input.accounts.map((a) => {
      const bySubcause = sums.get(a.id)!;
      return {
        accountId: a.id,
        intermediaryId: a.intermediaryId,
        intermediary: a.intermediaryName,
        user: a.ownerName,
        gm: roundMoney(input.gm?.get(a.id) ?? 0),
        subcauses: FEE_SUBCAUSES.map((subcauseName) => ({
          subcauseName,
          quarters: quarters.map((q, i) => ({
            quarter: q.quarter,
            year: q.year,
            value: roundMoney(bySubcause.get(subcauseName)![i]!),
          })),
        })),
      };
    }),
  };
}

const minDate = (a: IsoDate, b: IsoDate): IsoDate => (compareDates(a, b) <= 0 ? a : b);

/**
 * The total row of a fees table: per quarter, the sum of the given subcause rows (of one account, or
 * `report.accountComposition.flatMap((a) => a.subcauses)` for the whole report), rounded to cents; the quarters
 * of the first row give the columns. Summing rounded cells keeps the total row equal to the column it totals.
 * Worked example: rows [7.50, 7.50], [12.00, 0], [10.00, 0], [0, 2.50] give [29.50, 10.00].
 */
export function feeTotalRow(rows: ReadonlyArray<FeeSubcauseRow>): FeeQuarterValue[] {
  const first = rows[0];
  if (!first) return [];
  return first.quarters.map((q, i) => ({
    quarter: q.quarter,
    year: q.year,
    value: roundMoney(rows.reduce((s, r) => s + (r.quarters[i]?.value ?? 0), 0)),
  }));
}

/**
 * Fees as an annualised fraction of the giacenza media (0.0125 = 1.25% a year):
 * total fees of the quarters / gm x 365 / days, where days is the length of the quarters covered (each quarter
 * from its first day to its last, or to `endDate` when that comes first). Null when gm <= 0 or days <= 0.
 * Worked example: fees 29.50 + 10.00 = 39.50 over 2024 Q1 and Q2 (91 + 91 = 182 days), gm 10,000:
 * 39.50 / 10,000 x 365 / 182 = 0.0079217... (0.79% a year). Over four full quarters it is simply fees / gm
 * (x 365/366 in a leap year).
 */
export function feePercentOfGm(account: FeeAccountComposition, endDate?: IsoDate): number | null {
  const quarters = account.subcauses[0]?.quarters ?? [];
  let days = 0;
  for (const q of quarters) {
    const from = quarterStart(q);
    const last = quarterEnd(q.year, q.quarter);
    const to = endDate !== undefined ? minDate(last, endDate) : last;
    days += Math.max(0, daysBetween(addDays(from, -1), to));
  }
  const total = feeTotalRow(account.subcauses).reduce((s, q) => s + q.value, 0);
  if (!(account.gm > 0) || days <= 0) return null;
  return (total / account.gm) * (365 / days);
}
