// Embeddable widgets (issue 5): custom elements made from React components with @r2wc/react-to-web-component, in
// shadow roots (styles neither leak in nor out), attributes in, events out. Pages render them through the thin
// wrappers PortfolioDonut and FeeTable; a plain HTML page calls defineWidgets() and writes the tags.

export { ARTLUX_DONUT_TAG, ArtLuxDonutElement } from './ArtLuxDonutElement.ts';
export { luxCategoryColor } from './ArtLuxDonutWidget.tsx';
export { BUSINESS_CHART_TAG, BusinessChartElement } from './BusinessChartElement.ts';
export type { WidgetElementBase } from './base.ts';
export { defineWidgets, WIDGET_ELEMENTS } from './define.ts';
export { FeeTable, type FeeTableProps } from './FeeTable.tsx';
export { FEE_TABLE_TAG, FeeTableElement } from './FeeTableElement.ts';
export { FEE_SUBCAUSE_LABELS, FeeTableView, type FeeTableViewProps } from './FeeTableView.tsx';
export {
  type FeeAccountModel,
  type FeeSubcause,
  type FeeTableData,
  type FeeTableModel,
  feeTableModel,
} from './fees.ts';
export { themeColors, useWidgetData, type WidgetInputProps } from './frame.tsx';
export { PERFORMANCE_BARS_TAG, PerformanceBarsElement } from './PerformanceBarsElement.ts';
export { DRILL_DOWN_EVENT, type DrillDownDetail, type PtDrillDownEvent } from './PerformanceBarsWidget.tsx';
export { PortfolioDonut, type PortfolioDonutProps } from './PortfolioDonut.tsx';
export { PORTFOLIO_DONUT_TAG, PortfolioDonutElement } from './PortfolioDonutElement.ts';
export { type PtSliceClickEvent, SLICE_CLICK_EVENT, type SliceClickDetail } from './PortfolioDonutWidget.tsx';
export { PROJECTION_BAND_TAG, ProjectionBandElement } from './ProjectionBandElement.ts';
export { WIDGET_CSS } from './shadow.tsx';
export * from './shapes.ts';
export {
  failureOf,
  type PtStateChangeEvent,
  STATE_CHANGE_EVENT,
  type StateChangeDetail,
  WIDGET_STATES,
  type WidgetFailure,
  type WidgetState,
  widgetDataUrl,
} from './source.ts';
export { TREND_WATERFALL_TAG, TrendWaterfallElement } from './TrendWaterfallElement.ts';
export { WEALTH_TOTAL_TAG, WealthTotalElement } from './WealthTotalElement.ts';
