// /support (every role; issue 19): the caller's support tickets (the staff: every ticket, with filters by state,
// assignee and text), a "new ticket" form, and the chosen ticket (?ticket=<id>, the link the mails carry) with its
// thread, the reply box and the staff's actions.
import { Trans, useLingui } from '@lingui/react/macro';
import type { TicketListQuery, TicketState } from '@patrimonio/shared-api';
import { TICKET_STATES } from '@patrimonio/shared-api/constants';
import {
  Button,
  EmptyState,
  formatDateTime,
  navigate,
  PageHeader,
  type PageProps,
  Pager,
  QueryState,
  Section,
  Select,
  TextInput,
  useApiQuery,
  useDebounced,
  useLocation,
  usePagedFilters,
  useSession,
} from '@patrimonio/shared-ui';
import { useState } from 'react';
import { TICKET_CATEGORY_LABELS, TICKET_STATE_LABELS } from '../docs/labels.ts';
import { NewTicketDialog } from './NewTicketDialog.tsx';
import { TicketDetail } from './TicketDetail.tsx';

const PAGE_SIZE = 10;

/** The ticket a ?ticket= names, when it is an id. */
export function ticketIdOf(search: string): number | null {
  const raw = new URLSearchParams(search).get('ticket');
  return raw && /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : null;
}

export function SupportPage({ match }: PageProps) {
  const { t, i18n } = useLingui();
  const { pathname, search } = useLocation();
  const session = useSession();
  const role = session.user?.role;
  const staff = role === 'ADMIN' || role === 'BACK_OFFICE';
  const userId = session.user ? Number(session.user.id) || null : null;
  const selected = ticketIdOf(search);
  const open = (id: number | null) => navigate(id === null ? pathname : `${pathname}?ticket=${id}`);
  const { filters, setFilter, page, setPage } = usePagedFilters<{
    state: TicketState | '';
    assignee: string;
    text: string;
  }>({ state: '', assignee: '', text: '' });
  const { state, assignee, text } = filters;
  const q = useDebounced(text.trim(), 300);
  const [creating, setCreating] = useState(false);
  const query: TicketListQuery = {
    page,
    size: PAGE_SIZE,
    ...(state ? { state } : {}),
    ...(assignee === 'none' ? { unassigned: true } : assignee ? { assigneeId: Number(assignee) } : {}),
    ...(q ? { q } : {}),
  };
  const tickets = useApiQuery('listTickets', { query });
  const staffUsers = useApiQuery('supportStaff', {}, { enabled: staff });
  const rows = tickets.data?.item ?? [];
  const filtersOn = Boolean(state || assignee || q);
  const newButton = (
    <Button variant="primary" onClick={() => setCreating(true)} data-testid="support-new">
      <Trans>Nuovo ticket</Trans>
    </Button>
  );

  return (
    <div className="pt-page pt-ov-support" data-testid="support-page">
      <PageHeader title={match.route.title} actions={newButton} />
      {selected !== null ? (
        <TicketDetail id={selected} staff={staff} userId={userId} onClose={() => open(null)} />
      ) : (
        <Section title={staff ? <Trans>Tutti i ticket</Trans> : <Trans>I miei ticket</Trans>}>
          <fieldset className="pt-ov-filters" aria-label={t`Filtri dei ticket`}>
            <Select
              label={<Trans>Stato</Trans>}
              placeholder={t`Tutti`}
              value={state}
              options={TICKET_STATES.map((s) => ({ value: s, label: i18n._(TICKET_STATE_LABELS[s]) }))}
              onChange={(v) => setFilter('state', v as TicketState | '')}
              data-testid="support-filter-state"
            />
            {staff ? (
              <>
                <Select
                  label={<Trans>Assegnatario</Trans>}
                  placeholder={t`Tutti`}
                  value={assignee}
                  options={[
                    { value: 'none', label: t`Non assegnati` },
                    ...(staffUsers.data ?? []).map((s) => ({ value: String(s.id), label: s.name })),
                  ]}
                  onChange={(v) => setFilter('assignee', v)}
                  data-testid="support-filter-assignee"
                />
                <TextInput
                  type="search"
                  label={<Trans>Cerca</Trans>}
                  placeholder={t`Oggetto, utente o numero`}
                  maxLength={200}
                  value={text}
                  onChange={(v) => setFilter('text', v)}
                  data-testid="support-filter-q"
                />
              </>
            ) : null}
          </fieldset>
          <QueryState
            loading={tickets.isPending}
            error={tickets.error}
            onRetry={() => void tickets.refetch()}
            isEmpty={tickets.isSuccess && rows.length === 0}
            empty={
              <EmptyState
                title={filtersOn ? <Trans>Nessun ticket con questi filtri</Trans> : <Trans>Nessun ticket</Trans>}
                actions={filtersOn ? null : newButton}
                data-testid="support-empty"
              >
                <p>
                  <Trans>
                    Hai un problema o una domanda? Apri un ticket: l'assistenza ti risponderà qui e per email.
                  </Trans>
                </p>
              </EmptyState>
            }
          >
            <ul className="pt-ov-tickets" aria-label={t`Ticket`}>
              {rows.map((ticket) => (
                <li key={ticket.id} data-testid="ticket-row" data-id={ticket.id}>
                  <a
                    href={`${pathname}?ticket=${ticket.id}`}
                    className="pt-ov-tickets__link"
                    onClick={(e) => {
                      e.preventDefault();
                      open(ticket.id);
                    }}
                  >
                    <span className="pt-ov-tickets__subject">
                      #{ticket.id} {ticket.subject}
                    </span>
                    <span className={`ov-badge pt-ov-badge--${ticket.state.toLowerCase()}`}>
                      {i18n._(TICKET_STATE_LABELS[ticket.state])}
                    </span>
                  </a>
                  <p className="pt-muted pt-ov-tickets__meta">
                    {i18n._(TICKET_CATEGORY_LABELS[ticket.category])}
                    {staff ? <> · {ticket.openedBy.name}</> : null} ·{' '}
                    {ticket.assignee ? ticket.assignee.name : <Trans>non assegnato</Trans>} ·{' '}
                    <Trans>{ticket.messages} messaggi</Trans> · {formatDateTime(ticket.updatedAt)}
                  </p>
                </li>
              ))}
            </ul>
            <Pager
              page={page}
              size={PAGE_SIZE}
              total={tickets.data?.total ?? 0}
              onChange={setPage}
              busy={tickets.isFetching}
              label={t`Pagine dei ticket`}
            />
          </QueryState>
        </Section>
      )}
      <NewTicketDialog open={creating} onClose={() => setCreating(false)} onOpened={(id) => open(id)} />
    </div>
  );
}
