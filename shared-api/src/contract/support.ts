// Support tickets (issue 19, /support). Every signed-in role opens tickets (category, subject, text, optional
// attachment: the generic upload control's rules), follows their state and replies; a user who is not staff sees only
// its own tickets (another's id answers 404). The staff (ADMIN, BACK_OFFICE) see every ticket, reply, assign to a staff
// user, close and reopen. Each reply mails the other side through the outbox. Writes are audited (never the bytes).
import { Type } from 'typebox';
import { ErrorBody } from '../schemas.ts';
import { AttachmentBinary } from './documents-schemas.ts';
import { IdParams } from './fields.ts';
import { errors, type RouteDef } from './route-def.ts';
import { StaffUser, Ticket, TicketListQuery, TicketPage, TicketUpdate } from './support-schemas.ts';

const support = { tags: ['support'], auth: true };
const withUpload = { ...errors, 409: ErrorBody, 413: ErrorBody } as const;

export const supportRoutes = {
  listTickets: {
    method: 'GET',
    url: '/api/v1/support/ticket',
    summary:
      'Tickets, last changed first: the staff see all (filters state, assigneeId, unassigned, q), others their own',
    ...support,
    querystring: TicketListQuery,
    response: { 200: TicketPage, ...errors },
  },
  getTicket: {
    method: 'GET',
    url: '/api/v1/support/ticket/:id',
    summary: 'A ticket with its thread',
    ...support,
    params: IdParams,
    response: { 200: Ticket, ...errors },
  },
  createTicket: {
    method: 'POST',
    url: '/api/v1/support/ticket',
    summary:
      'Open a ticket (multipart: category, subject, text, optional file: one png, jpeg, gif or pdf of at most 15,000,000 bytes)',
    ...support,
    multipart: true,
    response: { 200: Ticket, ...withUpload },
  },
  replyTicket: {
    method: 'POST',
    url: '/api/v1/support/ticket/:id/reply',
    summary:
      'Reply (multipart: text, optional file); mails the other side. 409 ticket_closed on a closed ticket (staff reopen it first)',
    ...support,
    params: IdParams,
    multipart: true,
    response: { 200: Ticket, ...withUpload },
  },
  updateTicket: {
    method: 'PATCH',
    url: '/api/v1/support/ticket/:id',
    summary: 'Staff: assign (assigneeId, a staff user or null) and/or set the state (CLOSED closes, OPEN reopens)',
    ...support,
    params: IdParams,
    body: TicketUpdate,
    response: { 200: Ticket, ...errors },
  },
  supportStaff: {
    method: 'GET',
    url: '/api/v1/support/staff',
    summary: 'Staff: the active staff users a ticket may be assigned to',
    ...support,
    response: { 200: Type.Array(StaffUser), ...errors },
  },
  downloadTicketAttachment: {
    method: 'GET',
    url: '/api/v1/support/attachment/:id',
    summary: "An attachment of a ticket's message (its stored media type; its name in Content-Disposition)",
    ...support,
    params: IdParams,
    response: { 200: AttachmentBinary, ...errors },
  },
} as const satisfies Record<string, RouteDef>;
