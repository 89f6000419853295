// Field error codes and their messages: the codes every form shares (required, invalid, refused by the server),
// an app's own codes on top, and the field errors of a 400 answer mapped onto form fields.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import type { FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';
import { type FormErrorCode, serverErrorPaths } from '../forms/contract.ts';
import { formMessages } from '../forms/messages.ts';
import type { SelectOption } from '../forms/TextInputs.tsx';

export const FIELD_ERROR_MESSAGES = {
  required: formMessages.required,
  invalid: msg`Valore non valido`,
  server: msg`Valore rifiutato dal server`,
} satisfies Record<string, MessageDescriptor>;

export type CommonFieldError = keyof typeof FIELD_ERROR_MESSAGES;

/**
 * The translated message of a field error code (undefined when there is none), for the shared form controls'
 * `error`; `extra` adds an app's own codes. A code without a message of its own reads as 'invalid'.
 */
export function useFieldErrors(
  extra?: Partial<Record<string, MessageDescriptor>>,
): (code: string | undefined | null) => string | undefined {
  const { i18n } = useLingui();
  const messages: Partial<Record<string, MessageDescriptor>> = { ...FIELD_ERROR_MESSAGES, ...extra };
  return (code) => (code ? i18n._(messages[code] ?? FIELD_ERROR_MESSAGES.invalid) : undefined);
}

/**
 * The form fields named by a 400 answer ({ fields: [{ field: 'body.iban', ... }] }), through a map from the
 * API's field to the form's; unmapped fields are left out.
 */
export function serverFieldErrors<K extends string>(
  error: unknown,
  map: Record<string, K>,
): Partial<Record<K, 'server'>> {
  const out: Partial<Record<K, 'server'>> = {};
  for (const path of serverErrorPaths(error)) {
    const key = map[path];
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

/** The part of a contract form (../forms useContractForm) a control is bound through. */
type BindableForm<V extends FieldValues> = Pick<UseFormReturn<V>, 'watch' | 'setValue'> & {
  codeOf: (name: Path<V>) => FormErrorCode | undefined;
};

/**
 * The value, change handler and error message of one form field, for a shared control:
 * `<TextInput {...bindField(form, 'name', fieldError)} />`.
 */
export function bindField<V extends FieldValues, N extends Path<V>>(
  form: BindableForm<V>,
  name: N,
  message: (code: string | undefined | null) => string | undefined,
): { value: PathValue<V, N>; onChange: (value: PathValue<V, N>) => void; error: string | undefined } {
  return {
    value: form.watch(name),
    onChange: (value) => form.setValue(name, value),
    error: message(form.codeOf(name)),
  };
}
