// Who sees which support ticket (issue 19, /support): the staff (ADMIN, BACK_OFFICE) every ticket; anyone else only
// the tickets it opened: another's id answers 404. Only the staff assign, close and reopen.
import type { Role, TicketSummary } from '@patrimonio/shared-api';
import { Params } from '../data/sql.ts';
import { TICKET_SELECT, toTicketSummary } from '../data/tickets.ts';
import type { Queryable } from '../db/database.ts';
import type { AuthUser } from '../identity/types.ts';
import { notFound } from '../plugins/errors.ts';

/** The support staff. */
export const SUPPORT_STAFF = ['ADMIN', 'BACK_OFFICE'] as const satisfies readonly Role[];
export const isSupportStaff = (user: AuthUser) => (SUPPORT_STAFF as readonly Role[]).includes(user.role);

/** The condition on tickets aliased `t` that the caller sees. */
export const visibleTickets = (user: AuthUser) => (p: Params) =>
  isSupportStaff(user) ? 'true' : `t.opened_by = ${p.add(user.userId ?? 0)}`;

/** A ticket the caller sees, else 404; `lock` holds its row for the transaction. */
export async function visibleTicket(db: Queryable, user: AuthUser, id: number, lock = false): Promise<TicketSummary> {
  const p = new Params();
  const { rows } = await db.query<Record<string, unknown>>(
    `${TICKET_SELECT} where t.id = ${p.add(id)} and ${visibleTickets(user)(p)}${lock ? ' for update of t' : ''}`,
    p.values,
  );
  if (!rows[0]) throw notFound();
  return toTicketSummary(rows[0]);
}
