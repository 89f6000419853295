// The admin's create-or-edit dialogs (servers, counterparts, mappings, users) save the same way: the contract form's
// body is sent, and once saved the dialog closes; a refused save is said in the dialog, in words of its own when the
// dialog knows the refusal, else the generic one. useRecordSave is the save of a record with a POST and a PUT route.
import { Trans } from '@lingui/react/macro';
import type { RequestOf, RouteName } from '@patrimonio/shared-api';
import {
  errorStatus,
  FormDialog,
  type FormDialogProps,
  TextInput,
  type TextInputProps,
  type ToastMessage,
  useApiMutation,
} from '@patrimonio/shared-ui';
import type { ReactNode } from 'react';
import type { FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';
import { TOASTS } from './labels.ts';

/** How a dialog saves a body, and whether a save is under way. */
export interface Save<B> {
  send: (body: B) => Promise<unknown>;
  busy: boolean;
}

/** The part of a contract form (shared-ui useContractForm) the dialog drives: its submit and the refused save. */
export interface SaveForm<B> {
  submit: (send: (body: B) => Promise<unknown>) => (event?: { preventDefault?: () => void }) => Promise<void>;
  submitError: unknown;
}

type SaveDialogProps<B> = Omit<FormDialogProps, 'onSubmit' | 'busy' | 'error'> & {
  form: SaveForm<B>;
  save: Save<B>;
  /** After a save, before the dialog closes. */
  onSaved?: () => void;
  /** A refused save in the dialog's own words; undefined for the generic words. */
  refusal?: (error: unknown) => ReactNode | undefined;
};

/** A create-or-edit dialog: the form's body saved on submit, then onSaved, then the dialog closes. */
export function SaveDialog<B>({ form, save, onSaved, refusal, ...dialog }: SaveDialogProps<B>) {
  const submit = form.submit(async (body) => {
    await save.send(body);
    onSaved?.();
    dialog.onClose();
  });
  return (
    <FormDialog
      {...dialog}
      onSubmit={(e) => void submit(e)}
      busy={save.busy}
      error={
        form.submitError
          ? (refusal?.(form.submitError) ?? <Trans>Impossibile salvare. Riprova tra qualche istante.</Trans>)
          : null
      }
    />
  );
}

/** A refused save's toast: a 400 (a field the form did not catch) asks to check the fields marked; else the generic. */
export const checkFieldsToast = (e: unknown): ToastMessage | undefined =>
  errorStatus(e) === 400 ? TOASTS.checkFields : undefined;

type BodyOf<N extends RouteName> = RequestOf<N>['body'];

/** The toasts of a record's save and the answers it changes. */
interface RecordSaveOptions {
  added: ToastMessage;
  edited: ToastMessage;
  invalidate: readonly RouteName[];
  /** The toast of a refused save; checkFieldsToast when not given. */
  error?: (e: unknown) => ToastMessage | undefined;
}

/** The save of a record: a new one (id null) POSTed by `createRoute`, the one with this id PUT by `updateRoute`. */
export function useRecordSave<C extends RouteName, U extends RouteName>(
  createRoute: C,
  updateRoute: U,
  id: number | null,
  options: RecordSaveOptions,
): Save<BodyOf<C> & BodyOf<U>> {
  const common = { invalidate: options.invalidate, error: options.error ?? checkFieldsToast };
  const create = useApiMutation(createRoute, { ...common, success: options.added });
  const update = useApiMutation(updateRoute, { ...common, success: options.edited });
  return {
    // The routes' requests are the body alone (POST) and the id with the body (PUT); TypeScript cannot tell that of a
    // route name it does not know yet, hence the casts.
    send: (body) =>
      id === null
        ? create.mutateAsync({ body } as RequestOf<C>)
        : update.mutateAsync({ params: { id }, body } as unknown as RequestOf<U>),
    busy: create.isPending || update.isPending,
  };
}

/** A server's or a counterpart's name: required, up to the contract's 100 characters. */
export function NameInput(props: Omit<TextInputProps, 'label' | 'required' | 'name' | 'maxLength'>) {
  return <TextInput label={<Trans>Nome</Trans>} required name="name" maxLength={100} {...props} />;
}

/** Sets a form's field and clears its error, as a change in a dialog does. */
export const fieldSetter =
  <V extends FieldValues>(form: Pick<UseFormReturn<V>, 'setValue' | 'clearErrors'>) =>
  <N extends Path<V>>(name: N, value: PathValue<V, N>) => {
    form.setValue(name, value);
    form.clearErrors(name);
  };
