// Adding clients: the pre-checks the add-client form calls, and the adds themselves (person from the tax code,
// company from the vat or the company registry id). New clients start a 30-day trial.
//
// Owner (clients.created_by): a PRO adds for themself, a DELEGATE for their PRO. ADMIN and BACK_OFFICE may add
// too; their clients have no owner (created_by null) until assigned to a PRO through client_advisers, so only
// staff see them meanwhile.
import {
  CLIENT_CANNOT_BE_ADDED,
  checkTaxCode,
  checkVat,
  normalizeTaxCode,
  normalizeVat,
  routes,
} from '@patrimonio/shared-api';
import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import { audit } from '../../access/audit.ts';
import { CLIENT_MANAGERS } from '../../access/clients.ts';
import {
  type CLIENT_INSERT_COLUMNS,
  type Duplicate,
  findDuplicate,
  insertClient as insertClientRow,
} from '../../data/clients.ts';
import { delegatePro } from '../../data/users.ts';
import type { Queryable } from '../../db/database.ts';
import type { AuthUser } from '../../identity/types.ts';
import { caller } from '../../plugins/auth.ts';
import { badRequest, HttpError } from '../../plugins/errors.ts';
import { route } from '../../plugins/route.ts';
import { clean, duplicateError, mapUniqueViolation } from './common.ts';

const roles = CLIENT_MANAGERS;

// The contract's types, read off the route table (shared-api's index exports the route table, not these).
type ClientValidation = Static<(typeof routes.validatePersonClient.response)[200]>;

function validation(reason: ClientValidation['reason'], dup: Duplicate | null = null): ClientValidation {
  return {
    valid: reason === null,
    reason,
    existingClient: dup?.visible ? { id: dup.id, name: dup.name } : null,
  };
}

/**
 * The answer when a client holds the code: `duplicate_client` naming it when the caller sees it, else the one
 * "cannot be added" answer (no existing client), whatever the other tenant's reason (common.ts, duplicateError).
 */
const duplicateValidation = (dup: Duplicate): ClientValidation =>
  dup.visible ? validation('duplicate_client', dup) : validation(CLIENT_CANNOT_BE_ADDED);

/** The PRO a new client belongs to (null for staff). */
async function ownerFor(db: Queryable, user: AuthUser): Promise<number | null> {
  if (user.role === 'ADMIN' || user.role === 'BACK_OFFICE') return null;
  if (user.userId !== null && user.role === 'PRO') return user.userId;
  if (user.userId !== null && user.role === 'DELEGATE') {
    const pro = await delegatePro(db, user.userId);
    if (pro) return pro;
  }
  throw new HttpError(403, 'Your account is not linked to an adviser');
}

async function insertClient(
  app: FastifyInstance,
  user: AuthUser,
  values: Record<(typeof CLIENT_INSERT_COLUMNS)[number], unknown>,
) {
  try {
    return await app.db.transaction(async (tx) => {
      const client = await insertClientRow(tx, values);
      await audit(tx, user, 'create', 'client', client.id, null, client);
      return client;
    });
  } catch (err) {
    throw mapUniqueViolation(err);
  }
}

export async function createClientRoutes(app: FastifyInstance): Promise<void> {
  route(
    app,
    routes.validatePersonClient,
    async (request) => {
      const taxCode = normalizeTaxCode(request.body.taxCode);
      const problem = checkTaxCode(taxCode);
      if (problem) return validation(problem);
      const dup = await findDuplicate(app.db, caller(request), { taxCode });
      return dup ? duplicateValidation(dup) : validation(null);
    },
    { roles },
  );

  route(
    app,
    routes.validateCompanyClient,
    async (request) => {
      const vat = normalizeVat(request.body.vat);
      const atokaId = clean(request.body.atokaId) ?? null;
      if (!vat && !atokaId) return validation('missing_vat');
      if (vat) {
        const problem = checkVat(vat);
        if (problem) return validation(problem);
      }
      const dup = await findDuplicate(app.db, caller(request), { vat, atokaId });
      return dup ? duplicateValidation(dup) : validation(null);
    },
    { roles },
  );

  route(
    app,
    routes.createPersonClient,
    async (request) => {
      const user = caller(request);
      const taxCode = normalizeTaxCode(request.params.taxCode);
      const problem = checkTaxCode(taxCode);
      if (problem) throw badRequest([{ field: 'params.taxCode', message: problem }], 'Invalid tax code', problem);
      const body = request.body ?? {};
      const dup = await findDuplicate(app.db, user, { taxCode });
      if (dup) throw duplicateError(dup);
      return insertClient(app, user, {
        company: false,
        first_name: clean(body.firstName),
        last_name: clean(body.lastName),
        company_name: null,
        name: clean(body.name),
        tax_code: taxCode,
        vat: null,
        atoka_id: null,
        email: clean(body.email),
        prefix: clean(body.prefix),
        mobile: clean(body.mobile),
        created_by: await ownerFor(app.db, user),
      });
    },
    { roles },
  );

  route(
    app,
    routes.createCompanyClient,
    async (request) => {
      const user = caller(request);
      const body = request.body ?? {};
      const vat = normalizeVat(request.params.vat);
      const atokaId = clean(body.atokaId) ?? null;
      if (!vat && !atokaId) {
        throw badRequest(
          [{ field: 'params.vat', message: 'missing_vat' }],
          'A VAT number or atokaId is required',
          'missing_vat',
        );
      }
      if (vat) {
        const problem = checkVat(vat);
        if (problem) throw badRequest([{ field: 'params.vat', message: problem }], 'Invalid VAT number', problem);
      }
      const dup = await findDuplicate(app.db, user, { vat, atokaId });
      if (dup) throw duplicateError(dup);
      return insertClient(app, user, {
        company: true,
        first_name: null,
        last_name: null,
        company_name: clean(body.companyName),
        name: clean(body.name),
        tax_code: null,
        vat: vat || null,
        atoka_id: atokaId,
        email: clean(body.email),
        prefix: clean(body.prefix),
        mobile: clean(body.mobile),
        created_by: await ownerFor(app.db, user),
      });
    },
    { roles },
  );
}
