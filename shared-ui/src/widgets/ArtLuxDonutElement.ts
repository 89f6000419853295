// <pt-artlux-donut>: art and luxury goods by category. As a custom element (React through r2wc in an open shadow root, the
// common data, source and state behaviour of base.ts). Registered by define/artlux-donut.ts (or define/all.ts,
// defineWidgets()), not here.
import type { ArtLuxDonutData } from '@patrimonio/shared-api';
import { ArtLuxDonutWidget } from './ArtLuxDonutWidget.tsx';
import { widgetClass } from './base.ts';

export const ARTLUX_DONUT_TAG = 'pt-artlux-donut';

/**
 * Art and luxury goods by category as a donut, each category in the colour of the art and luxury page; a slice or its legend entry (keyboard) is selectable.
 *
 * @summary Art and luxury goods by category.
 * @tag pt-artlux-donut
 * @attr {string} data - The figures as JSON (ArtLuxDonutData: date, slices of { key, value }).
 * @attr {string} src - The widget data API URL (https://host/api/v1/widget-data/artlux-donut).
 * @attr {string} token - A widget token (ptw_…), sent as Authorization: Bearer.
 * @attr {string} date-from - Start of the range (YYYY-MM-DD), sent as the query dateFrom.
 * @attr {string} date-to - End of the range (YYYY-MM-DD), sent as the query dateTo.
 * @attr {string} heading - A visible title above the widget.
 * @attr {'it'|'en'} lang - Language of texts and numbers; default it.
 * @attr {string} label - Accessible name; default "Arte e lusso per categoria".
 * @attr {string} total-label - Centre caption; default "Totale".
 * @attr {string} currency - Currency symbol; default €.
 * @attr {number} height - Chart height in px.
 * @prop {ArtLuxDonutData | null} data - The figures as an object (reflected to the attribute as JSON).
 * @prop {'loading'|'empty'|'error'|'ready'} state - The current state (read-only; also the data-state attribute).
 * @event {CustomEvent<{ label: string, value: number, index: number, key?: string }>} pt-slice-click - A slice (or its legend entry) was chosen.
 * @event {CustomEvent<{ state: string }>} pt-state-change - The state changed (loading, empty, error, ready).
 * @csspart base - The widget's box.
 * @csspart title - The visible title (heading).
 * @csspart chart - The drawing.
 * @csspart legend - The legend (keyboard: Enter selects a slice).
 * @csspart status - The loading, empty or error message.
 * @csspart retry - The Retry button of the error message.
 * @cssprop --pt-widget-font - Font family.
 * @cssprop --pt-widget-color - Text colour.
 * @cssprop --pt-widget-background - Background.
 * @cssprop --pt-widget-border - Border (shorthand).
 * @cssprop --pt-widget-radius - Corner radius.
 * @cssprop --pt-widget-palette - Category colours by category order, comma-separated.
 */
export class ArtLuxDonutElement extends widgetClass<ArtLuxDonutData, object>(ArtLuxDonutWidget, {
  totalLabel: 'string',
  currency: 'string',
  height: 'number',
}) {
  declare totalLabel: string | undefined;
  declare currency: string | undefined;
  declare height: number | undefined;
}

declare global {
  interface HTMLElementTagNameMap {
    'pt-artlux-donut': ArtLuxDonutElement;
  }
}
