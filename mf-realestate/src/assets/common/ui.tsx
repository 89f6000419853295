// Building blocks of the family business and art and luxury pages: the page heading, sections, headline figures,
// the loading and error states of a query, and the modal form (the shared Modal with the form in its body).
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Modal, usePageTitle } from '@patrimonio/shared-ui';
import { type FormEvent, type ReactNode, useId } from 'react';

export function PageHeader(props: { title: MessageDescriptor; actions?: ReactNode }) {
  const { i18n } = useLingui();
  usePageTitle(props.title);
  return (
    <header className="ast-page-head">
      <h1 className="pt-page-title ast-page-head__title">{i18n._(props.title)}</h1>
      {props.actions ? <div className="ast-page-head__actions">{props.actions}</div> : null}
    </header>
  );
}

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
      className={['ast-section', props.className].filter(Boolean).join(' ')}
      aria-labelledby={id}
      data-testid={props['data-testid']}
    >
      <div className="ast-section__head">
        <h2 id={id} className="ast-section__title">
          {props.title}
        </h2>
        {props.actions ? <div className="ast-section__actions">{props.actions}</div> : null}
      </div>
      {props.children}
    </section>
  );
}

/** A headline figure: label and formatted value. */
export function Figure(props: { label: ReactNode; value: string; 'data-testid'?: string }) {
  return (
    <div className="ast-figure" data-testid={props['data-testid']}>
      <span className="ast-figure__label">{props.label}</span>
      <span className="ast-figure__value">{props.value}</span>
    </div>
  );
}

/** Loading and error states of a query, or the content. */
export function QueryState(props: { loading: boolean; error: unknown; children: ReactNode }) {
  if (props.loading)
    return (
      <p className="ast-muted" aria-busy="true">
        <Trans>Caricamento…</Trans>
      </p>
    );
  if (props.error)
    return (
      <p className="ast-error" role="alert">
        <Trans>Impossibile caricare i dati. Riprova più tardi.</Trans>
      </p>
    );
  return <>{props.children}</>;
}

export function FormDialog(props: {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  onSubmit: () => void;
  busy?: boolean;
  children: ReactNode;
  wide?: boolean;
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
      className={props.wide ? 'ast-dialog ast-dialog--wide' : 'ast-dialog'}
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
            <Trans>Salva</Trans>
          </button>
        </>
      }
    >
      <form id={formId} className="ast-form" onSubmit={submit} noValidate>
        {props.children}
      </form>
    </Modal>
  );
}
