// The family business page without React: what it asks the API for, the owners cell, the year the chart shows,
// the revenue / profit / EBITDA bars, and the company form's rules. Pure, so the rules are tested on their own.
import type {
  Company,
  CompanyCreate,
  CompanyFiguresInput,
  CompanyFiguresUpdate,
  CompanyHoldingsBody,
  ShareGraph,
} from '@patrimonio/shared-api';
import { SHARE_METRICS, SHARE_YEAR_MAX, SHARE_YEAR_MIN } from '../common/contract.ts';

/** Spec data-and-admin section 9: family business shares, size 10000, year desc. */
export const SHARES_PAGE_SIZE = 10_000;
export const SHARES_SORT = 'year,desc';

/** The three figures of the chart, one call each (/share/graph/{metric}/{year}), in the bars' order. */
export const GRAPH_KINDS = SHARE_METRICS;
export type GraphKind = (typeof GRAPH_KINDS)[number];

/**
 * The owners cell: 'name percentage' per holder, joined by commas, with the percentage formatted by the page's
 * locale. The holders the user may not see come from the API as one entry without id and name (their percentages
 * summed) and read `othersLabel`. Worked example (Italian): [{Mario Rossi, 60}, {Anna Rossi, 40}] gives
 * 'Mario Rossi 60,00%, Anna Rossi 40,00%'; [{Mario Rossi, 60}, {null, 25}] gives 'Mario Rossi 60,00%, Altri soci 25,00%'.
 */
export function ownersText(
  owners: ReadonlyArray<{ name: string | null; percentage: number | null }>,
  formatPercent: (points: number | null) => string,
  othersLabel: string,
): string {
  return owners.map((o) => `${o.name ?? othersLabel} ${formatPercent(o.percentage)}`).join(', ');
}

/**
 * Whether a company has holders the user may not see (the API's summed entry without a client id): the user may
 * not change it (the API answers 404), so the table offers no edit or delete on it.
 */
export const hasUnseenHolders = (owners: ReadonlyArray<{ clientId: number | null }>): boolean =>
  owners.some((o) => o.clientId === null);

/**
 * The year the chart shows: the one asked for (from the URL) when the API lists it, else the latest listed, else
 * none. Years come from /share/year in any order.
 */
export function chartYear(years: ReadonlyArray<number> | undefined, requested: number | null): number | null {
  if (!years || years.length === 0) return null;
  if (requested !== null && years.includes(requested)) return requested;
  return Math.max(...years);
}

/** The chart's years, latest first (the year selector's options). */
export const yearsDesc = (years: ReadonlyArray<number> | undefined): number[] =>
  [...new Set(years ?? [])].sort((a, b) => b - a);

export type GraphPoint = ShareGraph['item'][number];

/** The business chart's figures of one year: one rule with the widget data API (shared-api report-ranges.ts). */
export { businessChartData } from '@patrimonio/shared-api';

// The company form.

export interface HolderDraft {
  /** The owning client. */
  clientId: number | null;
  /** As the percent input stores it: a fraction (0.6 for 60%). */
  share: number | null;
}

export interface FiguresDraft {
  /** As typed in the year box. */
  year: string;
  /** A year the company already has figures for (editing): its year is the key and stays as it is. */
  stored?: boolean;
  revenue: number | null;
  profit: number | null;
  ebitda: number | null;
  /** The company's value that year. */
  value: number | null;
}

export interface CompanyDraft {
  legalName: string;
  holders: HolderDraft[];
  figures: FiguresDraft[];
}

export const emptyHolder = (clientId: number | null = null): HolderDraft => ({ clientId, share: null });
export const emptyFigures = (year: number | null = null): FiguresDraft => ({
  year: year === null ? '' : String(year),
  revenue: null,
  profit: null,
  ebitda: null,
  value: null,
});

/**
 * The company form's fields by body path where they differ: the holders' rows ('holdings.0.percentage' is the
 * percent box 'holders.0.share'; the API holds at most 100) and the lists' own messages (no holder, no year).
 */
export const COMPANY_FIELDS: Record<string, string> = {
  holdings: 'holdersList',
  figures: 'figuresList',
  ...Object.fromEntries(
    Array.from({ length: 100 }, (_, i) => [
      [`holdings.${i}.clientId`, `holders.${i}.clientId`],
      [`holdings.${i}.percentage`, `holders.${i}.share`],
    ]).flat(),
  ),
};

/**
 * The company form's rules beyond its contract body (CompanyCreate: a legal name; at least one holder, a client
 * with a share above 0 and at most 100% each; each year a whole number in 1900-2100 with revenue and value never
 * negative and profit and EBITDA of either sign), by body path: each holder a distinct client, the shares adding up
 * to at most 100% (a family may hold part of a company), at least one year of figures, each year given once.
 * Worked example: holders 60% and 50% give { holdings: 'total' } (110% > 100%).
 */
export function companyRules(d: CompanyDraft): Record<string, 'required' | 'duplicate' | 'total' | undefined> {
  const e: Record<string, 'required' | 'duplicate' | 'total' | undefined> = {};
  if (d.holders.length === 0) e.holdings = 'required';
  const seenClients = new Set<number>();
  let total = 0;
  d.holders.forEach((h, i) => {
    if (h.clientId !== null && seenClients.has(h.clientId)) e[`holdings.${i}.clientId`] = 'duplicate';
    if (h.clientId !== null) seenClients.add(h.clientId);
    if (h.share !== null && h.share > 0 && h.share <= 1) total += h.share;
  });
  // Fractions with 4 decimals (2 of the percent points): compare in basis points to avoid 0.1 + 0.2 drift.
  if (Math.round(total * 10_000) > 10_000) e.holdings = 'total';

  if (d.figures.length === 0) e.figures = 'required';
  const seenYears = new Set<number>();
  d.figures.forEach((f, i) => {
    const year = readYear(f.year);
    if (year !== null && seenYears.has(year)) e[`figures.${i}.year`] = 'duplicate';
    if (year !== null) seenYears.add(year);
  });
  return e;
}

/** A year typed in a box: a whole number the API accepts (1900-2100), or null (empty, not a year, out of range). */
export function readYear(text: string): number | null {
  const t = text.trim();
  if (!/^\d{4}$/.test(t)) return null;
  const year = Number(t);
  return year >= SHARE_YEAR_MIN && year <= SHARE_YEAR_MAX ? year : null;
}

// From the form to the API. The percent input keeps fractions (0.6); the API takes percent points (60). Built from
// any draft, so the contract names what is missing: an empty field goes as null, a year as typed when it is not one.

const toPoints = (fraction: number) => Math.round(fraction * 10_000) / 100;
const toFraction = (points: number) => Math.round(points * 100) / 10_000;

/** The holders as the API takes them. */
export const holdingsOf = (d: CompanyDraft): CompanyHoldingsBody['holdings'] =>
  d.holders.map((h) => ({ clientId: h.clientId!, percentage: (h.share === null ? null : toPoints(h.share))! }));

/** One year's figures as the API takes them. */
export const figuresOf = (f: FiguresDraft): CompanyFiguresInput => ({
  year: readYear(f.year) ?? (f.year.trim() as unknown as number),
  revenue: f.revenue!,
  profit: f.profit!,
  ebitda: f.ebitda!,
  value: f.value!,
});

/** The body that adds a company: the contract checks it (companyRules the rest), then the dialog sends it. */
export const createBody = (d: CompanyDraft): CompanyCreate => ({
  legalName: d.legalName.trim(),
  holdings: holdingsOf(d),
  figures: d.figures.map(figuresOf),
});

/** The form filled with a stored company: its holders (fractions) and its years (locked). */
export function draftOf(c: Company): CompanyDraft {
  return {
    legalName: c.legalName,
    holders: c.holdings.map((h) => ({ clientId: h.clientId, share: toFraction(h.percentage) })),
    figures: c.figures.map((f) => ({
      year: String(f.year),
      stored: true,
      revenue: f.revenue,
      profit: f.profit,
      ebitda: f.ebitda,
      value: f.value,
    })),
  };
}

/** The calls that turn a stored company into the edited draft: only what changed. */
export interface CompanyChanges {
  legalName: string | null;
  holdings: CompanyHoldingsBody['holdings'] | null;
  addFigures: CompanyFiguresInput[];
  updateFigures: Array<{ year: number; body: CompanyFiguresUpdate }>;
  removeYears: number[];
}

/**
 * What to send for an edit (call only on a valid draft). Worked example: a company 'Alfa' held 100% by client 1
 * with 2023 figures, edited to 'Alfa Srl' with the same holder, 2023 revenue changed and 2024 added, gives
 * legalName 'Alfa Srl', holdings null, updateFigures [2023], addFigures [2024], removeYears [].
 */
export function companyChanges(stored: Company, d: CompanyDraft): CompanyChanges {
  const name = d.legalName.trim();
  const holdings = holdingsOf(d);
  const key = (list: ReadonlyArray<{ clientId: number | null; percentage: number }>) =>
    JSON.stringify([...list].map((h) => [h.clientId, h.percentage]).sort((a, b) => a[0]! - b[0]!));
  const before = new Map(stored.figures.map((f) => [f.year, f]));
  const after = d.figures.map(figuresOf);
  const afterYears = new Set(after.map((f) => f.year));
  const updateFigures: CompanyChanges['updateFigures'] = [];
  const addFigures: CompanyFiguresInput[] = [];
  for (const f of after) {
    const old = before.get(f.year);
    if (!old) addFigures.push(f);
    else if (old.revenue !== f.revenue || old.profit !== f.profit || old.ebitda !== f.ebitda || old.value !== f.value)
      updateFigures.push({
        year: f.year,
        body: { revenue: f.revenue, profit: f.profit, ebitda: f.ebitda, value: f.value },
      });
  }
  return {
    legalName: name !== stored.legalName ? name : null,
    holdings: key(holdings) !== key(stored.holdings) ? holdings : null,
    addFigures,
    updateFigures,
    removeYears: stored.figures.map((f) => f.year).filter((y) => !afterYears.has(y)),
  };
}
