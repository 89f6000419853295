// The fee table's model (pure): per account the six fee subcauses in the spec's order (CONTO_CORRENTE,
// DEPOSITO_TITOLI, NEGOZIAZIONE, GESTIONE, CONSULENZA, Altro; a missing or unknown subcause counts as Altro) by
// quarter, with the account's total per quarter, and the totals of all accounts. Values in EUR, summed to cents.

import { FEE_REPORT_SUBCAUSES, type FeeReportSubcause } from '@patrimonio/shared-api/constants';

export type FeeSubcause = FeeReportSubcause;

export interface FeeQuarterRef {
  quarter: number;
  year: number;
}

/** The fees report's fields the table reads (shared-api FeesReport fits it). */
export interface FeeTableData {
  /** The columns; when absent, the quarters found in the rows, in time order. */
  quarters?: ReadonlyArray<FeeQuarterRef>;
  accountComposition: ReadonlyArray<{
    accountId?: number | string;
    intermediary: string;
    user: string;
    gm?: number;
    subcauses: ReadonlyArray<{
      subcauseName: string | null;
      quarters: ReadonlyArray<FeeQuarterRef & { value: number }>;
    }>;
  }>;
}

export interface FeeAccountModel {
  key: string;
  intermediary: string;
  user: string;
  gm: number | null;
  /** Always the six subcauses in order; values per quarter column. */
  rows: Array<{ subcause: FeeSubcause; values: number[]; total: number }>;
  /** Per quarter column. */
  totals: number[];
  total: number;
}

export interface FeeTableModel {
  quarters: FeeQuarterRef[];
  accounts: FeeAccountModel[];
  /** All accounts, per quarter column. */
  totals: number[];
  total: number;
}

const cents = (v: number) => Math.round(v * 100) / 100;
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
const order = (q: FeeQuarterRef) => q.year * 4 + q.quarter;
export const subcauseOf = (name: string | null | undefined): FeeSubcause =>
  (FEE_REPORT_SUBCAUSES as ReadonlyArray<string>).includes(name ?? '') ? (name as FeeSubcause) : 'Altro';

/**
 * The table. Worked example: one account, quarters 2024 Q1 and Q2, CONTO_CORRENTE [7.5, 7.5], NEGOZIAZIONE [10, 0],
 * a null subcause [0, 2.5]: six rows (GESTIONE and CONSULENZA zero), Altro [0, 2.5], account totals [17.5, 10],
 * total 27.5.
 */
export function feeTableModel(data: FeeTableData | null | undefined): FeeTableModel {
  const accountsIn = data?.accountComposition ?? [];
  let quarters: FeeQuarterRef[];
  if (data?.quarters && data.quarters.length > 0) {
    quarters = data.quarters.map((q) => ({ quarter: q.quarter, year: q.year }));
  } else {
    const seen = new Map<number, FeeQuarterRef>();
    for (const a of accountsIn)
      for (const s of a.subcauses) for (const q of s.quarters) seen.set(order(q), { quarter: q.quarter, year: q.year });
    quarters = [...seen.values()].sort((a, b) => order(a) - order(b));
  }
  const column = new Map(quarters.map((q, i) => [order(q), i]));

  const accounts = accountsIn.map((a, ai): FeeAccountModel => {
    const sums = new Map<FeeSubcause, number[]>(FEE_REPORT_SUBCAUSES.map((s) => [s, quarters.map(() => 0)]));
    for (const s of a.subcauses) {
      const row = sums.get(subcauseOf(s.subcauseName))!;
      for (const q of s.quarters) {
        const i = column.get(order(q));
        if (i !== undefined) row[i] = row[i]! + num(q.value);
      }
    }
    const rows = FEE_REPORT_SUBCAUSES.map((subcause) => {
      const values = sums.get(subcause)!.map(cents);
      return { subcause, values, total: cents(values.reduce((x, y) => x + y, 0)) };
    });
    const totals = quarters.map((_, i) => cents(rows.reduce((x, r) => x + r.values[i]!, 0)));
    return {
      key: a.accountId !== undefined ? String(a.accountId) : `a${ai}`,
      intermediary: a.intermediary,
      user: a.user,
      gm: typeof a.gm === 'number' && Number.isFinite(a.gm) ? a.gm : null,
      rows,
      totals,
      total: cents(totals.reduce((x, y) => x + y, 0)),
    };
  });
  const totals = quarters.map((_, i) => cents(accounts.reduce((x, a) => x + a.totals[i]!, 0)));
  return { quarters, accounts, totals, total: cents(totals.reduce((x, y) => x + y, 0)) };
}
