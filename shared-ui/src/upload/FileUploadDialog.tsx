// An import dialog (movements, prices, FX rates, the bank's balances and positions): the form's own fields, one CSV
// or XLSX file of at most 15 MB, then the answer: the rejected rows listed (nothing stored, nothing refreshed), or
// success (the caller refreshes). A refused file (400 with a code, 413, 503) is said in the user's language, never
// with the server's English message.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { toastMessages } from '../chrome/messages.ts';
import { toast } from '../chrome/toast.ts';
import { errorStatus } from '../data/query.ts';
import { formatFileSize } from '../format/index.ts';
import { Field } from '../forms/Field.tsx';
import { FormDialog } from '../page/FormDialog.tsx';
import { useFieldErrors } from '../page/fields.ts';
import { ScrollArea } from '../page/ScrollArea.tsx';
import { checkFiles, type RejectedRow, UPLOAD_ACCEPT, type UploadRouteName, uploadFile } from './files.ts';
import { rejectionMessage, uploadFailureMessage } from './messages.ts';

export const uploadMessages = {
  importing: msg`Importazione in corso…`,
  rowsRejected: msg`Alcune righe sono state scartate: non è stato salvato nulla`,
};

export interface FileUploadDialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  /** The contract's multipart route. */
  route: UploadRouteName;
  /** The multipart text fields; null while the form is incomplete (the submit then says so). */
  fields: Record<string, string | number | null | undefined> | null;
  /** Marks the form's own fields after a submit with missing values. */
  onIncomplete?: () => void;
  children?: ReactNode;
  /** Under the file input: the template link and the columns. */
  help?: ReactNode;
  /** The success toast; a function gets the rows stored when the route says how many (else null). */
  success: MessageDescriptor | ((stored: number | null) => MessageDescriptor);
  onSuccess: () => void;
  'data-testid'?: string;
}

export function FileUploadDialog(props: FileUploadDialogProps) {
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<'required' | 'invalid' | null>(null);
  const [rejected, setRejected] = useState<RejectedRow[]>([]);
  const [failure, setFailure] = useState<MessageDescriptor | null>(null);
  const { i18n } = useLingui();
  const fieldError = useFieldErrors();
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
    const id = toast.loading(uploadMessages.importing);
    try {
      const { rejected: rows, stored } = await uploadFile(props.route, file, props.fields);
      if (rows.length) {
        setRejected(rows);
        toast.error(uploadMessages.rowsRejected, { id });
      } else {
        toast.success(typeof props.success === 'function' ? props.success(stored) : props.success, { id });
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
      <Field
        label={<Trans>File (CSV o XLSX, massimo 15 MB)</Trans>}
        required
        error={fieldError(fileError)}
        hint={file ? `${file.name} · ${formatFileSize(file.size)}` : undefined}
      >
        {(control) => (
          <input
            {...control}
            ref={input}
            type="file"
            name="file"
            className="pt-input pt-file"
            accept={UPLOAD_ACCEPT}
            data-testid="upload-file"
            onChange={(e) => pick(e.currentTarget.files)}
          />
        )}
      </Field>
      {props.help ? <div className="pt-upload-help">{props.help}</div> : null}
      {failure ? (
        <p className="pt-error" role="alert" data-testid="upload-failure">
          <Trans>Il file non è stato accettato:</Trans> {i18n._(failure)}
        </p>
      ) : null}
      <RejectedRows rows={rejected} />
    </FormDialog>
  );
}

/** A rejected row's reason in the user's language, from its code and details (the API's reason is English). */
export function RejectionReason({ row }: { row: RejectedRow }): string {
  const { i18n } = useLingui();
  return i18n._(rejectionMessage(row));
}

/** The rows an upload rejected (row number as in the file, the template column, the reason). */
export function RejectedRows({ rows }: { rows: readonly RejectedRow[] }) {
  const { t } = useLingui();
  if (!rows.length) return null;
  return (
    <div className="pt-rejected" data-testid="rejected-rows">
      <p role="alert" className="pt-error">
        <Trans>
          {rows.length} righe scartate: il file non è stato importato. Correggi le righe e carica di nuovo il file.
        </Trans>
      </p>
      <ScrollArea label={t`Righe scartate`}>
        <table className="pt-plain-table" aria-label={t`Righe scartate`}>
          <thead>
            <tr>
              <th scope="col">
                <Trans>Riga</Trans>
              </th>
              <th scope="col">
                <Trans>Campo</Trans>
              </th>
              <th scope="col">
                <Trans>Motivo</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a row may be rejected for several fields
              <tr key={`${r.row}-${r.field ?? ''}-${i}`}>
                <td>{r.row}</td>
                <td>{r.field ?? '–'}</td>
                <td>
                  <RejectionReason row={r} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollArea>
    </div>
  );
}
