// The goals page's messages: toasts (spec section 8: entity + added, edited, deleted) and the form's own field code.
import { msg } from '@lingui/core/macro';

export const GOAL_TOASTS = {
  added: msg`Obiettivo aggiunto`,
  edited: msg`Obiettivo modificato`,
  deleted: msg`Obiettivo eliminato`,
};

/** The goal form's own field codes (required, invalid and server are the page kit's). */
export const GOAL_FIELD_ERRORS = {
  future: msg`La data deve essere successiva a oggi`,
};
