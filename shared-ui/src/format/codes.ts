// The names and order of codes shown by several apps (the portal's pages and the PDF report), in one place: the
// real-estate destinations and typologies, the art and luxury categories, the macro asset classes and their order,
// the kinds of wealth, and a
// movement's cause, subcause, status and origin (the financial pages and the middle office).
import type { I18n, MessageDescriptor } from '@lingui/core';
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

/**
 * The asset classes of the instruments (the server's `instruments.asset_class`, free text in Italian, the demo's and
 * the usual ones), keyed by that stable name: the API keeps the name, the page shows its label in the active
 * language (issue 22). A name without an entry shows as it is (assetClassLabel).
 */
export const ASSET_CLASS_LABELS: Record<string, MessageDescriptor> = {
  'Azionario Italia': msg`Azionario Italia`,
  'Azionario USA': msg`Azionario USA`,
  'Azionario Europa': msg`Azionario Europa`,
  'Azionario globale': msg`Azionario globale`,
  'Azionario paesi emergenti': msg`Azionario paesi emergenti`,
  'Fondi azionari globali': msg`Fondi azionari globali`,
  'Obbligazionario governativo Italia': msg`Obbligazionario governativo Italia`,
  'Obbligazionario governativo euro': msg`Obbligazionario governativo euro`,
  'Obbligazionario societario': msg`Obbligazionario societario`,
  'Obbligazionario high yield': msg`Obbligazionario high yield`,
  Governativi: msg`Governativi`,
  'Materie prime': msg`Materie prime`,
  Monetario: msg`Monetario`,
  Bilanciato: msg`Bilanciato`,
  Flessibile: msg`Flessibile`,
  Immobiliare: msg`Immobiliare`,
  Liquidità: msg`Liquidità`,
};

/**
 * The label of a code or reference name in the active language of `i18n`, or the code itself when `labels` has none
 * (a name the map does not know yet): codeLabel(i18n, MACRO_LABELS, 'Equity') = 'Azionario' in Italian, 'Equity' in
 * English.
 */
export function codeLabel(
  i18n: I18n,
  labels: Readonly<Record<string, MessageDescriptor | undefined>>,
  code: string | null | undefined,
): string {
  if (code === null || code === undefined) return '';
  const label = Object.hasOwn(labels, code) ? labels[code] : undefined;
  return label ? i18n._(label) : code;
}

/** An instrument's asset class in the active language: 'Azionario USA' reads 'US equities' in English. */
export const assetClassLabel = (i18n: I18n, name: string | null | undefined): string =>
  codeLabel(i18n, ASSET_CLASS_LABELS, name);

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
