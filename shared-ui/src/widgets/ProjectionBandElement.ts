// <pt-projection-band>: the wealth projection with probability bands. As a custom element (React through r2wc in an open shadow root, the
// common data, source and state behaviour of base.ts). Registered by define/projection-band.ts (or define/all.ts,
// defineWidgets()), not here.
import type { ProjectionBandData } from '@patrimonio/shared-api';
import { widgetClass } from './base.ts';
import { ProjectionBandWidget } from './ProjectionBandWidget.tsx';

export const PROJECTION_BAND_TAG = 'pt-projection-band';

/**
 * The wealth projection: bands at 90%, 60% and 20% probability and the inflation line, a point a year.
 *
 * @summary The wealth projection with probability bands.
 * @tag pt-projection-band
 * @attr {string} data - The figures as JSON (ProjectionBandData: dates, inflation, graph, maxValue).
 * @attr {string} src - The widget data API URL (https://host/api/v1/widget-data/projection-band).
 * @attr {string} token - A widget token (ptw_…), sent as Authorization: Bearer.
 * @attr {string} date-from - Start of the range (YYYY-MM-DD), sent as the query dateFrom.
 * @attr {string} date-to - End of the range (YYYY-MM-DD), sent as the query dateTo.
 * @attr {string} heading - A visible title above the widget.
 * @attr {'it'|'en'} lang - Language of texts and numbers; default it.
 * @attr {string} label - Accessible name; default "Proiezione del patrimonio".
 * @attr {string} currency - Currency symbol; default €.
 * @attr {number} height - Chart height in px.
 * @prop {ProjectionBandData | null} data - The figures as an object (reflected to the attribute as JSON).
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
export class ProjectionBandElement extends widgetClass<ProjectionBandData, object>(ProjectionBandWidget, {
  currency: 'string',
  height: 'number',
}) {
  declare currency: string | undefined;
  declare height: number | undefined;
}

declare global {
  interface HTMLElementTagNameMap {
    'pt-projection-band': ProjectionBandElement;
  }
}
