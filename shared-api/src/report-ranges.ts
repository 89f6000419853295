// Report rules shared by the portal's pages (mf-financial) and the widget data API (server, issue 20), so that a
// widget shows the same figures as the page: one copy of each rule.

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
