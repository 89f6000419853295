// The simulations' messages: toasts and the names of the mortgage codes in the add-a-property form (the same words as
// the real-estate pages, so the catalogs hold them once).
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { AMORTIZATIONS, INTEREST_RATE_TYPES, RATA_TYPES } from '@patrimonio/shared-api/constants';

export const SIMULATION_TOASTS = {
  added: msg`Simulazione salvata`,
  edited: msg`Simulazione modificata`,
  deleted: msg`Simulazione eliminata`,
  refused: msg`Modifica non possibile: controlla i valori.`,
};

export const RATA_TYPE_LABELS: Record<(typeof RATA_TYPES)[number], MessageDescriptor> = {
  MONTHLY: msg`Mensile`,
  QUARTERLY: msg`Trimestrale`,
  FOUR_MONTH: msg`Quadrimestrale`,
  HALF_YEARLY: msg`Semestrale`,
  YEARLY: msg`Annuale`,
};

export const INTEREST_RATE_TYPE_LABELS: Record<(typeof INTEREST_RATE_TYPES)[number], MessageDescriptor> = {
  FIX: msg`Fisso`,
  EU3M: msg`Euribor 3 mesi`,
  EU6M: msg`Euribor 6 mesi`,
  EU1A: msg`Euribor 1 anno`,
};

export const AMORTIZATION_LABELS: Record<(typeof AMORTIZATIONS)[number], MessageDescriptor> = {
  CONST: msg`Rata costante (francese)`,
  VAR: msg`Quota capitale costante (italiano)`,
};

/** The financial classes of a simulation, as the editor names them. */
export const FINANCIAL_LABELS = {
  cash: msg`Liquidità`,
  shares: msg`Azioni`,
  bond: msg`Obbligazioni`,
  commodities: msg`Materie prime`,
  crypto: msg`Cripto-attività`,
} satisfies Record<string, MessageDescriptor>;
