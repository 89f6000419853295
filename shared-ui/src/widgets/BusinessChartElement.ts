// <pt-business-chart>: revenue, profit and EBITDA of the family companies. As a custom element (React through r2wc in an open shadow root, the
// common data, source and state behaviour of base.ts). Registered by define/business-chart.ts (or define/all.ts,
// defineWidgets()), not here.
import type { BusinessChartData } from '@patrimonio/shared-api';
import { BusinessChartWidget } from './BusinessChartWidget.tsx';
import { widgetClass } from './base.ts';

export const BUSINESS_CHART_TAG = 'pt-business-chart';

/**
 * Revenue, profit and EBITDA bars per family company, in the latest year with figures (the year in the title).
 *
 * @summary Revenue, profit and EBITDA of the family companies.
 * @tag pt-business-chart
 * @attr {string} data - The figures as JSON (BusinessChartData: year, companies).
 * @attr {string} src - The widget data API URL (https://host/api/v1/widget-data/business-chart).
 * @attr {string} token - A widget token (ptw_…), sent as Authorization: Bearer.
 * @attr {string} date-from - Start of the range (YYYY-MM-DD), sent as the query dateFrom.
 * @attr {string} date-to - End of the range (YYYY-MM-DD), sent as the query dateTo.
 * @attr {string} heading - A visible title above the widget.
 * @attr {'it'|'en'} lang - Language of texts and numbers; default it.
 * @attr {string} label - Accessible name; default "Fatturato, utile ed EBITDA".
 * @attr {string} currency - Currency symbol; default €.
 * @attr {number} height - Chart height in px.
 * @prop {BusinessChartData | null} data - The figures as an object (reflected to the attribute as JSON).
 * @prop {'loading'|'empty'|'error'|'ready'} state - The current state (read-only; also the data-state attribute).
 * @event {CustomEvent<{ state: string }>} pt-state-change - The state changed (loading, empty, error, ready).
 * @csspart base - The widget's box.
 * @csspart title - The visible title (heading).
 * @csspart chart - The drawing.
 * @csspart legend - The legend.
 * @csspart status - The loading, empty or error message.
 * @csspart retry - The Retry button of the error message.
 * @cssprop --pt-widget-font - Font family.
 * @cssprop --pt-widget-color - Text colour.
 * @cssprop --pt-widget-background - Background.
 * @cssprop --pt-widget-border - Border (shorthand).
 * @cssprop --pt-widget-radius - Corner radius.
 * @cssprop --pt-widget-palette - Bar colours (revenue, profit, EBITDA), comma-separated.
 */
export class BusinessChartElement extends widgetClass<BusinessChartData, object>(BusinessChartWidget, {
  currency: 'string',
  height: 'number',
}) {
  declare currency: string | undefined;
  declare height: number | undefined;
}

declare global {
  interface HTMLElementTagNameMap {
    'pt-business-chart': BusinessChartElement;
  }
}
