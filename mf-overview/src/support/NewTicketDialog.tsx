// Open a support ticket (/support): category, subject, text and an optional attachment through the generic
// file-upload control. The new ticket opens in the page.
import { Trans, useLingui } from '@lingui/react/macro';
import type { TicketCategory } from '@patrimonio/shared-api';
import { TICKET_CATEGORIES, TICKET_SUBJECT_MAX, TICKET_TEXT_MAX } from '@patrimonio/shared-api/constants';
import {
  AttachmentInput,
  FormDialog,
  Select,
  TextArea,
  TextInput,
  useApiUpload,
  useFieldErrors,
} from '@patrimonio/shared-ui';
import { useEffect, useState } from 'react';
import { PRACTICE_TOASTS, TICKET_CATEGORY_LABELS } from '../docs/labels.ts';

export const TICKET_ROUTES = ['listTickets', 'getTicket'] as const;

export function NewTicketDialog(props: { open: boolean; onClose: () => void; onOpened: (id: number) => void }) {
  const { i18n } = useLingui();
  const fieldError = useFieldErrors();
  const [category, setCategory] = useState<TicketCategory | ''>('');
  const [subject, setSubject] = useState('');
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [tried, setTried] = useState(false);
  const create = useApiUpload('createTicket', { success: PRACTICE_TOASTS.ticketOpened, invalidate: TICKET_ROUTES });

  useEffect(() => {
    if (!props.open) return;
    setCategory('');
    setSubject('');
    setText('');
    setFile(null);
    setTried(false);
  }, [props.open]);

  const submit = async () => {
    setTried(true);
    if (!category || !subject.trim() || !text.trim()) return;
    try {
      const ticket = await create.mutateAsync({
        file,
        fields: { category, subject: subject.trim(), text: text.trim() },
      });
      props.onClose();
      props.onOpened(ticket.id);
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
      busy={create.isPending}
      title={<Trans>Nuovo ticket</Trans>}
      submitLabel={<Trans>Invia</Trans>}
      submitTestId="ticket-submit"
      data-testid="ticket-dialog"
    >
      <Select
        label={<Trans>Categoria</Trans>}
        required
        placeholder="—"
        value={category}
        options={TICKET_CATEGORIES.map((c) => ({ value: c, label: i18n._(TICKET_CATEGORY_LABELS[c]) }))}
        onChange={(v) => setCategory(v as TicketCategory | '')}
        error={required(!category)}
        data-testid="ticket-category"
      />
      <TextInput
        label={<Trans>Oggetto</Trans>}
        required
        maxLength={TICKET_SUBJECT_MAX}
        value={subject}
        onChange={setSubject}
        error={required(!subject.trim())}
        data-testid="ticket-subject"
      />
      <TextArea
        label={<Trans>Descrizione</Trans>}
        required
        maxLength={TICKET_TEXT_MAX}
        value={text}
        onChange={setText}
        error={required(!text.trim())}
        data-testid="ticket-text"
      />
      <AttachmentInput label={<Trans>Allegato</Trans>} value={file} onChange={setFile} data-testid="ticket-file" />
    </FormDialog>
  );
}
