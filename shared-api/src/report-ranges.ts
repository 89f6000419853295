// Report rules shared by the portal's pages (mf-financial, mf-realestate) and the widget data API (server, issue 20),
// so that a widget shows the same figures as the page: one copy of each rule.
import { SHARE_METRICS } from './contract/shares-lux-schemas.ts';
import type { BusinessChartData } from './contract/widget-schemas.ts';

const pad = (n: number) => String(n).padStart(2, '0');
const finite = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

/**
 * The fee table's start (spec: dateFrom is the start of the quarter three quarters back, so four quarters show).
 * feeRangeStart('2026-11-21') = '2026-01-01' (Q4 2026 back to Q1 2026); feeRangeStart('2026-02-10') = '2025-04-01'.
 */
export function feeRangeStart(dateTo: string): string {
  const year = Number(dateTo.slice(0, 4));
  const quarter = Math.floor((Number(dateTo.slice(5, 7)) - 1) / 3); // 0..3
  const index = year * 4 + quarter - 3;
  const y = Math.floor(index / 4);
  const q = index - y * 4;
  return `${String(y).padStart(4, '0')}-${pad(q * 3 + 1)}-01`;
}

/**
 * The waterfall's opening value: the first point of the daily series, else the first trend row less its changes
 * (engine trend: total = previous total + transfers + performance).
 */
export function waterfallStart(
  dateFrom: string,
  data: ReadonlyArray<{ date: string; total: number }>,
  trend: ReadonlyArray<{ total: number; performance: number; transfers: number }>,
): { date: string; total: number } {
  const first = data[0];
  if (first) return { date: dateFrom, total: finite(first.total) };
  const row = trend[0];
  return { date: dateFrom, total: row ? finite(row.total) - finite(row.performance) - finite(row.transfers) : 0 };
}

/** The three yearly figures of the family companies, in the business chart's order. */
const SHARE_GRAPH_KINDS = SHARE_METRICS;
type ShareGraphKind = (typeof SHARE_METRICS)[number];
/** A company's figure in a share graph answer (GET /shares/graph/{metric}/{year}). */
interface ShareGraphPoint {
  companyId: number;
  legalName: string;
  value: number;
}

/**
 * The figures of one year in the business chart widget's shape (shared-api BusinessChartData): a company per entry
 * (in the order the answers first name it) with its own revenue, profit and EBITDA, 0 where an answer lacks the
 * company. Companies are told apart by id (two may share a legal name). Worked example: revenue [{1 A, 100},
 * {2 B, 50}], profit [{1 A, 10}], ebitda [{2 B, -5}] give A (100, 10, 0) and B (50, 0, -5). Null while any answer
 * is missing.
 */
export function businessChartData(
  graphs: Readonly<Record<ShareGraphKind, ReadonlyArray<ShareGraphPoint> | undefined>>,
  year: number | null,
): BusinessChartData | null {
  if (SHARE_GRAPH_KINDS.some((k) => graphs[k] === undefined)) return null;
  const companies = new Map<number, string>();
  for (const k of SHARE_GRAPH_KINDS)
    for (const p of graphs[k]!) if (!companies.has(p.companyId)) companies.set(p.companyId, p.legalName);
  const figure = (k: ShareGraphKind) => new Map(graphs[k]!.map((p) => [p.companyId, p.value]));
  const [revenue, profit, ebitda] = SHARE_GRAPH_KINDS.map(figure) as [
    Map<number, number>,
    Map<number, number>,
    Map<number, number>,
  ];
  return {
    year,
    companies: [...companies].map(([id, label]) => ({
      label,
      revenue: revenue.get(id) ?? 0,
      profit: profit.get(id) ?? 0,
      ebitda: ebitda.get(id) ?? 0,
    })),
  };
}
