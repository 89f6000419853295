// Small building blocks of the real-estate page: sections, figure cards, query states, the form dialog frame and
// the translated field errors.
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Modal, type SelectOption } from '@patrimonio/shared-ui';
import { type FormEvent, type ReactNode, useId } from 'react';
import { FIELD_ERRORS, type FieldErrorCode } from '../logic/labels.ts';

export function Section(props: {
  title: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
  'data-testid'?: string;
}) {
  const id = useId();
  return (
    <section
      className={['re-section', props.className].filter(Boolean).join(' ')}
      aria-labelledby={id}
      data-testid={props['data-testid']}
    >
      <div className="re-section__head">
        <h2 id={id} className="re-section__title">
          {props.title}
        </h2>
        {props.actions ? <div className="re-section__actions">{props.actions}</div> : null}
      </div>
      {props.children}
    </section>
  );
}

/** A headline figure card: label and formatted value. */
export function Figure(props: { label: ReactNode; value: string; hint?: ReactNode; 'data-testid'?: string }) {
  return (
    <div className="re-figure" data-testid={props['data-testid']}>
      <span className="re-figure__label">{props.label}</span>
      <span className="re-figure__value">{props.value}</span>
      {props.hint ? <span className="re-figure__hint">{props.hint}</span> : null}
    </div>
  );
}

/** Loading and error states of a query, or the content. */
export function QueryState(props: { loading: boolean; error: unknown; children: ReactNode }) {
  if (props.loading)
    return (
      <p className="re-muted" aria-busy="true">
        <Trans>Caricamento…</Trans>
      </p>
    );
  if (props.error)
    return (
      <p className="re-error" role="alert">
        <Trans>Impossibile caricare i dati. Riprova più tardi.</Trans>
      </p>
    );
  return <>{props.children}</>;
}

/** A modal form: the shared Modal with the form in its body and the buttons (submit by the form attribute) below. */
export function FormDialog(props: {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  onSubmit: () => void;
  submitLabel?: ReactNode;
  busy?: boolean;
  children: ReactNode;
  className?: string;
  'data-testid'?: string;
}) {
  const formId = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!props.busy) props.onSubmit();
  };
  return (
    <Modal
      open={props.open}
      onClose={props.onClose}
      title={props.title}
      className={['re-dialog', props.className].filter(Boolean).join(' ')}
      data-testid={props['data-testid']}
      actions={
        <>
          <button type="button" className="pt-btn pt-btn--ghost" onClick={props.onClose}>
            <Trans>Annulla</Trans>
          </button>
          <button
            type="submit"
            form={formId}
            className="pt-btn pt-btn--primary"
            disabled={props.busy}
            aria-busy={props.busy || undefined}
            data-testid="dialog-submit"
          >
            {props.submitLabel ?? <Trans>Salva</Trans>}
          </button>
        </>
      }
    >
      <form id={formId} className="re-form" onSubmit={submit} noValidate>
        {props.children}
      </form>
    </Modal>
  );
}

/** The translated message of a form error code (undefined when there is none), for the shared form controls. */
export function useFieldErrors() {
  const { i18n } = useLingui();
  return (code: FieldErrorCode | undefined | null): string | undefined =>
    code ? i18n._(FIELD_ERRORS[code]) : undefined;
}

/** Select options from translated labels, in the given order. */
export function labelOptions<V extends string>(
  values: readonly V[],
  labels: Record<V, MessageDescriptor>,
  translate: (d: MessageDescriptor) => string,
): SelectOption<V>[] {
  return values.map((value) => ({ value, label: translate(labels[value]) }));
}
