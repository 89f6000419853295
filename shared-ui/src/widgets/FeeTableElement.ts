// <pt-fee-table>: the fee table as a custom element (React through @r2wc/react-to-web-component, in an open shadow
// root, the common data, source and state behaviour of base.ts). Registered by define/fee-table.ts (or
// define/all.ts, defineWidgets()), not here.
import type { FeeTableWidgetData } from '@patrimonio/shared-api';
import { widgetClass } from './base.ts';
import { FeeTableWidget } from './FeeTableWidget.tsx';

export const FEE_TABLE_TAG = 'pt-fee-table';

/**
 * The fees of the four quarters to the date, per account and subcause, with subtotals and totals, as an accessible
 * table (scrolls by keyboard when wide). Read-only: no events of its own.
 *
 * @summary The fee table by quarter.
 * @tag pt-fee-table
 * @attr {string} data - The figures as JSON (the fees report: dateFrom, dateTo, quarters, accountComposition).
 * @attr {string} src - The widget data API URL (https://host/api/v1/widget-data/fee-table).
 * @attr {string} token - A widget token (ptw_…), sent as Authorization: Bearer.
 * @attr {string} date-from - Start of the range (YYYY-MM-DD), sent as the query dateFrom.
 * @attr {string} date-to - End of the range (YYYY-MM-DD), sent as the query dateTo.
 * @attr {string} heading - A visible title above the widget.
 * @attr {'it'|'en'} lang - Language of texts and numbers; default it.
 * @attr {string} label - The table's caption; default "Commissioni per trimestre".
 * @attr {string} currency - Currency symbol; default €.
 * @prop {FeeTableWidgetData | null} data - The figures as an object (reflected to the attribute as JSON).
 * @prop {'loading'|'empty'|'error'|'ready'} state - The current state (read-only; also the data-state attribute).
 * @event {CustomEvent<{ state: string }>} pt-state-change - The state changed (loading, empty, error, ready).
 * @csspart base - The widget's box.
 * @csspart title - The visible title (heading).
 * @csspart table - The table.
 * @csspart status - The loading, empty or error message.
 * @csspart retry - The Retry button of the error message.
 * @cssprop --pt-widget-font - Font family.
 * @cssprop --pt-widget-color - Text colour.
 * @cssprop --pt-widget-background - Background.
 * @cssprop --pt-widget-border - Border (shorthand).
 * @cssprop --pt-widget-radius - Corner radius.
 */
export class FeeTableElement extends widgetClass<FeeTableWidgetData, object>(FeeTableWidget, { currency: 'string' }) {
  declare currency: string | undefined;
}

declare global {
  interface HTMLElementTagNameMap {
    'pt-fee-table': FeeTableElement;
  }
}
