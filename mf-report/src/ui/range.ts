// Which portfolios the dialog's date range is bounded by (portal-and-report 5: "among the selected portfolios").
import { type DateBounds, dateBounds, defaultDateRange } from '../logic/date-range.ts';
import type { ReportType } from '../logic/dialog.ts';
import type { ReportSelection } from '../logic/options.ts';
import type { EligiblePortfolio } from '../logic/portfolios.ts';

/**
 * The selected portfolios: all eligible ones for the analytic type (it "includes all such portfolios"), else the
 * options' portfolios, as the plan takes them (plan.ts reportPortfolios). Options without any portfolio (a custom
 * report of real estate only) fall back to all eligible ones, so the range still has bounds.
 */
export function rangePortfolios(
  type: ReportType | null,
  selection: ReportSelection,
  eligible: readonly EligiblePortfolio[],
): EligiblePortfolio[] {
  if (type === 'analytic') return [...eligible];
  const chosen = eligible.filter((p) => selection.portfolios.includes(p.id));
  return chosen.length > 0 ? chosen : [...eligible];
}

export interface RangeRules {
  bounds: DateBounds | null;
  /** The default range for these bounds; no dates without bounds. */
  defaults: { start: string | null; end: string | null };
}

export function rangeRules(
  type: ReportType | null,
  selection: ReportSelection,
  eligible: readonly EligiblePortfolio[],
): RangeRules {
  const bounds = dateBounds(rangePortfolios(type, selection, eligible));
  return { bounds, defaults: bounds ? defaultDateRange(bounds) : { start: null, end: null } };
}
