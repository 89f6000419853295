// <pt-wealth-total>: the whole wealth at a date, with its parts by kind. As a custom element (React through r2wc in an open shadow root, the
// common data, source and state behaviour of base.ts). Registered by define/wealth-total.ts (or define/all.ts,
// defineWidgets()), not here.
import type { WealthTotalData } from '@patrimonio/shared-api';
import { widgetClass } from './base.ts';
import { WealthTotalWidget } from './WealthTotalWidget.tsx';

export const WEALTH_TOTAL_TAG = 'pt-wealth-total';

/**
 * A card with the whole wealth (formatted as money), the date, and the parts by kind of wealth with their share. No chart library.
 *
 * @summary The whole wealth at a date, with its parts by kind.
 * @tag pt-wealth-total
 * @attr {string} data - The figures as JSON (WealthTotalData: date, total, parts of { key, value }).
 * @attr {string} src - The widget data API URL (https://host/api/v1/widget-data/wealth-total).
 * @attr {string} token - A widget token (ptw_…), sent as Authorization: Bearer.
 * @attr {string} date-from - Start of the range (YYYY-MM-DD), sent as the query dateFrom.
 * @attr {string} date-to - End of the range (YYYY-MM-DD), sent as the query dateTo.
 * @attr {string} heading - A visible title above the widget.
 * @attr {'it'|'en'} lang - Language of texts and numbers; default it.
 * @attr {string} label - Accessible name; default "Patrimonio totale".
 * @attr {string} currency - Currency symbol; default €.
 * @prop {WealthTotalData | null} data - The figures as an object (reflected to the attribute as JSON).
 * @prop {'loading'|'empty'|'error'|'ready'} state - The current state (read-only; also the data-state attribute).
 * @event {CustomEvent<{ state: string }>} pt-state-change - The state changed (loading, empty, error, ready).
 * @csspart base - The widget's box.
 * @csspart title - The visible title (heading).
 * @csspart total - The total amount.
 * @csspart table - The parts by kind of wealth.
 * @csspart status - The loading, empty or error message.
 * @csspart retry - The Retry button of the error message.
 * @cssprop --pt-widget-font - Font family.
 * @cssprop --pt-widget-color - Text colour.
 * @cssprop --pt-widget-background - Background.
 * @cssprop --pt-widget-border - Border (shorthand).
 * @cssprop --pt-widget-radius - Corner radius.
 */
export class WealthTotalElement extends widgetClass<WealthTotalData, object>(WealthTotalWidget, {
  currency: 'string',
}) {
  declare currency: string | undefined;
}

declare global {
  interface HTMLElementTagNameMap {
    'pt-wealth-total': WealthTotalElement;
  }
}
