// Schemas of ./support.ts: support tickets (/support), their thread of messages and the staff's actions.
import { type Static, Type } from 'typebox';
import { AttachmentInfo } from './documents-schemas.ts';
import { Id, Name, Nullable, PageNumber, PageSize, Text } from './fields.ts';
import { Page } from './financial-schemas.ts';
import {
  TICKET_CATEGORIES,
  TICKET_STATES,
  TICKET_SUBJECT_MAX,
  TICKET_TEXT_MAX,
  TICKETS_PAGE_SIZE,
} from './practice-files-codes.ts';

const strict = { additionalProperties: false } as const;

export const TicketCategory = Type.Enum(TICKET_CATEGORIES);
export const TicketState = Type.Enum(TICKET_STATES);
export type TicketCategory = Static<typeof TicketCategory>;
export type TicketState = Static<typeof TicketState>;

const Person = Type.Object({ id: Id, name: Type.String() });

export const TicketSummary = Type.Object({
  id: Id,
  category: TicketCategory,
  subject: Type.String(),
  state: TicketState,
  openedBy: Person,
  assignee: Nullable(Person),
  messages: Type.Integer({ minimum: 1, description: 'How many messages the thread holds (the opening one included)' }),
  createdAt: Type.String({ description: 'ISO date-time' }),
  updatedAt: Type.String({ description: 'ISO date-time: the last message or change' }),
});
export type TicketSummary = Static<typeof TicketSummary>;

export const TicketMessage = Type.Object({
  id: Id,
  author: Type.String({ description: "The author's name" }),
  staff: Type.Boolean({ description: 'Written by the support staff' }),
  body: Type.String(),
  attachment: Nullable(AttachmentInfo),
  createdAt: Type.String({ description: 'ISO date-time' }),
});
export type TicketMessage = Static<typeof TicketMessage>;

export const Ticket = Type.Object({ ...TicketSummary.properties, thread: Type.Array(TicketMessage) });
export type Ticket = Static<typeof Ticket>;

export const TicketListQuery = Type.Object(
  {
    state: Type.Optional(TicketState),
    assigneeId: Type.Optional(Id),
    unassigned: Type.Optional(Type.Boolean({ description: 'true: only tickets nobody is assigned to' })),
    q: Type.Optional(Text(200, { description: 'Search in the subject and the opener' })),
    page: Type.Optional(PageNumber()),
    size: Type.Optional(PageSize(TICKETS_PAGE_SIZE, 10)),
  },
  strict,
);
export type TicketListQuery = Static<typeof TicketListQuery>;
export const TicketPage = Page(TicketSummary);
export type TicketPage = Static<typeof TicketPage>;

/** The form fields of a new ticket (multipart, with an optional file in `file`). */
export const TicketFields = Type.Object(
  { category: TicketCategory, subject: Name(TICKET_SUBJECT_MAX), text: Name(TICKET_TEXT_MAX) },
  strict,
);
export type TicketFields = Static<typeof TicketFields>;
/** The form fields of a reply (multipart, with an optional file in `file`). */
export const ReplyFields = Type.Object({ text: Name(TICKET_TEXT_MAX) }, strict);
export type ReplyFields = Static<typeof ReplyFields>;

/** A staff change: the assignee (null: nobody) and/or the state (CLOSED closes, OPEN reopens). */
export const TicketUpdate = Type.Object(
  { assigneeId: Type.Optional(Nullable(Id)), state: Type.Optional(TicketState) },
  strict,
);
export type TicketUpdate = Static<typeof TicketUpdate>;

export const StaffUser = Person;
export type StaffUser = Static<typeof StaffUser>;
