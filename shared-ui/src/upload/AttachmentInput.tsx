// The generic file-upload control (portal-and-report 5, 8, 9): a drop zone with a pick button (the native file input,
// reached with Tab and opened with Enter or Space), one png, jpg, jpeg, gif or pdf file of at most 15 MB. A file that
// breaks the rules is refused with the catalogue's toast and not kept; the chosen one shows its name and size (kb, or
// mb above 1000 kb) with a button to remove it. Controlled: the form holds the File.
import { Trans, useLingui } from '@lingui/react/macro';
import { type DragEvent, type ReactNode, useId, useRef, useState } from 'react';
import { toast } from '../chrome/toast.ts';
import { formatFileSize } from '../format/index.ts';
import { ATTACHMENT_ACCEPT, ATTACHMENT_TOASTS, attachmentError } from './attachment.ts';

export interface AttachmentInputProps {
  value: File | null;
  onChange: (file: File | null) => void;
  label: ReactNode;
  required?: boolean;
  /** A message under the control (e.g. "required" after a submit without a file). */
  error?: ReactNode;
  disabled?: boolean;
  'data-testid'?: string;
}

export function AttachmentInput(props: AttachmentInputProps) {
  const { t } = useLingui();
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const testId = props['data-testid'] ?? 'attachment';

  const pick = (files: readonly File[]) => {
    const problem = attachmentError(files);
    if (input.current) input.current.value = '';
    if (problem) {
      toast.error(ATTACHMENT_TOASTS[problem]);
      return;
    }
    if (files[0]) props.onChange(files[0]);
  };

  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!props.disabled) pick(Array.from(event.dataTransfer.files));
  };

  return (
    <div className="pt-attach" data-testid={testId}>
      <span className="pt-attach__label" id={`${id}-label`}>
        {props.label}
        {props.required ? <span aria-hidden="true"> *</span> : null}
      </span>
      <section
        className="pt-attach__drop"
        aria-labelledby={`${id}-label`}
        data-dragging={dragging || undefined}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid={`${testId}-drop`}
      >
        <p>
          <Trans>Trascina qui il file oppure</Trans>{' '}
          <label className="pt-btn pt-btn--secondary pt-attach__pick">
            <Trans>scegli un file</Trans>
            <input
              ref={input}
              type="file"
              className="pt-attach__input"
              accept={ATTACHMENT_ACCEPT}
              disabled={props.disabled}
              aria-describedby={`${id}-hint`}
              aria-invalid={props.error ? true : undefined}
              onChange={(event) => pick(Array.from(event.currentTarget.files ?? []))}
              data-testid={`${testId}-input`}
            />
          </label>
        </p>
        <p className="pt-attach__hint" id={`${id}-hint`}>
          <Trans>Un solo file PNG, JPG, GIF o PDF, al massimo 15 MB</Trans>
        </p>
      </section>
      {props.value ? (
        <p className="pt-attach__file" data-testid={`${testId}-file`}>
          <span className="pt-attach__name">{props.value.name}</span>
          <span className="pt-attach__size">{formatFileSize(props.value.size)}</span>
          <button
            type="button"
            className="pt-btn pt-btn--ghost"
            onClick={() => props.onChange(null)}
            aria-label={t`Rimuovi il file ${props.value.name}`}
            disabled={props.disabled}
            data-testid={`${testId}-remove`}
          >
            <Trans>Rimuovi</Trans>
          </button>
        </p>
      ) : null}
      {props.error ? (
        <p className="pt-field__error" role="alert">
          {props.error}
        </p>
      ) : null}
    </div>
  );
}
