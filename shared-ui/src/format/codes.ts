// The names and order of codes shown by several apps (the portal's pages and the PDF report), in one place: the
// real-estate destinations and typologies, the art and luxury categories, the macro asset classes and their order,
// the kinds of wealth, and a
// movement's cause, subcause, status and origin (the financial pages and the middle office).
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type {
  Destination,
  FeeReportSubcause,
  LuxCategory,
  MovementOriginCode,
  Typology,
  WealthKind,
} from '@patrimonio/shared-api';

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

/** The macro asset classes (MACRO_ASSET_CLASSES) and cash, in the portfolio pages, the report and the widgets. */
export const MACRO_LABELS: Record<string, MessageDescriptor> = {
  Equity: msg`Azionario`,
  Alternative: msg`Alternativo`,
  Bond: msg`Obbligazionario`,
  cash: msg`Liquidità`,
};

/** The kinds of wealth of the overview (WEALTH_KINDS and human capital), in the overview and the widgets. */
export const WEALTH_LABELS: Record<WealthKind | 'humanCapital', MessageDescriptor> = {
  financial: msg`Finanziario`,
  realEstate: msg`Immobiliare`,
  share: msg`Partecipazioni`,
  artLux: msg`Arte e lusso`,
  humanCapital: msg`Capitale umano`,
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

/** A movement's cause (MOVEMENT_CAUSES). */
export const CAUSE_LABELS: Record<string, MessageDescriptor> = {
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

/** A FEE's subcause (FEE_SUBCAUSES; 'Altro' stands for none), in the movement lists and the fee tables. */
export const SUBCAUSE_LABELS: Record<FeeReportSubcause, MessageDescriptor> = {
  CONTO_CORRENTE: msg`Conto corrente`,
  DEPOSITO_TITOLI: msg`Deposito titoli`,
  NEGOZIAZIONE: msg`Negoziazione`,
  GESTIONE: msg`Gestione`,
  CONSULENZA: msg`Consulenza`,
  Altro: msg`Altro`,
};

/** A movement's status (MOVEMENT_STATUSES): the "pending" mark of the movement lists. */
export const MOVEMENT_STATUS_LABELS: Record<string, MessageDescriptor> = {
  APPROVED: msg`Approvato`,
  PENDING: msg`In attesa`,
  REJECTED: msg`Rifiutato`,
};

/** Where a movement came from (MOVEMENT_ORIGINS). */
export const MOVEMENT_ORIGIN_LABELS: Record<MovementOriginCode, MessageDescriptor> = {
  MANUAL: msg`Manuale`,
  IMPORT: msg`Import da file`,
  FILE_EXCHANGE: msg`Flusso banca`,
  OPEN_BANKING: msg`Open banking`,
  CLIENT: msg`Inserito dal cliente`,
};
