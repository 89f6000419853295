// The report plan (portal-and-report 2 "Report pages" and issue 7): which pages the PDF has, in order.
import { addMonthsClamped, type IsoDate, quarterOf } from '@patrimonio/engine';
import { REPORT_SECTIONS, type ReportSection } from '@patrimonio/shared-api';
import { portfoliosInRange } from './date-range.ts';
import type { ReportType } from './dialog.ts';
import type { EligiblePortfolio } from './portfolios.ts';

export type ReportPage =
  | { kind: 'cover' }
  | { kind: 'overview' }
  | { kind: 'comparison' }
  | { kind: 'portfolioSummary'; portfolioId: number }
  | { kind: 'portfolioAccounts'; portfolioId: number }
  | { kind: 'portfolioStocks'; portfolioId: number }
  | { kind: 'portfolioFees'; portfolioId: number }
  | { kind: 'realEstateSummary' }
  | { kind: 'realEstateList' }
  | { kind: 'shares' }
  | { kind: 'artLuxSummary' }
  | { kind: 'artLuxList' };

/** A numbered section of the cover's contents list (01 Overview, 02 ...). */
export interface ContentsEntry {
  section: Exclude<ReportSection, 'fees'>;
  number: number;
}

export interface ReportPlan {
  /** The portfolios of the financial pages, in menu order. */
  portfolios: EligiblePortfolio[];
  pages: ReportPage[];
  contents: ContentsEntry[];
}

/** Sections with nothing to show (see emptySections). fees is part of financial and is never empty by itself. */
export type EmptySections = Partial<Record<Exclude<ReportSection, 'fees'>, boolean>>;

export interface PlanInput {
  type: ReportType;
  /** The options' sections (used by custom). */
  sections: readonly ReportSection[];
  /** The options' portfolio ids (used by synthetic and custom). */
  portfolioIds: readonly number[];
  isFamily: boolean;
  eligible: readonly EligiblePortfolio[];
  start: IsoDate;
  end: IsoDate;
  empty?: EmptySections;
}

/**
 * The portfolios a report covers. Rules (portal-and-report 5): "The analytic report includes all such portfolios"
 * (non-testing with both dates); synthetic and custom take the options' portfolios; in every case "A portfolio must
 * overlap the range" (see overlapsRange). Menu order.
 */
export function reportPortfolios(
  type: ReportType,
  portfolioIds: readonly number[],
  eligible: readonly EligiblePortfolio[],
  start: IsoDate,
  end: IsoDate,
): EligiblePortfolio[] {
  const chosen = type === 'analytic' ? eligible : eligible.filter((p) => portfolioIds.includes(p.id));
  return portfoliosInRange(chosen, start, end);
}

/**
 * The sections a report type has, in the fixed order. Rules (issue 7): "Synthetic: cover, overview, comparison and
 * each portfolio's summary. Analytic: every section for all eligible portfolios. Custom: the chosen sections and
 * portfolios." Analytic is not offered for families (portal-and-report 2): asked for one, it has no sections.
 */
export function reportSections(type: ReportType, chosen: readonly ReportSection[], isFamily: boolean): ReportSection[] {
  if (type === 'synthetic') return ['overview', 'financial'];
  if (type === 'analytic') return isFamily ? [] : [...REPORT_SECTIONS];
  return REPORT_SECTIONS.filter((s) => chosen.includes(s));
}

/**
 * Which sections are empty. Rule (portal-and-report 2): "Sections are omitted when empty (zero total wealth, zero
 * first-portfolio value, no items)": overview when the total wealth is 0, financial when the first portfolio's value
 * is 0 (or there is no portfolio), the lists when they have no items.
 */
export function emptySections(figures: {
  totalWealth: number;
  firstPortfolioValue: number | null;
  realEstateItems: number;
  shareItems: number;
  artLuxItems: number;
}): EmptySections {
  return {
    overview: figures.totalWealth === 0,
    financial: figures.firstPortfolioValue === null || figures.firstPortfolioValue === 0,
    realEstate: figures.realEstateItems === 0,
    shares: figures.shareItems === 0,
    artLux: figures.artLuxItems === 0,
  };
}

/**
 * The ordered pages of the report. Cover first; then overview; financial: the comparison page, then per portfolio
 * its summary (synthetic stops here), accounts, stocks and, when fees is chosen, fees; real estate: summary and list;
 * shares: one page; art and luxury: summary and list (portal-and-report 2, "Report pages"). Empty sections are left
 * out, and financial with no portfolio in the range too. The contents list numbers the sections kept, from 1.
 * Worked example: synthetic with portfolios 4 and 9 gives cover, overview, comparison, portfolioSummary 4,
 * portfolioSummary 9, and contents overview 1, financial 2.
 */
export function reportPlan(input: PlanInput): ReportPlan {
  const sections = reportSections(input.type, input.sections, input.isFamily);
  const portfolios = reportPortfolios(input.type, input.portfolioIds, input.eligible, input.start, input.end);
  const empty = input.empty ?? {};
  const pages: ReportPage[] = [{ kind: 'cover' }];
  const contents: ContentsEntry[] = [];
  const keep = (section: Exclude<ReportSection, 'fees'>) => {
    if (!sections.includes(section) || empty[section]) return false;
    contents.push({ section, number: contents.length + 1 });
    return true;
  };
  if (keep('overview')) pages.push({ kind: 'overview' });
  if (portfolios.length > 0 && keep('financial')) {
    pages.push({ kind: 'comparison' });
    const detailed = input.type !== 'synthetic';
    const withFees = detailed && sections.includes('fees');
    for (const { id } of portfolios) {
      pages.push({ kind: 'portfolioSummary', portfolioId: id });
      if (detailed) {
        pages.push({ kind: 'portfolioAccounts', portfolioId: id }, { kind: 'portfolioStocks', portfolioId: id });
        if (withFees) pages.push({ kind: 'portfolioFees', portfolioId: id });
      }
    }
  }
  if (keep('realEstate')) pages.push({ kind: 'realEstateSummary' }, { kind: 'realEstateList' });
  if (keep('shares')) pages.push({ kind: 'shares' });
  if (keep('artLux')) pages.push({ kind: 'artLuxSummary' }, { kind: 'artLuxList' });
  return { portfolios, pages, contents };
}

/** Fees are shown for 4 quarters (portal-and-report 9). */
export const FEE_QUARTERS = 4;

/**
 * The quarters of the fees page: the end's quarter and the three before, oldest first (portal-and-report 9: "Fees
 * are shown for 4 quarters"). Worked example: end 2024-02-29 gives 2023 Q2, 2023 Q3, 2023 Q4, 2024 Q1.
 */
export function feeQuarters(end: IsoDate): { year: number; quarter: number }[] {
  const { year, quarter } = quarterOf(end);
  const last = year * 4 + (quarter - 1);
  return Array.from({ length: FEE_QUARTERS }, (_, i) => {
    const index = last - (FEE_QUARTERS - 1) + i;
    return { year: Math.floor(index / 4), quarter: (index % 4) + 1 };
  });
}

/**
 * dateFrom of GET /report/{portfolioId}/commissioni: "the start of the quarter three quarters back" (portal-and-report
 * 7). Worked example: end 2024-11-22 (Q4) gives 2024-01-01; end 2024-02-29 (Q1) gives 2023-04-01.
 */
export function feesDateFrom(end: IsoDate): IsoDate {
  const { year, quarter } = quarterOf(end);
  const quarterStart = `${year}-${String((quarter - 1) * 3 + 1).padStart(2, '0')}-01`;
  return addMonthsClamped(quarterStart, -3 * (FEE_QUARTERS - 1));
}

/** The overview's flow chart shows "only if the flux values sum to non-zero" (portal-and-report 2). */
export function showFlowChart(flux: Record<string, number>): boolean {
  return Object.values(flux).reduce((sum, value) => sum + value, 0) !== 0;
}
