// Support tickets (issue 19, /support; contract/support.ts). Everyone opens tickets and replies to its own; the staff
// (ADMIN, BACK_OFFICE) see every ticket, reply, assign, close and reopen. Attachments pass the generic upload
// control's checks (uploads/attachment.ts). Each message mails the other side through the outbox, in the write's
// transaction, delivered after the commit: a user's message goes to the assignee, or to every active staff user
// with an email while nobody is assigned; a staff reply goes to the opener. Writes are audited without the bytes.
import {
  ReplyFields,
  routes,
  supportTicketPath,
  type Ticket,
  TicketFields,
  type TicketSummary,
} from '@patrimonio/shared-api';
import type { FastifyInstance } from 'fastify';
import { audit } from '../access/audit.ts';
import { isSupportStaff, SUPPORT_STAFF, visibleTicket, visibleTickets } from '../access/support.ts';
import {
  attachmentContent,
  insertMessage,
  insertTicket,
  listTickets,
  mailUser,
  staffUsers,
  updateTicket,
  withThread,
} from '../data/tickets.ts';
import type { Queryable } from '../db/database.ts';
import type { AuthUser } from '../identity/types.ts';
import { appMailer, type Mailer } from '../mail/outbox.ts';
import { caller } from '../plugins/auth.ts';
import { badRequest, forbidden, HttpError, notFound } from '../plugins/errors.ts';
import { route } from '../plugins/route.ts';
import { type Attachment, attachmentMultipart, readAttachmentForm, sendFile } from '../uploads/attachment.ts';

const staffOnly = { roles: SUPPORT_STAFF };

/** What is audited of an attachment: never its bytes. */
const fileInfo = (file: Attachment | null) =>
  file ? { fileName: file.fileName, mediaType: file.mediaType, sizeBytes: file.bytes.length } : null;

/** The mail of a new message to the other side: Italian, then English, with the ticket's link. */
function ticketMail(ticket: TicketSummary, to: string, link: string, fromStaff: boolean, opened: boolean) {
  const ref = `#${ticket.id} «${ticket.subject}»`;
  const [it, en] = opened
    ? [
        `è stato aperto il ticket di assistenza ${ref}.`,
        `the support ticket #${ticket.id} "${ticket.subject}" was opened.`,
      ]
    : fromStaff
      ? [
          `l'assistenza ha risposto al suo ticket ${ref}.`,
          `support replied to your ticket #${ticket.id} "${ticket.subject}".`,
        ]
      : [
          `c'è una nuova risposta al ticket ${ref}.`,
          `there is a new reply to the ticket #${ticket.id} "${ticket.subject}".`,
        ];
  return {
    kind: opened ? 'support_ticket_opened' : 'support_ticket_reply',
    to,
    subject: `Patrimonio: ticket #${ticket.id} – ${ticket.subject}`,
    text: [
      'Gentile utente,',
      it,
      'Legga il messaggio e risponda da qui:',
      link,
      '',
      '---',
      '',
      'Dear user,',
      en,
      'Read the message and reply here:',
      link,
      '',
    ].join('\n'),
  };
}

/** Who a message mails: the opener for a staff message; the assignee, else every active staff user, otherwise. */
async function recipients(tx: Queryable, ticket: TicketSummary, author: AuthUser, fromStaff: boolean) {
  let people: { name: string; email: string | null }[];
  if (fromStaff) people = [await mailUser(tx, ticket.openedBy.id)].filter((x) => x !== null);
  else if (ticket.assignee) people = [await mailUser(tx, ticket.assignee.id)].filter((x) => x !== null);
  else people = await staffUsers(tx);
  const self = author.userId === null ? null : await mailUser(tx, author.userId);
  const emails = people.map((p) => p.email).filter((e): e is string => !!e && e !== self?.email);
  return [...new Set(emails)];
}

export async function supportRoutes(app: FastifyInstance): Promise<void> {
  const mailer: Mailer = appMailer(app);
  const link = (id: number) => `${app.config.publicUrl}${supportTicketPath(id)}`;

  /** A message in the write's transaction: stored, mailed to the other side (queued), audited. */
  async function addMessage(
    tx: Queryable,
    user: AuthUser,
    ticket: TicketSummary,
    text: string,
    file: Attachment | null,
    opened: boolean,
  ): Promise<number[]> {
    const fromStaff = isSupportStaff(user);
    const { messageId, attachmentId } = await insertMessage(
      tx,
      ticket.id,
      { id: user.userId!, staff: fromStaff },
      text,
      file,
    );
    const mails: number[] = [];
    for (const to of await recipients(tx, ticket, user, fromStaff))
      mails.push(await mailer.enqueue(tx, ticketMail(ticket, to, link(ticket.id), fromStaff, opened)));
    await audit(tx, user, opened ? 'create' : 'reply', 'support_ticket', ticket.id, null, {
      ...(opened ? { category: ticket.category, subject: ticket.subject } : {}),
      messageId,
      text: text.trim(),
      attachment: attachmentId === null ? null : { id: attachmentId, ...fileInfo(file) },
      mailed: mails.length,
    });
    return mails;
  }

  /** Runs a write, then delivers the mails it queued (after the commit), and answers the ticket. */
  async function write(run: (tx: Queryable) => Promise<{ id: number; mails: number[] }>, user: AuthUser) {
    const { id, mails } = await app.db.transaction(run);
    for (const m of mails) await mailer.deliver(m);
    return withThread(app.db, await visibleTicket(app.db, user, id));
  }

  const author = (request: Parameters<typeof caller>[0]) => {
    const user = caller(request);
    // Service accounts (no user of their own) do not write tickets.
    if (user.userId === null) throw forbidden();
    return user;
  };

  route(app, routes.listTickets, async (request) =>
    listTickets(app.db, visibleTickets(caller(request)), request.query),
  );

  route(app, routes.getTicket, async (request) =>
    withThread(app.db, await visibleTicket(app.db, caller(request), request.params.id)),
  );

  route(
    app,
    routes.updateTicket,
    async (request): Promise<Ticket> => {
      const user = caller(request);
      const { assigneeId, state } = request.body;
      if (assigneeId === undefined && state === undefined)
        throw badRequest([{ field: 'body', message: 'give assigneeId or state' }]);
      if (assigneeId !== undefined && assigneeId !== null) {
        const staff = await staffUsers(app.db);
        if (!staff.some((s) => s.id === assigneeId))
          throw badRequest([{ field: 'body.assigneeId', message: 'not an active staff user' }]);
      }
      return write(async (tx) => {
        const before = await visibleTicket(tx, user, request.params.id, true);
        await updateTicket(tx, before.id, { assigneeId, state });
        const after = await visibleTicket(tx, user, before.id);
        await audit(tx, user, 'update', 'support_ticket', before.id, before, after);
        return { id: before.id, mails: [] };
      }, user);
    },
    staffOnly,
  );

  route(
    app,
    routes.supportStaff,
    async () => (await staffUsers(app.db)).map(({ id, name }) => ({ id, name })),
    staffOnly,
  );

  route(app, routes.downloadTicketAttachment, async (request, reply) => {
    const file = await attachmentContent(app.db, request.params.id);
    if (!file) throw notFound();
    await visibleTicket(app.db, caller(request), file.ticketId);
    return sendFile(reply, file);
  });

  await app.register(async (scope) => {
    await attachmentMultipart(scope);

    route(scope, routes.createTicket, async (request) => {
      const user = author(request);
      const { file, fields } = await readAttachmentForm(request, TicketFields, { optional: true });
      return write(async (tx) => {
        const id = await insertTicket(tx, user.userId!, fields);
        const ticket = await visibleTicket(tx, user, id);
        return { id, mails: await addMessage(tx, user, ticket, fields.text, file, true) };
      }, user);
    });

    route(scope, routes.replyTicket, async (request) => {
      const user = author(request);
      const { file, fields } = await readAttachmentForm(request, ReplyFields, { optional: true });
      return write(async (tx) => {
        const ticket = await visibleTicket(tx, user, request.params.id, true);
        if (ticket.state === 'CLOSED')
          throw new HttpError(409, 'ticket_closed: the ticket is closed; reopen it first', 'ticket_closed');
        // The staff's first reply puts an open ticket in progress.
        if (isSupportStaff(user) && ticket.state === 'OPEN')
          await updateTicket(tx, ticket.id, { state: 'IN_PROGRESS' });
        return { id: ticket.id, mails: await addMessage(tx, user, ticket, fields.text, file, false) };
      }, user);
    });
  });
}
