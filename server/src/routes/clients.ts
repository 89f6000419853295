// Client routes: the list and one client, edits and deletes here; adds in ./clients/create.ts, invitations in
// ./clients/invite.ts. Every query goes through visibleClients (DESIGN.md section 3); every write is one
// audited transaction.
import { type Client, checkTaxCode, checkVat, normalizeTaxCode, normalizeVat, routes } from '@patrimonio/shared-api';
import type { FastifyInstance } from 'fastify';
import { clientAdvisorName } from '../access/advisor.ts';
import { audit } from '../access/audit.ts';
import { CLIENT_MANAGERS, findVisibleClient } from '../access/clients.ts';
import { deleteClient, findDuplicate, listClients, toClient, updateClient } from '../data/clients.ts';
import type { Row } from '../db/database.ts';
import type { AuthUser } from '../identity/types.ts';
import { caller } from '../plugins/auth.ts';
import { badRequest, type FieldError, HttpError, notFound } from '../plugins/errors.ts';
import { route } from '../plugins/route.ts';
import { clean, duplicateError, mapUniqueViolation } from './clients/common.ts';
import { createClientRoutes } from './clients/create.ts';
import { inviteClientRoutes } from './clients/invite.ts';

const roles = CLIENT_MANAGERS;

/** YYYY-MM-DD[ HH:mm[:ss]] that names a real date, as an ISO local timestamp; undefined if not one. */
function parseFromDate(raw: string): string | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(raw);
  if (!m) return undefined;
  const [, y, mo, d, h = '00', mi = '00', s = '00'] = m;
  const date = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)));
  const ok =
    date.getUTCFullYear() === Number(y) &&
    date.getUTCMonth() === Number(mo) - 1 &&
    date.getUTCDate() === Number(d) &&
    date.getUTCHours() === Number(h) &&
    date.getUTCMinutes() === Number(mi);
  return ok ? `${y}-${mo}-${d} ${h}:${mi}:${s}` : undefined;
}

const COLUMNS: Record<string, string> = {
  firstName: 'first_name',
  lastName: 'last_name',
  companyName: 'company_name',
  name: 'name',
  taxCode: 'tax_code',
  vat: 'vat',
  atokaId: 'atoka_id',
  email: 'email',
  prefix: 'prefix',
  mobile: 'mobile',
  currencySymbol: 'currency_symbol',
};

/**
 * One edit: checks, then in one transaction the visible row (404 otherwise), the kind (person or company), the
 * duplicates, the update and its audit record.
 */
async function editClient(
  app: FastifyInstance,
  user: AuthUser,
  id: number,
  company: boolean,
  changes: Record<string, string | null | undefined>,
): Promise<Client> {
  const set = Object.entries(changes).filter(([, v]) => v !== undefined) as [string, string | null][];
  try {
    return await app.db.transaction(async (tx) => {
      const row = await findVisibleClient(tx, user, id, true);
      if (!row) throw notFound();
      if (Boolean(row.company) !== company) {
        const kind = company ? 'not_a_company' : 'not_a_person';
        throw badRequest(
          [{ field: 'params.id', message: kind }],
          company
            ? 'This client is a person: edit it without /company'
            : 'This client is a company: edit it at /company',
          kind,
        );
      }
      const merged: Row = { ...row };
      for (const [k, v] of set) merged[COLUMNS[k]!] = v;
      const fields: FieldError[] = [];
      if (!company && !merged.tax_code && !merged.first_name && !merged.last_name && !merged.name) {
        fields.push({ field: 'body.lastName', message: 'a name or a tax code is required' });
      }
      if (company && !merged.vat && !merged.atoka_id) fields.push({ field: 'body.vat', message: 'missing_vat' });
      if (fields.length) throw badRequest(fields);
      const dup = await findDuplicate(tx, user, {
        taxCode: changes.taxCode,
        vat: changes.vat,
        atokaId: changes.atokaId,
        excludeId: id,
      });
      if (dup) throw duplicateError(dup);
      if (set.length === 0) return toClient(row);
      await updateClient(
        tx,
        id,
        set.map(([k, v]) => [COLUMNS[k]!, v]),
      );
      const after = toClient((await findVisibleClient(tx, user, id))!);
      await audit(tx, user, 'update', 'client', id, toClient(row), after);
      return after;
    });
  } catch (err) {
    throw mapUniqueViolation(err);
  }
}

/** Routes whose JSON body is optional: no body reads as {} (Fastify would validate undefined and refuse it). */
const OPTIONAL_BODY = new Set<string>([routes.createPersonClient.url, routes.createCompanyClient.url]);

export async function clientRoutes(app: FastifyInstance): Promise<void> {
  // Encapsulated in this plugin: applies to the client routes only.
  app.addHook('preValidation', async (request) => {
    if (request.body === undefined && OPTIONAL_BODY.has(request.routeOptions.url ?? '')) request.body = {};
  });

  route(app, routes.listClients, async (request) => {
    const user = caller(request);
    if (user.role === 'BASIC') throw new HttpError(403, 'BASIC users do not fetch client or family lists');
    const { q, page = 1, size = 10, sort = 'updatedAt,desc', fromDate } = request.query;
    let since: string | undefined;
    if (fromDate !== undefined) {
      since = parseFromDate(fromDate);
      if (!since) throw badRequest([{ field: 'querystring.fromDate', message: 'not a date' }]);
    }
    const { item, total } = await listClients(app.db, user, { search: q?.trim(), since, sort, page, size });
    return { item, total, page, size };
  });

  route(app, routes.getClient, async (request) => {
    const user = caller(request);
    const row = await findVisibleClient(app.db, user, request.params.id);
    if (!row) throw notFound();
    return { ...toClient(row), advisorName: await clientAdvisorName(app.db, user, Number(row.id)) };
  });

  route(
    app,
    routes.updateClient,
    async (request) => {
      const b = request.body;
      let taxCode: string | undefined;
      if (b.taxCode !== undefined) {
        taxCode = normalizeTaxCode(b.taxCode);
        const problem = checkTaxCode(taxCode);
        if (problem) throw badRequest([{ field: 'body.taxCode', message: problem }], 'Invalid tax code', problem);
      }
      return editClient(app, caller(request), request.params.id, false, {
        firstName: clean(b.firstName),
        lastName: clean(b.lastName),
        name: clean(b.name),
        taxCode,
        email: clean(b.email),
        prefix: clean(b.prefix),
        mobile: clean(b.mobile),
        currencySymbol: clean(b.currencySymbol) ?? undefined,
      });
    },
    { roles },
  );

  route(
    app,
    routes.updateCompanyClient,
    async (request) => {
      const b = request.body;
      let vat: string | null | undefined;
      if (b.vat !== undefined) {
        vat = normalizeVat(b.vat) || null;
        const problem = vat ? checkVat(vat) : null;
        if (problem) throw badRequest([{ field: 'body.vat', message: problem }], 'Invalid VAT number', problem);
      }
      return editClient(app, caller(request), request.params.id, true, {
        companyName: clean(b.companyName),
        name: clean(b.name),
        vat,
        atokaId: clean(b.atokaId),
        email: clean(b.email),
        prefix: clean(b.prefix),
        mobile: clean(b.mobile),
        currencySymbol: clean(b.currencySymbol) ?? undefined,
      });
    },
    { roles },
  );

  route(
    app,
    routes.deleteClient,
    async (request) => {
      const user = caller(request);
      const id = request.params.id;
      try {
        await app.db.transaction(async (tx) => {
          const row = await findVisibleClient(tx, user, id, true);
          if (!row) throw notFound();
          await deleteClient(tx, id);
          await audit(tx, user, 'delete', 'client', id, toClient(row), null);
        });
      } catch (err) {
        // Data of another area that does not cascade with its client.
        if (err && typeof err === 'object' && (err as { code?: unknown }).code === '23503') {
          throw new HttpError(409, 'The client still has data that cannot be deleted with it', 'client_in_use');
        }
        throw err;
      }
      return { id, deleted: true as const };
    },
    { roles },
  );

  await createClientRoutes(app);
  await inviteClientRoutes(app);
}
