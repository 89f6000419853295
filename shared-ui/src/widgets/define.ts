// Registers the widgets' custom elements, once: a second call (another import, a second copy of shared-ui on the
// page) leaves the registered elements alone instead of throwing. One side-effect module per widget in define/.
import { ARTLUX_DONUT_TAG, ArtLuxDonutElement } from './ArtLuxDonutElement.ts';
import { BUSINESS_CHART_TAG, BusinessChartElement } from './BusinessChartElement.ts';
import { defineWidget } from './define/register.ts';
import { FEE_TABLE_TAG, FeeTableElement } from './FeeTableElement.ts';
import { PERFORMANCE_BARS_TAG, PerformanceBarsElement } from './PerformanceBarsElement.ts';
import { PORTFOLIO_DONUT_TAG, PortfolioDonutElement } from './PortfolioDonutElement.ts';
import { PROJECTION_BAND_TAG, ProjectionBandElement } from './ProjectionBandElement.ts';
import { TREND_WATERFALL_TAG, TrendWaterfallElement } from './TrendWaterfallElement.ts';
import { WEALTH_TOTAL_TAG, WealthTotalElement } from './WealthTotalElement.ts';

export const WIDGET_ELEMENTS: ReadonlyArray<readonly [string, CustomElementConstructor]> = [
  [PORTFOLIO_DONUT_TAG, PortfolioDonutElement],
  [FEE_TABLE_TAG, FeeTableElement],
  [PERFORMANCE_BARS_TAG, PerformanceBarsElement],
  [TREND_WATERFALL_TAG, TrendWaterfallElement],
  [BUSINESS_CHART_TAG, BusinessChartElement],
  [ARTLUX_DONUT_TAG, ArtLuxDonutElement],
  [PROJECTION_BAND_TAG, ProjectionBandElement],
  [WEALTH_TOTAL_TAG, WealthTotalElement],
];

/** Defines every widget element unless already defined. */
export function defineWidgets(registry: CustomElementRegistry | undefined = globalThis.customElements): void {
  for (const [tag, element] of WIDGET_ELEMENTS) defineWidget(tag, element, registry);
}
