// The overview's figures, from the dashboard and the total asset history (spec portal-and-report sections 2
// and 3): the total and its split by kind of wealth, the value line, the flux bars. Pure, so easy to test.

/** The kinds of wealth of the dashboard's richComposition, in the order the page shows them. */
export const WEALTH_KINDS = ['financial', 'realEstate', 'share', 'artLux'] as const;
export type WealthKind = (typeof WEALTH_KINDS)[number];

/** The kinds of the dashboard's flux (net income of the last 12 months), in the order of the bars. */
export const FLUX_KINDS = ['financial', 'realEstate', 'share', 'artLux', 'humanCapital'] as const;
export type FluxKind = (typeof FLUX_KINDS)[number];

/** Asset history starts on 2020-01-01 (data-and-admin section 9). */
export const HISTORY_START = '2020-01-01';
/** Asset history page size (portal-and-report section 9). */
export const HISTORY_SIZE = 10000;

const finite = (v: number | null | undefined): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
const cents = (v: number): number => Math.round(v * 100) / 100;

export interface WealthPart {
  kind: WealthKind;
  value: number;
  /** Share of the total in percent points (0 when the total is not positive). */
  percent: number;
}

export interface WealthSplit {
  total: number;
  parts: WealthPart[];
}

/**
 * Total wealth and its split. Worked example: financial 750, realEstate 250, others 0 gives total 1000 and
 * parts 75% / 25% / 0% / 0%. Missing or non-finite values count as 0.
 */
export function wealthSplit(rich: Partial<Record<WealthKind, number>> | null | undefined): WealthSplit {
  const values = WEALTH_KINDS.map((kind) => ({ kind, value: finite(rich?.[kind]) }));
  const total = cents(values.reduce((sum, p) => sum + p.value, 0));
  return {
    total,
    parts: values.map(({ kind, value }) => ({
      kind,
      value,
      percent: total > 0 ? Math.round((value / total) * 10000) / 100 : 0,
    })),
  };
}

/** Donut slices: the kinds with a positive value (a donut cannot show negative or empty slices). */
export function donutParts(split: WealthSplit): WealthPart[] {
  return split.parts.filter((p) => p.value > 0);
}

export interface HistoryPoint {
  date: string;
  value: number;
}

/**
 * The value line: the daily totals from the first day with wealth on (the days before the first movement are
 * zeros and would flatten the line). All zeros give no points.
 */
export function historyPoints(items: ReadonlyArray<HistoryPoint> | null | undefined): HistoryPoint[] {
  const list = items ?? [];
  const first = list.findIndex((p) => finite(p.value) !== 0);
  if (first < 0) return [];
  return list.slice(first).map((p) => ({ date: p.date, value: finite(p.value) }));
}

export interface FluxBar {
  kind: FluxKind;
  value: number;
}

/** The flux bars, or null when every value is zero (the chart is hidden, as in the report). */
export function fluxBars(flux: Partial<Record<FluxKind, number>> | null | undefined): FluxBar[] | null {
  const bars = FLUX_KINDS.map((kind) => ({ kind, value: finite(flux?.[kind]) }));
  return bars.some((b) => b.value !== 0) ? bars : null;
}

/** Whether there is any wealth to show: a non-zero total today or a non-zero day in the history. */
export function hasWealthData(split: WealthSplit, history: ReadonlyArray<HistoryPoint>): boolean {
  return split.parts.some((p) => p.value !== 0) || history.length > 0;
}

/** Whether the projection has something to draw: dates and at least one band with a non-zero value. */
export function hasProjection(
  calculus: { dates: ReadonlyArray<string>; graph: ReadonlyArray<{ data: ReadonlyArray<number> }> } | null | undefined,
): boolean {
  if (!calculus || calculus.dates.length < 2) return false;
  return calculus.graph.some((g) => g.data.some((v) => finite(v) !== 0));
}

/** Which owner the dashboard call is about: its path id and query. BASIC users pass their own client. */
export type DashboardOwner = {
  id: number;
  query: { clientId: number } | { familyId: number } | Record<string, never>;
} | null;

export function dashboardOwner(
  scope: { kind: 'client'; clientId: number } | { kind: 'family'; familyId: number } | { kind: 'own' },
  ownClientId: number | null | undefined,
): DashboardOwner {
  if (scope.kind === 'client') return { id: scope.clientId, query: { clientId: scope.clientId } };
  if (scope.kind === 'family') return { id: scope.familyId, query: { familyId: scope.familyId } };
  return typeof ownClientId === 'number' && ownClientId > 0 ? { id: ownClientId, query: {} } : null;
}
