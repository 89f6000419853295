// A modal form: the shared Modal with the form in its body and the buttons (submit by the form attribute) below.
import { Trans } from '@lingui/react/macro';
import { Modal, type TourTarget } from '@patrimonio/shared-ui';
import { type FormEvent, type ReactNode, useId } from 'react';

export function FormDialog(props: {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  onSubmit: () => void;
  submitLabel?: ReactNode;
  busy?: boolean;
  /** No submit button (a dialog that only lists). */
  readOnly?: boolean;
  children: ReactNode;
  className?: string;
  /** Guided-tour target of the submit button (tour/steps.ts). */
  submitTour?: TourTarget;
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
      className={['fin-dialog', props.className].filter(Boolean).join(' ')}
      data-testid={props['data-testid']}
      actions={
        <>
          <button type="button" className="pt-btn pt-btn--ghost" onClick={props.onClose}>
            {props.readOnly ? <Trans>Chiudi</Trans> : <Trans>Annulla</Trans>}
          </button>
          {props.readOnly ? null : (
            <button
              type="submit"
              form={formId}
              className="pt-btn pt-btn--primary"
              disabled={props.busy}
              aria-busy={props.busy || undefined}
              data-testid="dialog-submit"
              data-tour={props.submitTour}
            >
              {props.submitLabel ?? <Trans>Salva</Trans>}
            </button>
          )}
        </>
      }
    >
      <form id={formId} className="fin-form" onSubmit={submit} noValidate>
        {props.children}
      </form>
    </Modal>
  );
}
