// The names and order of codes shown by several apps (the portal's pages and the PDF report), in one place: the
// real-estate destinations and typologies, the art and luxury categories, the movement causes and the macro asset
// class order.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Destination, LuxCategory, Typology } from '@patrimonio/shared-api';
import type { MOVEMENT_CAUSES } from '@patrimonio/shared-api/constants';

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

/** A movement's cause (the financial pages' movements, the middle office's pending movements and controls). */
export const MOVEMENT_CAUSE_LABELS: Record<(typeof MOVEMENT_CAUSES)[number], MessageDescriptor> = {
  DEPOSIT: msg`Versamento`,
  WITHDRAWAL: msg`Prelievo`,
  TRANSFER_IN: msg`Trasferimento in entrata`,
  TRANSFER_OUT: msg`Trasferimento in uscita`,
  BUY: msg`Acquisto`,
  SELL: msg`Vendita`,
  COUPON: msg`Cedola`,
  DIVIDEND: msg`Dividendo`,
  INTEREST: msg`Interessi`,
  FEE: msg`Commissione`,
  TAX: msg`Imposta`,
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
