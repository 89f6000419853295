// One ticket (/support?ticket=<id>): its state, the thread with attachments to download, the reply box with an
// optional attachment (not on a closed ticket), and the staff's actions: assign (to oneself or another staff user),
// close and reopen.
import { Trans, useLingui } from '@lingui/react/macro';
import type { Ticket, TicketMessage } from '@patrimonio/shared-api';
import { TICKET_TEXT_MAX } from '@patrimonio/shared-api/constants';
import {
  AttachmentInput,
  Button,
  downloadApiFile,
  EmptyState,
  errorStatus,
  formatDateTime,
  formatFileSize,
  QueryState,
  Section,
  Select,
  TextArea,
  toast,
  useApiMutation,
  useApiQuery,
  useAttachmentForm,
} from '@patrimonio/shared-ui';
import { useState } from 'react';
import { PRACTICE_TOASTS, TICKET_CATEGORY_LABELS, TICKET_STATE_LABELS } from '../docs/labels.ts';
import { TICKET_ROUTES } from './NewTicketDialog.tsx';

export function TicketDetail(props: { id: number; staff: boolean; userId: number | null; onClose: () => void }) {
  const ticket = useApiQuery('getTicket', { params: { id: props.id } });
  // A ticket that is not there, or not the caller's (a link of someone else's mail): said so, with the way back.
  if (errorStatus(ticket.error) === 404)
    return (
      <EmptyState
        title={<Trans>Ticket non trovato</Trans>}
        actions={
          <Button onClick={props.onClose} data-testid="ticket-close-view">
            <Trans>Torna all'elenco</Trans>
          </Button>
        }
        data-testid="ticket-not-found"
      />
    );
  return (
    <QueryState loading={ticket.isPending} error={ticket.error} onRetry={() => void ticket.refetch()}>
      {ticket.data ? <TicketView ticket={ticket.data} {...props} /> : null}
    </QueryState>
  );
}

function TicketView(props: { ticket: Ticket; staff: boolean; userId: number | null; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const { ticket } = props;
  const closed = ticket.state === 'CLOSED';
  return (
    <Section
      title={
        <>
          #{ticket.id} {ticket.subject}
        </>
      }
      actions={
        <Button variant="ghost" onClick={props.onClose} data-testid="ticket-close-view">
          <Trans>Torna all'elenco</Trans>
        </Button>
      }
      data-testid="ticket-detail"
    >
      <p className="pt-ov-ticket__meta">
        <span className={`ov-badge pt-ov-badge--${ticket.state.toLowerCase()}`} data-testid="ticket-state">
          {i18n._(TICKET_STATE_LABELS[ticket.state])}
        </span>{' '}
        {i18n._(TICKET_CATEGORY_LABELS[ticket.category])} · <Trans>aperto da {ticket.openedBy.name}</Trans> ·{' '}
        {ticket.assignee ? <Trans>assegnato a {ticket.assignee.name}</Trans> : <Trans>non assegnato</Trans>}
      </p>
      {props.staff ? <StaffActions ticket={ticket} userId={props.userId} /> : null}
      <ol className="pt-ov-thread" aria-label={t`Messaggi del ticket`}>
        {ticket.thread.map((m) => (
          <Message key={m.id} message={m} />
        ))}
      </ol>
      {closed ? (
        <p className="pt-muted" data-testid="ticket-closed-note">
          {props.staff ? (
            <Trans>Il ticket è chiuso: riaprilo per rispondere.</Trans>
          ) : (
            <Trans>Il ticket è chiuso. Se il problema continua, apri un nuovo ticket.</Trans>
          )}
        </p>
      ) : (
        <ReplyBox id={ticket.id} />
      )}
    </Section>
  );
}

function Message({ message: m }: { message: TicketMessage }) {
  const { t } = useLingui();
  const download = async () => {
    if (!m.attachment) return;
    try {
      await downloadApiFile('downloadTicketAttachment', { params: { id: m.attachment.id } }, m.attachment.fileName);
    } catch {
      toast.error(PRACTICE_TOASTS.downloadFailed);
    }
  };
  return (
    <li className="pt-ov-thread__message" data-staff={m.staff || undefined} data-testid="ticket-message">
      <p className="pt-ov-thread__head">
        <strong>{m.author}</strong>
        {m.staff ? (
          <span className="pt-ov-badge">
            <Trans>Assistenza</Trans>
          </span>
        ) : null}
        <span className="pt-muted">{formatDateTime(m.createdAt)}</span>
      </p>
      <p className="pt-ov-thread__body">{m.body}</p>
      {m.attachment ? (
        <Button variant="ghost" onClick={() => void download()} data-testid="ticket-attachment">
          {/* Named by the text shown, then what it does in hidden text (WCAG 2.5.3). */}
          <span aria-hidden="true">📎 </span>
          {m.attachment.fileName} · {formatFileSize(m.attachment.sizeBytes)}
          <span className="pt-sr-only">{t`, scarica l'allegato`}</span>
        </Button>
      ) : null}
    </li>
  );
}

function ReplyBox({ id }: { id: number }) {
  const [text, setText] = useState('');
  const form = useAttachmentForm('replyTicket', { success: PRACTICE_TOASTS.replySent, invalidate: TICKET_ROUTES });
  const send = async () => {
    const sent = await form.send(Boolean(text.trim()), { fields: { text: text.trim() }, params: { id } });
    // A refusal's toast says why; the text stays.
    if (sent === undefined) return;
    setText('');
    form.reset();
  };
  return (
    <form
      className="pt-ov-reply"
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
      data-testid="ticket-reply"
    >
      <TextArea
        label={<Trans>Rispondi</Trans>}
        required
        rows={4}
        maxLength={TICKET_TEXT_MAX}
        value={text}
        onChange={setText}
        error={form.required(!text.trim())}
        data-testid="ticket-reply-text"
      />
      <AttachmentInput
        label={<Trans>Allegato</Trans>}
        value={form.file}
        onChange={form.setFile}
        data-testid="reply-file"
      />
      <div>
        <Button variant="primary" type="submit" disabled={form.busy} data-testid="ticket-reply-send">
          <Trans>Invia risposta</Trans>
        </Button>
      </div>
    </form>
  );
}

function StaffActions({ ticket, userId }: { ticket: Ticket; userId: number | null }) {
  const { t } = useLingui();
  const staff = useApiQuery('supportStaff', {});
  const update = useApiMutation('updateTicket', { success: null, invalidate: TICKET_ROUTES });
  const change = (
    body: { assigneeId?: number | null; state?: 'OPEN' | 'CLOSED' },
    message: typeof PRACTICE_TOASTS.ticketAssigned,
  ) => update.mutate({ params: { id: ticket.id }, body }, { onSuccess: () => toast.success(message) });
  const options = (staff.data ?? []).map((s) => ({ value: String(s.id), label: s.name }));
  return (
    <fieldset className="pt-ov-ticket__actions" aria-label={t`Azioni dell'assistenza`}>
      <Select
        label={<Trans>Assegnato a</Trans>}
        placeholder={t`Nessuno`}
        value={ticket.assignee ? String(ticket.assignee.id) : ''}
        options={options}
        disabled={update.isPending}
        onChange={(v) => change({ assigneeId: v ? Number(v) : null }, PRACTICE_TOASTS.ticketAssigned)}
        data-testid="ticket-assignee"
      />
      {userId !== null && ticket.assignee?.id !== userId ? (
        <Button
          disabled={update.isPending}
          onClick={() => change({ assigneeId: userId }, PRACTICE_TOASTS.ticketAssigned)}
          data-testid="ticket-assign-me"
        >
          <Trans>Assegna a me</Trans>
        </Button>
      ) : null}
      {ticket.state === 'CLOSED' ? (
        <Button
          disabled={update.isPending}
          onClick={() => change({ state: 'OPEN' }, PRACTICE_TOASTS.ticketReopened)}
          data-testid="ticket-reopen"
        >
          <Trans>Riapri</Trans>
        </Button>
      ) : (
        <Button
          variant="danger"
          disabled={update.isPending}
          onClick={() => change({ state: 'CLOSED' }, PRACTICE_TOASTS.ticketClosed)}
          data-testid="ticket-close"
        >
          <Trans>Chiudi ticket</Trans>
        </Button>
      )}
    </fieldset>
  );
}
