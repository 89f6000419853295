// The delegates page's labels (issue 19): the permissions and states of a delegate, and the answers in words.

import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { DelegateState, Permission } from '@patrimonio/shared-api';

export const DELEGATE_PERMISSIONS = ['APPROVE_MOVEMENT', 'MANAGE_CONTROL'] as const satisfies readonly Permission[];

export const DELEGATE_PERMISSION_LABELS: Record<Permission, MessageDescriptor> = {
  APPROVE_MOVEMENT: msg`Approva i movimenti`,
  MANAGE_CONTROL: msg`Gestisce i controlli`,
};

export const DELEGATE_STATE_LABELS: Record<DelegateState, MessageDescriptor> = {
  invited: msg({ message: 'Invitato', context: 'delegate state' }),
  active: msg({ message: 'Attivo', context: 'delegate state' }),
  suspended: msg({ message: 'Sospeso', context: 'delegate state' }),
};

/** The 409 codes of the delegates' calls, in words. */
export const DELEGATE_ERRORS: Record<string, MessageDescriptor> = {
  login_taken: msg`Esiste già un account con questo indirizzo email.`,
  already_registered: msg`Il delegato ha già scelto la password: non serve un nuovo invito.`,
  user_inactive: msg`Il delegato è sospeso: riattivalo prima di inviare un nuovo invito.`,
  external_issuer: msg`Gli utenti accedono con un sistema esterno: l'invito si gestisce lì.`,
};
