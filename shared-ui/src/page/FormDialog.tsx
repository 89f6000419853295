// A modal form: the shared Modal with the form in its body and the buttons (submit by the form attribute) below.
// Presentational only: the form's values, validation and field errors come from the caller (the form hook of
// ../forms); this frame shows the busy state and the form-level error.
import { Trans } from '@lingui/react/macro';
import { type FormEvent, type ReactNode, useId } from 'react';
import { Modal } from '../chrome/Modal.tsx';
import type { TourTarget } from '../tour/index.ts';

export interface FormDialogProps {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  /** Called on submit (not while busy); the default submission is already prevented. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  submitLabel?: ReactNode;
  busy?: boolean;
  /** No submit button (a dialog that only lists): the cancel button reads "Chiudi". */
  readOnly?: boolean;
  /** A wider dialog (tables, two columns of fields). */
  wide?: boolean;
  /** An error of the whole form (not of one field), shown above the fields. */
  error?: ReactNode;
  children: ReactNode;
  className?: string;
  /** Guided-tour target of the submit button (tour/steps.ts). */
  submitTour?: TourTarget;
  /** Test id of the submit button ("dialog-submit" by default). */
  submitTestId?: string;
  'data-testid'?: string;
}

export function FormDialog(props: FormDialogProps) {
  const formId = useId();
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!props.busy) props.onSubmit(e);
  };
  return (
    <Modal
      open={props.open}
      onClose={props.onClose}
      title={props.title}
      className={['pt-form-dialog', props.wide ? 'pt-form-dialog--wide' : null, props.className]
        .filter(Boolean)
        .join(' ')}
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
              // Not `disabled`: the button keeps the focus (and Escape still reaches the dialog) while busy.
              aria-disabled={props.busy || undefined}
              aria-busy={props.busy || undefined}
              data-testid={props.submitTestId ?? 'dialog-submit'}
              data-tour={props.submitTour}
            >
              {props.submitLabel ?? <Trans>Salva</Trans>}
            </button>
          )}
        </>
      }
    >
      <form id={formId} className="pt-form" onSubmit={submit} noValidate>
        {props.error ? <FormError>{props.error}</FormError> : null}
        {props.children}
      </form>
    </Modal>
  );
}

/** An error of the whole form (a refused save that names no field), announced when it appears. */
export function FormError(props: { children: ReactNode; 'data-testid'?: string }) {
  return (
    <p className="pt-error pt-form__error" role="alert" data-testid={props['data-testid'] ?? 'form-error'}>
      {props.children}
    </p>
  );
}
