// The human-capital dialogs (a planned flow, a policy, a recorded flow) save the same way, as the admin's dialogs do
// (mf-admin/src/common/SaveDialog.tsx): a new record POSTed, the one edited PUT, then the dialog closes; a refused
// save is said in the dialog, a 400 (a field the form did not catch) asks in its toast to check the fields. Here too
// the helpers of their drafts (set a field, its error, a label's translation) and the family's owner picker.
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { RequestOf, RouteName } from '@patrimonio/shared-api';
import {
  errorStatus,
  FormDialog,
  type FormDialogProps,
  type Owner,
  OwnerPicker,
  type OwnerScope,
  type ToastMessage,
  useApiMutation,
  useFieldErrors,
} from '@patrimonio/shared-ui';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { CHECK_FIELDS } from './labels.ts';
import { HUMAN_CAPITAL_ROUTES } from './logic.ts';

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

const onBadInput = (e: unknown) => (errorStatus(e) === 400 ? CHECK_FIELDS : undefined);

type BodyOf<N extends RouteName> = RequestOf<N>['body'];

/**
 * The save of a human-capital record: a new one (id null) POSTed by `createRoute`, the one with this id PUT by
 * `updateRoute`, with their toasts; the human-capital answers are asked again.
 */
export function useRecordSave<C extends RouteName, U extends RouteName>(
  createRoute: C,
  updateRoute: U,
  id: number | null,
  toasts: { added: ToastMessage; edited: ToastMessage },
): Save<BodyOf<C> | BodyOf<U>> {
  const common = { error: onBadInput, invalidate: HUMAN_CAPITAL_ROUTES };
  const create = useApiMutation(createRoute, { ...common, success: toasts.added });
  const update = useApiMutation(updateRoute, { ...common, success: toasts.edited });
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

type SaveDialogProps<B> = Omit<FormDialogProps, 'onSubmit' | 'busy' | 'error'> & {
  form: SaveForm<B>;
  save: Save<B>;
};

/** A create-or-edit dialog: the form's body saved on submit, then the dialog closes. */
export function SaveDialog<B>({ form, save, ...dialog }: SaveDialogProps<B>) {
  const submit = form.submit(async (body) => {
    await save.send(body);
    dialog.onClose();
  });
  return (
    <FormDialog
      {...dialog}
      onSubmit={() => void submit()}
      busy={save.busy}
      error={form.submitError ? <Trans>Impossibile salvare. Riprova tra qualche istante.</Trans> : null}
    />
  );
}

/**
 * A dialog's draft: its values, `set` of a field, the translated `error` of a field (with the app's own messages),
 * `field` binding a field to a shared input (its name, value, change and error) and `translate` of a label.
 */
export function useDraft<V extends FieldValues>(
  form: Pick<UseFormReturn<V>, 'watch' | 'setValue'> & { codeOf: (name: Path<V>) => string | undefined },
  messages?: Partial<Record<string, MessageDescriptor>>,
) {
  const { i18n } = useLingui();
  const fieldError = useFieldErrors(messages);
  const draft = form.watch();
  const set = <K extends keyof V>(key: K, value: V[K]) => form.setValue(key as never, value as never);
  const error = (key: keyof V) => fieldError(form.codeOf(key as Path<V>));
  return {
    draft,
    set,
    error,
    field: <K extends keyof V & string>(key: K) => ({
      name: key,
      error: error(key),
      value: draft[key],
      onChange: (value: V[K]) => set(key, value),
    }),
    translate: (d: MessageDescriptor) => i18n._(d),
  };
}

/** The family member a new record belongs to: asked only when adding in a family view. */
export function FamilyOwnerPicker(props: {
  scope: OwnerScope;
  adding: boolean;
  owners: readonly Owner[];
  /** The draft's owner field (useDraft's `field('clientId')`); the picker keeps its own name. */
  field: { value: number | null; onChange: (id: number | null) => void; error: string | undefined };
  'data-testid': string;
}) {
  const { value, onChange, error } = props.field;
  return props.scope.isFamily && props.adding ? (
    <OwnerPicker
      owners={props.owners}
      value={value}
      onChange={onChange}
      error={error}
      data-testid={props['data-testid']}
    />
  ) : null;
}
