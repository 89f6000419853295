// Upload a document (/docs): the client, the category, an optional title and expiry date, and the file through the
// generic file-upload control (one png, jpg, jpeg, gif or pdf of at most 15 MB; the server checks the content).
import { Trans, useLingui } from '@lingui/react/macro';
import type { DocumentCategory } from '@patrimonio/shared-api';
import { DOCUMENT_CATEGORIES, DOCUMENT_TITLE_MAX } from '@patrimonio/shared-api/constants';
import { AttachmentInput, DatePicker, FormDialog, Select, TextInput, useAttachmentForm } from '@patrimonio/shared-ui';
import { useEffect, useState } from 'react';
import { DOCUMENT_CATEGORY_LABELS, PRACTICE_TOASTS } from './labels.ts';

export function DocumentUploadDialog(props: {
  open: boolean;
  onClose: () => void;
  clients: { value: string; label: string }[];
  clientId: number | undefined;
}) {
  const { i18n } = useLingui();
  const [clientId, setClientId] = useState('');
  const [category, setCategory] = useState<DocumentCategory | ''>('');
  const [title, setTitle] = useState('');
  const [expiresOn, setExpiresOn] = useState<string | null>(null);
  const form = useAttachmentForm('uploadDocument', {
    success: PRACTICE_TOASTS.documentUploaded,
    invalidate: ['listDocuments'],
  });
  const { reset, required } = form;

  // Each opening starts empty, on the client the list is filtered by.
  useEffect(() => {
    if (!props.open) return;
    setClientId(props.clientId ? String(props.clientId) : '');
    setCategory('');
    setTitle('');
    setExpiresOn(null);
    reset();
  }, [props.open, props.clientId, reset]);

  const submit = async () => {
    const fields = { clientId, category, title: title.trim(), expiresOn };
    if ((await form.send(Boolean(clientId && category && form.file), { fields })) !== undefined) props.onClose();
  };

  return (
    <FormDialog
      open={props.open}
      onClose={props.onClose}
      onSubmit={() => void submit()}
      busy={form.busy}
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
        value={form.file}
        onChange={form.setFile}
        error={required(!form.file)}
        data-testid="doc-file"
      />
    </FormDialog>
  );
}
