// Registers the widgets' custom elements, once: a second call (another import, a second copy of shared-ui on the
// page) leaves the registered elements alone instead of throwing.
import { defineWidget } from './define/register.ts';
import { FEE_TABLE_TAG, FeeTableElement } from './FeeTableElement.ts';
import { PORTFOLIO_DONUT_TAG, PortfolioDonutElement } from './PortfolioDonutElement.ts';

export const WIDGET_ELEMENTS: ReadonlyArray<readonly [string, CustomElementConstructor]> = [
  [PORTFOLIO_DONUT_TAG, PortfolioDonutElement],
  [FEE_TABLE_TAG, FeeTableElement],
];

/** Defines every widget element unless already defined. */
export function defineWidgets(registry: CustomElementRegistry | undefined = globalThis.customElements): void {
  for (const [tag, element] of WIDGET_ELEMENTS) defineWidget(tag, element, registry);
}
