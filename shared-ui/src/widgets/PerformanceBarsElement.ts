// <pt-performance-bars>: the performance by macro asset class with drill-down, as a custom element. Registered by
// define/performance-bars.ts (or define/all.ts, defineWidgets()), not here.
import type { PerformanceBarsData } from '@patrimonio/shared-api';
import { widgetClass } from './base.ts';
import { PerformanceBarsWidget, type PtDrillDownEvent } from './PerformanceBarsWidget.tsx';

export const PERFORMANCE_BARS_TAG = 'pt-performance-bars';

/**
 * The money-weighted return by macro asset class (green above zero, red below); a macro class drills down to its
 * asset classes, a back arrow (or Escape) returns.
 *
 * @summary Performance by asset class, with drill-down from macro class to asset class.
 * @tag pt-performance-bars
 * @attr {string} data - The figures as JSON (PerformanceBarsData: dateFrom, dateTo, classes).
 * @attr {string} src - The widget data API URL, e.g. https://host/api/v1/widget-data/performance-bars.
 * @attr {string} token - A widget token (ptw_…), sent as Authorization: Bearer.
 * @attr {string} date-from - Start of the range (YYYY-MM-DD), sent as the query dateFrom.
 * @attr {string} date-to - End of the range (YYYY-MM-DD), sent as the query dateTo.
 * @attr {string} label - Accessible name; default "Performance per asset class".
 * @attr {string} heading - A visible title above the chart.
 * @attr {'it'|'en'} lang - Language of texts and numbers; default it.
 * @attr {number} height - Chart height in px.
 * @prop {PerformanceBarsData | null} data - The figures as an object (reflected to the attribute).
 * @prop {'loading'|'empty'|'error'|'ready'} state - The current state (read-only; also the data-state attribute).
 * @event {CustomEvent<{ macroClass: string | null }>} pt-drill-down - A macro class was opened (its key), or null back at the top.
 * @event {CustomEvent<{ state: string }>} pt-state-change - The state changed (loading, empty, error, ready).
 * @csspart base - The widget's box.
 * @csspart title - The visible title (heading).
 * @csspart chart - The drawing.
 * @csspart legend - The legend (keyboard: Enter drills down).
 * @csspart status - The loading, empty or error message.
 * @csspart retry - The Retry button of the error message.
 * @cssprop --pt-widget-font - Font family.
 * @cssprop --pt-widget-color - Text colour.
 * @cssprop --pt-widget-background - Background.
 * @cssprop --pt-widget-border - Border (shorthand).
 * @cssprop --pt-widget-radius - Corner radius.
 * @cssprop --pt-widget-positive - Colour of bars above zero.
 * @cssprop --pt-widget-negative - Colour of bars below zero.
 */
export class PerformanceBarsElement extends widgetClass<PerformanceBarsData, object>(PerformanceBarsWidget, {
  height: 'number',
}) {
  declare height: number | undefined;
}

declare global {
  interface HTMLElementTagNameMap {
    'pt-performance-bars': PerformanceBarsElement;
  }
  interface GlobalEventHandlersEventMap {
    'pt-drill-down': PtDrillDownEvent;
  }
}
