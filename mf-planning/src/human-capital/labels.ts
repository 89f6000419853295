// The human-capital page's words: the codes of the contract (planning-codes.ts) in words, the success toasts (spec
// data-and-admin section 8: "… aggiunto correttamente") and the messages of its own form checks.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type {
  FlowCategory,
  FlowDirection,
  FlowFrequency,
  FlowGroup,
  PolicyType,
  PremiumFrequency,
} from '@patrimonio/shared-api/constants';

export const DIRECTION_LABELS: Record<FlowDirection, MessageDescriptor> = {
  IN: msg`Entrata`,
  OUT: msg`Uscita`,
};

export const CATEGORY_LABELS: Record<FlowCategory, MessageDescriptor> = {
  SALARY: msg`Stipendio`,
  PENSION: msg`Pensione`,
  RENT: msg`Affitto percepito`,
  BUSINESS_INCOME: msg`Reddito d'impresa`,
  OTHER_INCOME: msg`Altra entrata`,
  LIVING_COSTS: msg`Spese di vita`,
  SCHOOL_FEES: msg`Spese scolastiche`,
  TAXES: msg`Tasse`,
  LOAN: msg`Rata di un prestito`,
  OTHER_EXPENSE: msg`Altra uscita`,
};

export const GROUP_LABELS: Record<FlowGroup, MessageDescriptor> = {
  PERSONAL_FLOWS: msg`Flussi personali`,
  WORK_FLOWS: msg`Flussi da lavoro`,
  BUSINESS_FLOWS: msg`Flussi d'impresa`,
  PROPERTY_FLOWS: msg`Flussi immobiliari`,
};

export const FREQUENCY_LABELS: Record<FlowFrequency, MessageDescriptor> = {
  ONCE: msg`Una tantum`,
  MONTHLY: msg`Mensile`,
  QUARTERLY: msg`Trimestrale`,
  HALF_YEARLY: msg`Semestrale`,
  YEARLY: msg`Annuale`,
};

export const POLICY_TYPE_LABELS: Record<PolicyType, MessageDescriptor> = {
  TERM_LIFE: msg`Temporanea caso morte`,
  WHOLE_LIFE: msg`Vita intera`,
  UNIT_LINKED: msg`Unit linked`,
};

export const PREMIUM_FREQUENCY_LABELS: Record<PremiumFrequency, MessageDescriptor> = {
  SINGLE: msg`Premio unico`,
  MONTHLY: msg`Mensile`,
  QUARTERLY: msg`Trimestrale`,
  HALF_YEARLY: msg`Semestrale`,
  YEARLY: msg`Annuale`,
};

/** Where the retirement date of the figure came from (HumanCapitalMember.retirementSource). */
export const RETIREMENT_SOURCE_LABELS: Record<'SET' | 'TAX_CODE' | 'DEFAULT', MessageDescriptor> = {
  SET: msg`impostata`,
  TAX_CODE: msg`67 anni dal codice fiscale`,
  DEFAULT: msg`predefinita: tra 20 anni`,
};

export const TOASTS = {
  flowAdded: msg`Flusso pianificato aggiunto correttamente`,
  flowEdited: msg`Flusso pianificato modificato correttamente`,
  flowDeleted: msg`Flusso pianificato eliminato correttamente`,
  recordAdded: msg`Flusso registrato aggiunto correttamente`,
  recordEdited: msg`Flusso registrato modificato correttamente`,
  recordDeleted: msg`Flusso registrato eliminato correttamente`,
  policyAdded: msg`Polizza aggiunta correttamente`,
  policyEdited: msg`Polizza modificata correttamente`,
  policyDeleted: msg`Polizza eliminata correttamente`,
  settingsSaved: msg`Impostazioni salvate correttamente`,
};

/** The error toast of a 400: the fields at fault are marked in the dialog. */
export const CHECK_FIELDS = msg`Controlla i campi evidenziati`;

/** The form checks beyond the contract's schema, by code (useFieldErrors' extra messages). */
export const FIELD_MESSAGES = {
  beforeStart: msg`La fine non può precedere l'inizio`,
  rangeOrder: msg`La data iniziale non può seguire quella finale`,
};
