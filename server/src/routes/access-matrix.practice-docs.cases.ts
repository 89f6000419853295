// The access matrix's cases for the practice's documents and the support tickets (contract/documents.ts, support.ts;
// issue 19), one per route, spread into CASES (access-matrix.cases.ts: the rules, the fixtures, the shape of a case).
//
// Documents: a PRO only (gate 'advisers': every other role 403), on its own practice's documents about clients it
// sees; another practice's document or client answers 404. Support: every role opens and follows tickets; a user who
// is not staff sees only the tickets it opened (a ticket of the other tenant's PRO answers 404), the staff every one
// ('own': a ticket the caller opened; 'foreign': one the other tenant's PRO opened). Only the staff assign and close.
import type { RouteName } from '@patrimonio/shared-api';
import { expect } from 'vitest';
import { DEMO_PNG, demoPdf } from '../db/demo/support.ts';
import type { Ctx, RouteCase } from './access-matrix.cases.ts';

const OWNED = ['own', 'foreign'] as const;
const NONE = ['none'] as const;
const pro = { gate: 'advisers', visibility: 'tenant', scopes: OWNED } as const;
const everyone = { gate: 'everyone', visibility: 'tenant', scopes: OWNED } as const;
const staff = { gate: 'staff', visibility: 'tenant', scopes: OWNED } as const;

const clientOf = (c: Ctx) => c.fx.clients[c.tenant];
const png = { name: 'matrice.png', type: 'image/png', bytes: DEMO_PNG };

/** A fresh document of the tenant's PRO's practice about the tenant's client. */
const document = (c: Ctx) =>
  c.fx.insertId(
    `insert into documents (pro_id, client_id, category, file_name, media_type, size_bytes, content)
     values ($1, $2, 'CONTRACT', 'matrice.pdf', 'application/pdf', $3, $4) returning id`,
    [c.fx.users[c.tenant], clientOf(c), demoPdf().length, demoPdf()],
  );

/** Who opened the scope's ticket: the caller itself (own), or the other tenant's PRO (foreign). */
const opener = (c: Ctx) => (c.scope === 'own' && c.login ? c.fx.users[c.login] : c.fx.users[c.tenant]);

/** A fresh ticket with its first message, which carries a PNG. */
async function ticket(c: Ctx): Promise<{ id: number; attachment: number }> {
  const id = await c.fx.insertId(
    `insert into support_tickets (opened_by, category, subject) values ($1, 'OTHER', $2) returning id`,
    [opener(c), c.fx.name('Ticket matrice')],
  );
  const attachment = await c.fx.insertId(
    `insert into support_attachments (file_name, media_type, size_bytes, content)
     values ('matrice.png', 'image/png', $1, $2) returning id`,
    [DEMO_PNG.length, DEMO_PNG],
  );
  await c.fx.insertId(
    `insert into support_messages (ticket_id, author_id, staff, body, attachment_id)
     values ($1, $2, false, 'Aiuto', $3) returning id`,
    [id, opener(c), attachment],
  );
  return { id, attachment };
}

const listed = (id: number) => (body: unknown) =>
  expect((body as { item: { id: number }[] }).item.map((x) => x.id)).toContain(id);

export const PRACTICE_DOCS_CASES: Partial<Record<RouteName, RouteCase>> = {
  listDocuments: {
    ...pro,
    scopes: NONE,
    request: async (c) => {
      const id = await document({ ...c, scope: 'own' });
      return { query: { size: 100 }, verify: listed(id) };
    },
  },
  uploadDocument: {
    ...pro,
    request: async (c) => ({
      upload: { fields: { clientId: clientOf(c), category: 'MANDATE', title: c.fx.name('Mandato') }, file: png },
    }),
  },
  downloadDocument: { ...pro, request: async (c) => ({ params: { id: await document(c) } }) },
  deleteDocument: { ...pro, request: async (c) => ({ params: { id: await document(c) } }) },

  listTickets: {
    ...everyone,
    scopes: NONE,
    request: async (c) => {
      const { id } = await ticket({ ...c, scope: 'own' });
      return { query: { size: 100 }, verify: listed(id) };
    },
  },
  getTicket: { ...everyone, request: async (c) => ({ params: { id: (await ticket(c)).id } }) },
  createTicket: {
    ...everyone,
    scopes: NONE,
    request: async (c) => ({
      upload: {
        fields: { category: 'ACCESS', subject: c.fx.name('Accesso'), text: 'Non riesco a entrare' },
        file: png,
      },
    }),
  },
  replyTicket: {
    ...everyone,
    request: async (c) => ({ params: { id: (await ticket(c)).id }, upload: { fields: { text: 'Risposta' } } }),
  },
  updateTicket: {
    ...staff,
    request: async (c) => ({ params: { id: (await ticket(c)).id }, body: { state: 'CLOSED' } }),
  },
  supportStaff: { ...staff, scopes: NONE, request: async () => ({}) },
  downloadTicketAttachment: {
    ...everyone,
    request: async (c) => ({ params: { id: (await ticket(c)).attachment } }),
  },
};
