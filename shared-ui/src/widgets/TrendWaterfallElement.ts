// <pt-trend-waterfall>: the portfolio trend as a waterfall. As a custom element (React through r2wc in an open shadow root, the
// common data, source and state behaviour of base.ts). Registered by define/trend-waterfall.ts (or define/all.ts,
// defineWidgets()), not here.
import type { TrendWaterfallData } from '@patrimonio/shared-api';
import { widgetClass } from './base.ts';
import { TrendWaterfallWidget } from './TrendWaterfallWidget.tsx';

export const TREND_WATERFALL_TAG = 'pt-trend-waterfall';

/**
 * The portfolio trend as a waterfall: the opening value, then transfers, interest, fees, taxes and the market effect, and the closing value.
 *
 * @summary The portfolio trend as a waterfall.
 * @tag pt-trend-waterfall
 * @attr {string} data - The figures as JSON (TrendWaterfallData: start, rows).
 * @attr {string} src - The widget data API URL (https://host/api/v1/widget-data/trend-waterfall).
 * @attr {string} token - A widget token (ptw_…), sent as Authorization: Bearer.
 * @attr {string} date-from - Start of the range (YYYY-MM-DD), sent as the query dateFrom.
 * @attr {string} date-to - End of the range (YYYY-MM-DD), sent as the query dateTo.
 * @attr {string} heading - A visible title above the widget.
 * @attr {'it'|'en'} lang - Language of texts and numbers; default it.
 * @attr {string} label - Accessible name; default "Andamento del portafoglio".
 * @attr {string} currency - Currency symbol; default €.
 * @attr {number} height - Chart height in px.
 * @prop {TrendWaterfallData | null} data - The figures as an object (reflected to the attribute as JSON).
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
 */
export class TrendWaterfallElement extends widgetClass<TrendWaterfallData, object>(TrendWaterfallWidget, {
  currency: 'string',
  height: 'number',
}) {
  declare currency: string | undefined;
  declare height: number | undefined;
}

declare global {
  interface HTMLElementTagNameMap {
    'pt-trend-waterfall': TrendWaterfallElement;
  }
}
