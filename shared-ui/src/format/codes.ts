// The names and order of codes shown by several apps (the portal's pages and the PDF report), in one place: the
// real-estate destinations and typologies, the art and luxury categories, and the macro asset class order.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Destination, LuxCategory, Typology } from '@patrimonio/shared-api';

export const DESTINATION_LABELS: Record<Destination, MessageDescriptor> = {
  AVAILABLE: msg`A disposizione`,
  INCOME: msg`A reddito`,
  FIRST_HOUSE: msg`Prima casa`,
};

export const TYPOLOGY_LABELS: Record<Typology, MessageDescriptor> = {
  RESIDENTIAL: msg`Residenziale`,
  COMMERCIAL: msg`Commerciale`,
  LAND: msg`Terreno`,
};

export const CATEGORY_LABELS: Record<LuxCategory, MessageDescriptor> = {
  ART: msg`Arte`,
  CAR: msg`Auto`,
  BIKE: msg`Moto`,
  BOAT: msg`Imbarcazioni`,
  COLLECTION: msg`Collezioni`,
  JEWELRY: msg`Gioielli`,
};

/** Macro asset class order in the detail tables (portal-and-report 9). */
export const MACRO_ORDER = ['Equity', 'Alternative', 'Bond'] as const;

/** Items sorted Equity, Alternative, Bond (spec section 9), unknown names after them in their order. */
export function byMacroOrder<T>(items: readonly T[], name: (item: T) => string): T[] {
  const rank = (n: string) => {
    const i = (MACRO_ORDER as readonly string[]).indexOf(n);
    return i < 0 ? MACRO_ORDER.length : i;
  };
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => rank(name(a.item)) - rank(name(b.item)) || a.index - b.index)
    .map((x) => x.item);
}
