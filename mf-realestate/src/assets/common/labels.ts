// Translated names of the codes these pages show (art and luxury categories; the chart's figures are named by the business chart widget), the field
// messages of the forms and the success toasts (spec data-and-admin section 8: entity + added, edited, deleted).
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

// The categories are named in shared-ui (the report prints them too).
export { CATEGORY_LABELS } from '@patrimonio/shared-ui';

export type FieldCode = 'required' | 'invalid' | 'duplicate' | 'total' | 'server';

export const FIELD_ERRORS: Record<FieldCode, MessageDescriptor> = {
  required: msg`Campo obbligatorio`,
  invalid: msg`Valore non valido`,
  duplicate: msg`Valore già presente`,
  total: msg`Le percentuali dei titolari superano il 100%`,
  server: msg`Valore rifiutato dal server`,
};

/** An evaluation is one already made: its date is today at the latest. */
export const FUTURE_DATE = msg`La data non può essere futura`;

/** The 409 answers these forms expect, as field messages. */
export const CONFLICTS = {
  evaluationDatePresent: msg`Esiste già una valutazione in questa data`,
  yearPresent: msg`Per questo anno ci sono già dei dati`,
};

export const TOASTS = {
  companyAdded: msg`Azienda aggiunta`,
  companyEdited: msg`Azienda modificata`,
  companyDeleted: msg`Azienda eliminata`,
  luxAdded: msg`Bene aggiunto`,
  luxEdited: msg`Bene modificato`,
  luxDeleted: msg`Bene eliminato`,
  evaluationAdded: msg`Valutazione aggiunta`,
  evaluationDeleted: msg`Valutazione eliminata`,
};
