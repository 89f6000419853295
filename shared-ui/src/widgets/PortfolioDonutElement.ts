// <pt-portfolio-donut>: the portfolio donut as a custom element (React through @r2wc/react-to-web-component, in an
// open shadow root). Defined by define.ts, not here.
//
// Attributes: `slices` (JSON array of { label, value }), `label` (accessible name), `total-label` (centre caption),
// `currency` (symbol, default €), `lang` ('it' or 'en'), `height` (px).
// Events: `pt-slice-click` (CustomEvent<SliceClickDetail>: label, value, index), bubbling and composed.
import r2wc from '@r2wc/react-to-web-component';
import type { DonutSlice } from '../charts/index.ts';
import { parseJsonAttribute } from './attributes.ts';
import { widgetElement } from './element.ts';
import { PortfolioDonutWidget, type PtSliceClickEvent } from './PortfolioDonutWidget.tsx';

export const PORTFOLIO_DONUT_TAG = 'pt-portfolio-donut';

// Outside a browser (Node tests import shared-ui) there is no HTMLElement: the class is inert there and never defined.
const Base = (
  typeof HTMLElement === 'undefined'
    ? class {}
    : widgetElement(
        r2wc(PortfolioDonutWidget, {
          shadow: 'open',
          props: {
            slices: 'string',
            label: 'string',
            totalLabel: 'string',
            currency: 'string',
            lang: 'string',
            height: 'number',
          },
        }),
      )
) as ReturnType<typeof widgetElement>;

/** The element class; `slices` also accepts an array as a property (it is reflected to the attribute as JSON). */
export class PortfolioDonutElement extends Base {
  declare label: string;
  declare totalLabel: string;
  declare currency: string;
  declare height: number;

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
