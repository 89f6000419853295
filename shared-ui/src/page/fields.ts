// Field error codes and their messages: the codes every form shares (required, invalid, refused by the server),
// an app's own codes on top, and the field errors of a 400 answer mapped onto form fields.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { errorStatus } from '../data/query.ts';
import type { SelectOption } from '../forms/TextInputs.tsx';

export const FIELD_ERROR_MESSAGES = {
  required: msg`Campo obbligatorio`,
  invalid: msg`Valore non valido`,
  server: msg`Valore rifiutato dal server`,
} satisfies Record<string, MessageDescriptor>;

export type CommonFieldError = keyof typeof FIELD_ERROR_MESSAGES;

/**
 * The translated message of a field error code (undefined when there is none), for the shared form controls'
 * `error`; `extra` adds an app's own codes.
 */
export function useFieldErrors<C extends string = CommonFieldError>(
  extra?: Partial<Record<C, MessageDescriptor>>,
): (code: C | CommonFieldError | undefined | null) => string | undefined {
  const { i18n } = useLingui();
  const messages: Partial<Record<string, MessageDescriptor>> = { ...FIELD_ERROR_MESSAGES, ...extra };
  return (code) => {
    const message = code ? messages[code] : undefined;
    return message ? i18n._(message) : undefined;
  };
}

/**
 * The form fields named by a 400 answer ({ fields: [{ field: 'body.iban', ... }] }), through a map from the
 * API's field to the form's; unmapped fields are left out.
 */
export function serverFieldErrors<K extends string>(
  error: unknown,
  map: Record<string, K>,
): Partial<Record<K, 'server'>> {
  if (errorStatus(error) !== 400) return {};
  const body = (error as { body?: { fields?: Array<{ field?: string }> } }).body;
  const out: Partial<Record<K, 'server'>> = {};
  for (const f of body?.fields ?? []) {
    const key = map[(f.field ?? '').replace(/^body\./, '')];
    if (key) out[key] = 'server';
  }
  return out;
}

/** Select options from translated labels, in the labels' order (only the values of `only` when given). */
export function labelOptions<V extends string>(
  labels: Record<V, MessageDescriptor>,
  translate: (d: MessageDescriptor) => string,
  only?: readonly V[],
): SelectOption<V>[] {
  return (Object.keys(labels) as V[])
    .filter((value) => !only || only.includes(value))
    .map((value) => ({ value, label: translate(labels[value]) }));
}
