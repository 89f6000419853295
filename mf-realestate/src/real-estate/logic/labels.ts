// Translated names of the real-estate codes (data-and-admin section 3), the form's field messages and the toasts
// of section 8 ('entity + added, edited, deleted or sold').
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Amortization, ConservationState, InterestRateType, RataType, TypeProperty } from './codes.ts';

// Destinations and typologies are named in shared-ui (the report prints them too).
export { DESTINATION_LABELS, TYPOLOGY_LABELS } from '@patrimonio/shared-ui';

export const CONSERVATION_LABELS: Record<ConservationState, MessageDescriptor> = {
  POOR: msg`Scadente`,
  NORMAL: msg`Normale`,
  OPTIMAL: msg`Ottimo`,
};

export const TYPE_PROPERTY_LABELS: Record<TypeProperty, MessageDescriptor> = {
  PROPERTY: msg`Piena proprietà`,
  NAKED_PROPERTY: msg`Nuda proprietà`,
  PROPERTY_SUP: msg`Diritto di superficie`,
  USUFRUCT: msg`Usufrutto`,
};

export const RATA_TYPE_LABELS: Record<RataType, MessageDescriptor> = {
  MONTHLY: msg`Mensile`,
  QUARTERLY: msg`Trimestrale`,
  FOUR_MONTH: msg`Quadrimestrale`,
  HALF_YEARLY: msg`Semestrale`,
  YEARLY: msg`Annuale`,
};

export const INTEREST_RATE_TYPE_LABELS: Record<InterestRateType, MessageDescriptor> = {
  FIX: msg`Fisso`,
  EU3M: msg`Euribor 3 mesi`,
  EU6M: msg`Euribor 6 mesi`,
  EU1A: msg`Euribor 1 anno`,
};

export const AMORTIZATION_LABELS: Record<Amortization, MessageDescriptor> = {
  CONST: msg`Rata costante (francese)`,
  VAR: msg`Quota capitale costante (italiano)`,
};

export type FieldErrorCode =
  | 'required'
  | 'invalid'
  | 'positive'
  | 'integer'
  | 'percentRange'
  | 'negative'
  | 'decimals'
  | 'server'
  | 'evaluationDatePresent';

/** The app's own field error codes (required, invalid and server are the page kit's). */
export const FIELD_ERRORS = {
  /** Spec section 5: a percent field is 'tra 0 e 100' (the words of the percent inputs' own message). */
  percentRange: msg`Il valore deve essere tra 0 e 100`,
  negative: msg`Non sono ammessi valori negativi`,
  decimals: msg`Al massimo 2 decimali`,
  positive: msg`Deve essere maggiore di zero`,
  integer: msg`Deve essere un numero intero maggiore di zero`,
  /** Spec section 8: HTTP 409 on adding an evaluation, message evaluation_date_present. */
  evaluationDatePresent: msg`Esiste già una valutazione per questa data`,
} satisfies Partial<Record<FieldErrorCode, MessageDescriptor>>;

/** Success toasts: entity + added, edited, deleted or sold (spec section 8). */
export const TOASTS = {
  realEstateAdded: msg`Immobile aggiunto`,
  realEstateEdited: msg`Immobile modificato`,
  realEstateDeleted: msg`Immobile eliminato`,
  realEstateSold: msg`Immobile venduto`,
  evaluationAdded: msg`Valutazione aggiunta`,
  evaluationEdited: msg`Valutazione modificata`,
  checkFields: msg`Controlla i campi evidenziati`,
  evaluationDatePresent: FIELD_ERRORS.evaluationDatePresent,
};
