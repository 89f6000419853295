// Translated labels of this app's codes: kinds of wealth, client status, validation reasons.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { WEALTH_LABELS as SHARED_WEALTH_LABELS } from '@patrimonio/shared-ui';
import type { ClientStatus, FieldProblem } from './clients/model.ts';
import type { FluxKind } from './overview/model.ts';

// The kinds of wealth are shared with the widgets (shared-ui format/codes.ts).
export const WEALTH_LABELS: Record<FluxKind, MessageDescriptor> = SHARED_WEALTH_LABELS;

export const STATUS_LABELS: Record<ClientStatus, MessageDescriptor> = {
  subscribed: msg`Abbonato`,
  trial: msg`In prova`,
  trialEnded: msg`Prova terminata`,
  inactive: msg`Non attivo`,
};

/**
 * Reasons of the validation calls and of the form checks (codes of the API and of clients/model.ts).
 * cannot_be_added: the code is held by a client the user may not see (the API does not say whose or why).
 */
export const PROBLEM_LABELS: Record<FieldProblem, MessageDescriptor> = {
  missing_tax_code: msg`Il codice fiscale è obbligatorio`,
  invalid_tax_code: msg`Il codice fiscale non è valido`,
  missing_vat: msg`Inserisci la partita IVA oppure l'identificativo Atoka`,
  invalid_vat: msg`La partita IVA non è valida`,
  duplicate_client: msg`Il cliente è già presente`,
  cannot_be_added: msg`Questo cliente non può essere aggiunto`,
  invalid_email: msg`L'indirizzo email non è valido`,
  invalid_prefix: msg`Il prefisso non è valido (es. +39)`,
  invalid_mobile: msg`Il numero di cellulare non è valido`,
};

export const isProblem = (code: unknown): code is FieldProblem => typeof code === 'string' && code in PROBLEM_LABELS;
