// Support tickets (issue 19, /support): the tickets, their thread of messages and the messages' attachments (bytea,
// read only by attachmentContent). Who sees which ticket is access/support.ts.
import type {
  AttachmentInfo,
  Ticket,
  TicketFields,
  TicketListQuery,
  TicketMessage,
  TicketState,
  TicketSummary,
} from '@patrimonio/shared-api';
import type { Queryable } from '../db/database.ts';
import type { Attachment } from '../uploads/attachment.ts';
import { likePattern, Params, selectPage } from './sql.ts';

const FROM = 'support_tickets t join users o on o.id = t.opened_by left join users a on a.id = t.assignee_id';

/** The tickets aliased `t`, their opener `o` and assignee `a`. */
export const TICKET_SELECT = `select t.id, t.category, t.subject, t.state, t.opened_by, o.name as opener, t.assignee_id,
    a.name as assignee, (select count(*)::int from support_messages m where m.ticket_id = t.id) as messages,
    t.created_at, t.updated_at
  from ${FROM}`;

const iso = (v: unknown) => new Date(v as string).toISOString();

export function toTicketSummary(r: Record<string, unknown>): TicketSummary {
  return {
    id: Number(r.id),
    category: r.category as TicketSummary['category'],
    subject: String(r.subject),
    state: r.state as TicketState,
    openedBy: { id: Number(r.opened_by), name: String(r.opener) },
    assignee: r.assignee_id === null ? null : { id: Number(r.assignee_id), name: String(r.assignee) },
    messages: Number(r.messages),
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
  };
}

/** One page of the tickets matching `condition` (on `t`) and the query's filters, last changed first. */
export function listTickets(db: Queryable, condition: (p: Params) => string, q: TicketListQuery) {
  const p = new Params();
  const where = [condition(p)];
  if (q.state !== undefined) where.push(`t.state = ${p.add(q.state)}`);
  if (q.assigneeId !== undefined) where.push(`t.assignee_id = ${p.add(q.assigneeId)}`);
  if (q.unassigned === true) where.push('t.assignee_id is null');
  if (q.q?.trim()) {
    const like = p.add(likePattern(q.q.trim()));
    where.push(`(t.subject ilike ${like} or o.name ilike ${like} or t.id::text = ${p.add(q.q.trim())})`);
  }
  return selectPage(
    db,
    {
      select: TICKET_SELECT,
      from: FROM,
      filter: `where ${where.join(' and ')}`,
      orderBy: 't.updated_at desc, t.id desc',
      values: p.values,
    },
    { page: q.page, size: q.size ?? 10 },
    toTicketSummary,
  );
}

/** A ticket's thread, oldest first, with each attachment's name, type and size. */
export async function threadOf(db: Queryable, ticketId: number): Promise<TicketMessage[]> {
  const { rows } = await db.query<Record<string, unknown>>(
    `select m.id, coalesce(u.name, '') as author, m.staff, m.body, m.created_at, f.id as file_id, f.file_name,
            f.media_type, f.size_bytes
       from support_messages m left join users u on u.id = m.author_id
       left join support_attachments f on f.id = m.attachment_id
      where m.ticket_id = $1 order by m.id`,
    [ticketId],
  );
  return rows.map((r) => ({
    id: Number(r.id),
    author: String(r.author),
    staff: r.staff === true,
    body: String(r.body),
    attachment:
      r.file_id === null
        ? null
        : {
            id: Number(r.file_id),
            fileName: String(r.file_name),
            mediaType: r.media_type as AttachmentInfo['mediaType'],
            sizeBytes: Number(r.size_bytes),
          },
    createdAt: iso(r.created_at),
  }));
}

export const withThread = async (db: Queryable, summary: TicketSummary): Promise<Ticket> => ({
  ...summary,
  thread: await threadOf(db, summary.id),
});

export async function insertTicket(tx: Queryable, openedBy: number, fields: TicketFields): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    'insert into support_tickets (opened_by, category, subject) values ($1, $2, $3) returning id',
    [openedBy, fields.category, fields.subject.trim()],
  );
  return Number(rows[0]!.id);
}

/** A message of the thread (and its attachment); the ticket's updated_at moves. Answers the message's id. */
export async function insertMessage(
  tx: Queryable,
  ticketId: number,
  author: { id: number; staff: boolean },
  body: string,
  file: Attachment | null,
): Promise<{ messageId: number; attachmentId: number | null }> {
  let attachmentId: number | null = null;
  if (file) {
    const { rows } = await tx.query<{ id: number }>(
      `insert into support_attachments (file_name, media_type, size_bytes, content) values ($1, $2, $3, $4)
       returning id`,
      [file.fileName, file.mediaType, file.bytes.length, file.bytes],
    );
    attachmentId = Number(rows[0]!.id);
  }
  const { rows } = await tx.query<{ id: number }>(
    `insert into support_messages (ticket_id, author_id, staff, body, attachment_id) values ($1, $2, $3, $4, $5)
     returning id`,
    [ticketId, author.id, author.staff, body.trim(), attachmentId],
  );
  await tx.query('update support_tickets set updated_at = now() where id = $1', [ticketId]);
  return { messageId: Number(rows[0]!.id), attachmentId };
}

/** The staff's change of a ticket: its assignee and/or state (CLOSED records when, OPEN or IN_PROGRESS clears it). */
export async function updateTicket(
  tx: Queryable,
  id: number,
  change: { assigneeId?: number | null; state?: TicketState },
): Promise<void> {
  const p = new Params();
  const sets = ['updated_at = now()'];
  if (change.assigneeId !== undefined) sets.push(`assignee_id = ${p.add(change.assigneeId)}`);
  if (change.state !== undefined) {
    sets.push(`state = ${p.add(change.state)}`);
    sets.push(change.state === 'CLOSED' ? 'closed_at = coalesce(closed_at, now())' : 'closed_at = null');
  }
  await tx.query(`update support_tickets set ${sets.join(', ')} where id = ${p.add(id)}`, p.values);
}

/** An attachment's file and the ticket its message belongs to. */
export async function attachmentContent(db: Queryable, id: number) {
  const { rows } = await db.query<{ ticket_id: number; file_name: string; media_type: string; content: Uint8Array }>(
    `select m.ticket_id, f.file_name, f.media_type, f.content
       from support_attachments f join support_messages m on m.attachment_id = f.id where f.id = $1`,
    [id],
  );
  const r = rows[0];
  return r
    ? { ticketId: Number(r.ticket_id), name: r.file_name, mediaType: r.media_type, content: Buffer.from(r.content) }
    : null;
}

/** The active staff users (ADMIN, BACK_OFFICE), by name, with their email for the mails. */
export async function staffUsers(db: Queryable): Promise<{ id: number; name: string; email: string | null }[]> {
  const { rows } = await db.query<{ id: number; name: string; email: string | null }>(
    `select id, name, email from users where role in ('ADMIN', 'BACK_OFFICE') and active order by name, id`,
  );
  return rows.map((r) => ({ id: Number(r.id), name: r.name, email: r.email }));
}

/** A user's name and email, when active. */
export async function mailUser(db: Queryable, id: number): Promise<{ name: string; email: string | null } | null> {
  const { rows } = await db.query<{ name: string; email: string | null }>(
    'select name, email from users where id = $1 and active',
    [id],
  );
  return rows[0] ?? null;
}
