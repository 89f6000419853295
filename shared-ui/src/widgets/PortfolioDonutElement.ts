// <pt-portfolio-donut>: the portfolio donut as a custom element (React through @r2wc/react-to-web-component, in an
// open shadow root, the common data, source and state behaviour of base.ts). Registered by
// define/portfolio-donut.ts (or define/all.ts, defineWidgets()), not here.
import type { PortfolioDonutData } from '@patrimonio/shared-api';
import type { DonutSlice } from '../charts/index.ts';
import { parseJsonAttribute } from './attributes.ts';
import { widgetClass } from './base.ts';
import { PortfolioDonutWidget, type PtSliceClickEvent } from './PortfolioDonutWidget.tsx';

export const PORTFOLIO_DONUT_TAG = 'pt-portfolio-donut';

/**
 * The financial portfolio by macro asset class as a donut (the pie palette, the total in the centre, a legend of 5
 * then "more"); a slice or its legend entry (keyboard) is selectable.
 *
 * @summary The portfolio by macro asset class.
 * @tag pt-portfolio-donut
 * @attr {string} data - The figures as JSON (PortfolioDonutData: date, slices of { key, value }; keys labelled in the widget's language).
 * @attr {string} slices - The older form, kept for compatibility: JSON [{ label, value }] with labels as shown.
 * @attr {string} src - The widget data API URL (https://host/api/v1/widget-data/portfolio-donut).
 * @attr {string} token - A widget token (ptw_…), sent as Authorization: Bearer.
 * @attr {string} date-from - Start of the range (YYYY-MM-DD), sent as the query dateFrom.
 * @attr {string} date-to - End of the range (YYYY-MM-DD), sent as the query dateTo.
 * @attr {string} heading - A visible title above the widget.
 * @attr {'it'|'en'} lang - Language of texts and numbers; default it.
 * @attr {string} label - Accessible name; default "Composizione del portafoglio".
 * @attr {string} total-label - Centre caption; default "Totale".
 * @attr {string} currency - Currency symbol; default €.
 * @attr {number} height - Chart height in px.
 * @prop {PortfolioDonutData | null} data - The figures as an object (reflected to the attribute as JSON).
 * @prop {DonutSlice[]} slices - The older form as an array (reflected to the attribute as JSON).
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
 * @cssprop --pt-widget-palette - Slice colours, comma-separated.
 */
export class PortfolioDonutElement extends widgetClass<PortfolioDonutData, object>(PortfolioDonutWidget, {
  slices: 'string',
  totalLabel: 'string',
  currency: 'string',
  height: 'number',
}) {
  declare totalLabel: string | undefined;
  declare currency: string | undefined;
  declare height: number | undefined;

  get slices(): DonutSlice[] {
    return parseJsonAttribute<DonutSlice[]>(this.getAttribute('slices'), [], 'slices');
  }
  set slices(value: ReadonlyArray<DonutSlice> | string) {
    this.setAttribute('slices', typeof value === 'string' ? value : JSON.stringify(value));
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'pt-portfolio-donut': PortfolioDonutElement;
  }
  /** The event bubbles out of the shadow root (composed): typed on the element, its ancestors and the document. */
  interface GlobalEventHandlersEventMap {
    'pt-slice-click': PtSliceClickEvent;
  }
}
