// <pt-fee-table>: the fee table as a custom element (React through @r2wc/react-to-web-component, in an open shadow
// root). Defined by define.ts, not here.
//
// Attributes: `data` (JSON of the fees report: { quarters, accountComposition }), `label` (caption), `currency`
// (symbol, default €), `lang` ('it' or 'en'). No events: the table is read-only.
import r2wc from '@r2wc/react-to-web-component';
import { parseJsonAttribute } from './attributes.ts';
import { widgetElement } from './element.ts';
import { FeeTableWidget } from './FeeTableWidget.tsx';
import type { FeeTableData } from './fees.ts';

export const FEE_TABLE_TAG = 'pt-fee-table';

// Outside a browser (Node tests import shared-ui) there is no HTMLElement: the class is inert there and never defined.
const Base = (
  typeof HTMLElement === 'undefined'
    ? class {}
    : widgetElement(
        r2wc(FeeTableWidget, {
          shadow: 'open',
          props: { data: 'string', label: 'string', currency: 'string', lang: 'string' },
        }),
      )
) as ReturnType<typeof widgetElement>;

/** The element class; `data` also accepts an object as a property (it is reflected to the attribute as JSON). */
export class FeeTableElement extends Base {
  declare label: string;
  declare currency: string;

  get data(): FeeTableData | null {
    return parseJsonAttribute<FeeTableData | null>(this.getAttribute('data'), null, 'data');
  }
  set data(value: FeeTableData | string | null) {
    if (value === null) this.removeAttribute('data');
    else this.setAttribute('data', typeof value === 'string' ? value : JSON.stringify(value));
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'pt-fee-table': FeeTableElement;
  }
}
