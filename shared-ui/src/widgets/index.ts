// Embeddable widgets (issue 5): custom elements made from React components with @r2wc/react-to-web-component, in
// shadow roots (styles neither leak in nor out), attributes in, events out. Pages render them through the thin
// wrappers PortfolioDonut and FeeTable; a plain HTML page calls defineWidgets() and writes the tags.
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
export { PortfolioDonut, type PortfolioDonutProps } from './PortfolioDonut.tsx';
export { PORTFOLIO_DONUT_TAG, PortfolioDonutElement } from './PortfolioDonutElement.ts';
export { type PtSliceClickEvent, SLICE_CLICK_EVENT, type SliceClickDetail } from './PortfolioDonutWidget.tsx';
export { WIDGET_CSS } from './shadow.tsx';
