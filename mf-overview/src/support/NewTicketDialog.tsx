// Open a support ticket (/support): category, subject, text and an optional attachment through the generic
// file-upload control. The new ticket opens in the page.
import { Trans, useLingui } from '@lingui/react/macro';
import type { TicketCategory } from '@patrimonio/shared-api';
import { TICKET_CATEGORIES, TICKET_SUBJECT_MAX, TICKET_TEXT_MAX } from '@patrimonio/shared-api/constants';
import { AttachmentInput, FormDialog, Select, TextArea, TextInput, useAttachmentForm } from '@patrimonio/shared-ui';
import { useEffect, useState } from 'react';
import { PRACTICE_TOASTS, TICKET_CATEGORY_LABELS } from '../docs/labels.ts';

export const TICKET_ROUTES = ['listTickets', 'getTicket'] as const;

export function NewTicketDialog(props: { open: boolean; onClose: () => void; onOpened: (id: number) => void }) {
  const { i18n } = useLingui();
  const [category, setCategory] = useState<TicketCategory | ''>('');
  const [subject, setSubject] = useState('');
  const [text, setText] = useState('');
  const form = useAttachmentForm('createTicket', { success: PRACTICE_TOASTS.ticketOpened, invalidate: TICKET_ROUTES });
  const { reset, required } = form;

  useEffect(() => {
    if (!props.open) return;
    setCategory('');
    setSubject('');
    setText('');
    reset();
  }, [props.open, reset]);

  const submit = async () => {
    const fields = { category, subject: subject.trim(), text: text.trim() };
    const ticket = await form.send(Boolean(category && subject.trim() && text.trim()), { fields });
    if (!ticket) return;
    props.onClose();
    props.onOpened(ticket.id);
  };

  return (
    <FormDialog
      open={props.open}
      onClose={props.onClose}
      onSubmit={() => void submit()}
      busy={form.busy}
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
      <AttachmentInput
        label={<Trans>Allegato</Trans>}
        value={form.file}
        onChange={form.setFile}
        data-testid="ticket-file"
      />
    </FormDialog>
  );
}
