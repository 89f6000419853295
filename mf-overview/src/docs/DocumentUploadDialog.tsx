// Upload a document (/docs): the client, the category, an optional title and expiry date, and the file through the
// generic file-upload control (one png, jpg, jpeg, gif or pdf of at most 15 MB; the server checks the content).
import { Trans, useLingui } from '@lingui/react/macro';
import type { DocumentCategory } from '@patrimonio/shared-api';
import { DOCUMENT_CATEGORIES, DOCUMENT_TITLE_MAX } from '@patrimonio/shared-api/constants';
import {
  AttachmentInput,
  DatePicker,
  FormDialog,
  Select,
  TextInput,
  useApiUpload,
  useFieldErrors,
} from '@patrimonio/shared-ui';
import { useEffect, useState } from 'react';
import { DOCUMENT_CATEGORY_LABELS, PRACTICE_TOASTS } from './labels.ts';

export function DocumentUploadDialog(props: {
  open: boolean;
  onClose: () => void;
  clients: { value: string; label: string }[];
  clientId: number | undefined;
}) {
  const { i18n } = useLingui();
  const fieldError = useFieldErrors();
  const [clientId, setClientId] = useState('');
  const [category, setCategory] = useState<DocumentCategory | ''>('');
  const [title, setTitle] = useState('');
  const [expiresOn, setExpiresOn] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [tried, setTried] = useState(false);
  const upload = useApiUpload('uploadDocument', {
    success: PRACTICE_TOASTS.documentUploaded,
    invalidate: ['listDocuments'],
  });

  // Each opening starts empty, on the client the list is filtered by.
  useEffect(() => {
    if (!props.open) return;
    setClientId(props.clientId ? String(props.clientId) : '');
    setCategory('');
    setTitle('');
    setExpiresOn(null);
    setFile(null);
    setTried(false);
  }, [props.open, props.clientId]);

  const submit = async () => {
    setTried(true);
    if (!clientId || !category || !file) return;
    try {
      await upload.mutateAsync({ file, fields: { clientId, category, title: title.trim(), expiresOn } });
      props.onClose();
    } catch {
      // The toast says why; the form stays for another try.
    }
  };

  const required = (missing: boolean) => (tried && missing ? fieldError('required') : null);
  return (
    <FormDialog
      open={props.open}
      onClose={props.onClose}
      onSubmit={() => void submit()}
      busy={upload.isPending}
      title={<Trans>Carica documento</Trans>}
      submitLabel={<Trans>Carica</Trans>}
      submitTestId="doc-submit"
      data-testid="doc-dialog"
    >
      <Select
        label={<Trans>Cliente</Trans>}
        required
        placeholder="—"
        value={clientId}
        options={props.clients}
        onChange={setClientId}
        error={required(!clientId)}
        data-testid="doc-client"
      />
      <Select
        label={<Trans>Categoria</Trans>}
        required
        placeholder="—"
        value={category}
        options={DOCUMENT_CATEGORIES.map((c) => ({ value: c, label: i18n._(DOCUMENT_CATEGORY_LABELS[c]) }))}
        onChange={(v) => setCategory(v as DocumentCategory | '')}
        error={required(!category)}
        data-testid="doc-category"
      />
      <TextInput
        label={<Trans>Titolo</Trans>}
        maxLength={DOCUMENT_TITLE_MAX}
        value={title}
        onChange={setTitle}
        data-testid="doc-title"
      />
      <DatePicker
        label={<Trans>Scadenza</Trans>}
        value={expiresOn}
        onChange={setExpiresOn}
        quickYears
        data-testid="doc-expiry"
      />
      <AttachmentInput
        label={<Trans>File</Trans>}
        required
        value={file}
        onChange={setFile}
        error={required(!file)}
        data-testid="doc-file"
      />
    </FormDialog>
  );
}
