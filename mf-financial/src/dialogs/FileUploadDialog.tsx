// An import dialog (movements, prices, FX rates): the form's own fields, one CSV or XLSX file of at most 15 MB,
// then the answer: the rejected rows listed (nothing stored, nothing refreshed), or success (the caller refreshes).
// A refused file (400 with a code, 413) is said in the user's language, never with the server's English message.
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { errorStatus, FormDialog, formatFileSize, toast, toastMessages } from '@patrimonio/shared-ui';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { TOASTS } from '../common/labels.ts';
import { FormRow, RejectedRows } from '../common/ui.tsx';
import { checkFiles, type RejectedRow, UPLOAD_ACCEPT, type UPLOAD_ROUTES, uploadFile } from '../common/upload.ts';
import { uploadFailureMessage } from '../logic/upload-messages.ts';

export function FileUploadDialog(props: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  route: (typeof UPLOAD_ROUTES)[keyof typeof UPLOAD_ROUTES];
  /** The multipart text fields; null while the form is incomplete (the submit then says so). */
  fields: Record<string, string | number | null | undefined> | null;
  /** Marks the form's own fields after a submit with missing values. */
  onIncomplete?: () => void;
  children?: ReactNode;
  /** Under the file input: the template link and the columns. */
  help?: ReactNode;
  success: MessageDescriptor;
  onSuccess: () => void;
  'data-testid'?: string;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<'required' | 'invalid' | null>(null);
  const [rejected, setRejected] = useState<RejectedRow[]>([]);
  const [failure, setFailure] = useState<MessageDescriptor | null>(null);
  const { i18n } = useLingui();
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!props.open) return;
    setFile(null);
    setFileError(null);
    setRejected([]);
    setFailure(null);
  }, [props.open]);

  const pick = (files: FileList | null) => {
    setRejected([]);
    setFailure(null);
    const problem = checkFiles(files);
    if (problem === null) {
      setFile(files![0]!);
      setFileError(null);
      return;
    }
    setFile(null);
    if (input.current) input.current.value = '';
    if (problem === 'none') return;
    setFileError('invalid');
    toast.error(
      problem === 'tooMany'
        ? toastMessages.tooManyFiles
        : problem === 'tooLarge'
          ? toastMessages.fileTooLarge
          : toastMessages.badFileGeneric,
    );
  };

  const submit = async () => {
    if (!props.fields) props.onIncomplete?.();
    if (!file) setFileError('required');
    if (!props.fields || !file) return;
    setBusy(true);
    setRejected([]);
    setFailure(null);
    const id = toast.loading(TOASTS.importing);
    try {
      const rows = await uploadFile(props.route, file, props.fields);
      if (rows.length) {
        setRejected(rows);
        toast.error(TOASTS.rowsRejected, { id });
      } else {
        toast.success(props.success, { id });
        props.onSuccess();
        props.onClose();
      }
    } catch (err) {
      const status = errorStatus(err) ?? 0;
      setFailure(status ? uploadFailureMessage(status, (err as { body?: unknown }).body) : null);
      toast.error(
        status === 413
          ? toastMessages.fileTooLarge
          : status === 400
            ? toastMessages.badFileGeneric
            : toastMessages.error500,
        { id },
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog
      open={props.open}
      onClose={props.onClose}
      onSubmit={() => void submit()}
      busy={busy}
      title={props.title}
      submitLabel={<Trans>Importa</Trans>}
      wide
      data-testid={props['data-testid']}
    >
      {props.children}
      <FormRow
        label={<Trans>File (CSV o XLSX, massimo 15 MB)</Trans>}
        required
        error={fileError}
        hint={file ? `${file.name} · ${formatFileSize(file.size)}` : undefined}
      >
        {(control) => (
          <input
            {...control}
            ref={input}
            type="file"
            name="file"
            className="pt-input fin-file"
            accept={UPLOAD_ACCEPT}
            data-testid="upload-file"
            onChange={(e) => pick(e.currentTarget.files)}
          />
        )}
      </FormRow>
      {props.help ? <div className="fin-help">{props.help}</div> : null}
      {failure ? (
        <p className="pt-error" role="alert" data-testid="upload-failure">
          <Trans>Il file non è stato accettato:</Trans> {i18n._(failure)}
        </p>
      ) : null}
      <RejectedRows rows={rejected} />
    </FormDialog>
  );
}
