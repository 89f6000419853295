// Forms from the contract (issue 14): one way to bind a form to the TypeBox schema of a request body, so the client
// checks what the server checks, a 400's field errors land on their fields and a dialog's form resets on open.
//
//   const form = useContractForm(routes.createLux.body, {
//     open,                                  // the dialog's open flag: the form resets each time it opens
//     defaults: { name: lux?.name ?? '', value: lux ? String(lux.value) : '' },  // the form's values
//     toBody: (v) => ({ name: v.name.trim(), value: readNumber(v.value) }),      // values -> body (default: as is)
//     fields: { purchaseValue: 'value' },   // body path -> form field where they differ (default: same name)
//     refine: (body) => ({ iban: checkIban(body.iban).valid ? undefined : 'invalid' }),  // checks beyond the schema
//   });
//   <form onSubmit={form.submit((body) => save.mutateAsync(body))}>
//     <TextInput {...} value={form.watch('name')} onChange={(v) => form.setValue('name', v)} error={t(form.codeOf('name'))} />
//     {form.submitError ? <FormError error={form.submitError} /> : null}
//
// What it returns is react-hook-form's useForm API (register, control, watch, setValue, formState, reset, ...) plus:
// - submit(send): the form's onSubmit handler. The body (toBody of the values, then the client's own normalisation:
//   empty strings as null) is checked against the schema with TypeBox (the server checks the same schema with Ajv
//   and the same formats), then `refine`; a failure marks its fields and nothing is sent. When `send` fails with a
//   400 naming fields (`{ fields: [{ field: 'body.name' }] }`, server/src/plugins/errors.ts), those fields get the
//   code 'server'; any other failure (or a 400 naming no known field) is kept in `submitError`.
// - codeOf(name): the field's error code, 'required', 'invalid' or 'server' for useFieldErrors; a form that sets
//   codes of its own (refine, setError) names their type: codeOf<AppFieldError>('date').
// - submitError: the last failure not shown on a field, cleared by the next submit and on open.
import { type BodyErrorCode, normaliseBody } from '@patrimonio/shared-api';
import { useCallback, useEffect, useState } from 'react';
import {
  type FieldErrors,
  type FieldValues,
  get,
  type Path,
  type Resolver,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import type { Static, TSchema } from 'typebox';
import { errorStatus } from '../data/query.ts';

/**
 * The contract's body check (TypeBox), loaded with the first check: the schemas come from the same on-demand file
 * (@patrimonio/shared-ui/contract), which the page or dialog holding the form has loaded already, so this waits for
 * nothing in practice; the first screen, which has no form, does not load it (issue 21).
 */
const loadBodyCheck = () => import('@patrimonio/shared-ui/contract').then((m) => m.bodyErrors);

/** A field's error code: the contract's ('required', 'invalid'), the server's ('server') or a refine code. */
export type FormErrorCode = BodyErrorCode | 'server' | (string & {});
/** The codes every contract form may show: the schema's and the server's. */
export type CommonFormErrorCode = BodyErrorCode | 'server';

export interface ContractFormOptions<V extends FieldValues, S extends TSchema> {
  /** The form's values when it opens (compared by content: a new object with the same values does not reset). */
  defaults: V;
  /** The dialog's open flag: each opening resets the form to `defaults` and clears its errors. */
  open?: boolean;
  /** The request body from the form's values (default: the values as they are). */
  toBody?: (values: V) => Static<S>;
  /** Body paths ('owner.clientId') mapped to form fields where the names differ. */
  fields?: Partial<Record<string, Path<V>>>;
  /** Checks beyond the schema (check characters, cross-field rules): a code per body path at fault. */
  refine?: (body: Static<S>, values: V) => Partial<Record<string, FormErrorCode | undefined>>;
}

export type ContractForm<V extends FieldValues, S extends TSchema> = UseFormReturn<V> & {
  submit: (
    send: (body: Static<S>, values: V) => Promise<unknown>,
  ) => (event?: { preventDefault?: () => void }) => Promise<void>;
  codeOf: <C extends string = CommonFormErrorCode>(name: Path<V>) => C | undefined;
  submitError: unknown;
};

/** The body paths a 400 answer names (`body.` taken off), or [] for any other failure. */
export function serverErrorPaths(error: unknown): string[] {
  if (errorStatus(error) !== 400) return [];
  const fields = (error as { body?: { fields?: Array<{ field?: string }> } }).body?.fields ?? [];
  return fields.map((f) => (f.field ?? '').replace(/^body\./, '')).filter(Boolean);
}

/**
 * react-hook-form's `errors` from codes by form field. A code on a nested value (a union the schema checks whole,
 * such as a nullable object) keeps the codes of its own fields, in whichever order they come.
 */
export function toFieldErrors<V extends FieldValues>(codes: Record<string, FormErrorCode>): FieldErrors<V> {
  const out: Record<string, unknown> = {};
  for (const [name, code] of Object.entries(codes)) {
    const path = name ? name.split('.') : ['root'];
    let node = out;
    for (const key of path.slice(0, -1)) {
      node[key] ??= {};
      node = node[key] as Record<string, unknown>;
    }
    const last = path[path.length - 1]!;
    const existing = node[last];
    node[last] = { ...(typeof existing === 'object' && existing !== null ? existing : {}), type: code, message: code };
  }
  return out as FieldErrors<V>;
}

export function useContractForm<V extends FieldValues, S extends TSchema>(
  schema: S,
  options: ContractFormOptions<V, S>,
): ContractForm<V, S> {
  const { open = true, toBody, fields, refine } = options;
  const fieldOf = useCallback((bodyPath: string): string => fields?.[bodyPath] ?? bodyPath, [fields]);
  const bodyOf = useCallback((values: V) => normaliseBody(toBody ? toBody(values) : values) as Static<S>, [toBody]);

  const resolver = useCallback<Resolver<V>>(
    async (values) => {
      const body = bodyOf(values);
      const bodyErrors = await loadBodyCheck();
      const codes: Record<string, FormErrorCode> = {};
      for (const [path, code] of Object.entries(bodyErrors(schema, body))) codes[fieldOf(path)] ??= code;
      // A refine code names the fault more precisely than the schema's (150 typed in a percent box: out of range,
      // not missing), so it wins on its field.
      for (const [path, code] of Object.entries(refine?.(body, values) ?? {})) if (code) codes[fieldOf(path)] = code;
      return Object.keys(codes).length ? { values: {}, errors: toFieldErrors<V>(codes) } : { values, errors: {} };
    },
    [schema, bodyOf, fieldOf, refine],
  );

  const form = useForm<V>({ defaultValues: options.defaults as never, resolver });
  const [submitError, setSubmitError] = useState<unknown>(null);

  // Reset on each opening, and when the defaults' content changes (the edited record arrives): the snapshot is
  // the honest dependency, so a new object with the same values does not wipe what the user typed.
  const { reset } = form;
  const snapshot = JSON.stringify(options.defaults);
  useEffect(() => {
    if (!open) return;
    reset(JSON.parse(snapshot) as V);
    setSubmitError(null);
  }, [open, snapshot, reset]);

  const submit = useCallback<ContractForm<V, S>['submit']>(
    (send) => async (event) => {
      event?.preventDefault?.();
      setSubmitError(null);
      await form.handleSubmit(async (values) => {
        try {
          await send(bodyOf(values), values);
        } catch (error) {
          const known = serverErrorPaths(error)
            .map(fieldOf)
            .filter((name) => Object.hasOwn(form.getValues(), name.split('.')[0]!));
          for (const name of known) form.setError(name as Path<V>, { type: 'server', message: 'server' });
          if (!known.length) setSubmitError(error);
        }
      })();
    },
    [form, bodyOf, fieldOf],
  );

  // Read in render, so react-hook-form re-renders the form when its errors change.
  const codeOf = <C extends string = CommonFormErrorCode>(name: Path<V>): C | undefined =>
    (get(form.formState.errors, name) as { type?: C } | undefined)?.type;

  return { ...form, submit, codeOf, submitError };
}
