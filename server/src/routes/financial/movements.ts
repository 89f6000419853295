// Movements: the rows of an account (deposits, trades, income, costs). Visible through the account (its owner client
// and the testing rule); another tenant's ids answer 404. ADMIN, BACK_OFFICE, PRO and DELEGATE write on visible
// accounts (origin MANUAL, status as asked, APPROVED by default). A BASIC user reads its own and may add a movement to
// its own accounts, which always arrives PENDING with origin CLIENT for the middle office
// (pending-movements.ts); it may not edit or delete (403). Making a movement APPROVED through an edit is an approval:
// it needs the middle office's right (access/middle-office.ts) and is refused when it sells more than is held.
// Amounts, quantities and prices are numeric in SQL (data/financial/movements.ts): a trade's default amount is
// quantity x price computed there.
// Every write keeps first_movement_date of the portfolios holding the account (min date of their approved movements).
import { routes } from '@patrimonio/shared-api';
import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import { audit } from '../../access/audit.ts';
import { movementOwner, visibleMovement } from '../../access/financial.ts';
import { FINANCIAL_WRITERS } from '../../access/financial-visibility.ts';
import { assertMayApproveMovements } from '../../access/middle-office.ts';
import { currencyExists } from '../../data/currencies.ts';
import { visibleAccountClientId, visibleAccountOwnerAndCurrency } from '../../data/financial/accounts.ts';
import { findInstrumentId } from '../../data/financial/instruments.ts';
import {
  deleteMovementRows,
  findOversold,
  insertMovement,
  listMovements,
  lockAccounts,
  lockVisibleMovements,
  type MovementFilter,
  type MovementValues,
  syncFirstMovementDate,
  updateMovement,
} from '../../data/financial/movements.ts';
import type { PageQuery } from '../../data/sql.ts';
import type { Queryable } from '../../db/database.ts';
import type { AuthUser } from '../../identity/types.ts';
import { caller } from '../../plugins/auth.ts';
import { badRequest, type FieldError, notFound } from '../../plugins/errors.ts';
import { route } from '../../plugins/route.ts';
import { oversoldError } from './pending-movements.ts';

type MovementInput = Static<typeof routes.createMovement.body>;
type OwnerQuery = { ptfId?: number; clientId?: number; familyId?: number };

const TRADES = new Set(['BUY', 'SELL']);

async function list(
  db: Queryable,
  user: AuthUser,
  q: OwnerQuery & PageQuery,
  f: MovementFilter,
  defaultSize: number,
  lastMonth = false,
) {
  const owner = await movementOwner(db, user, q);
  return listMovements(db, user, owner, q, f, defaultSize, lastMonth);
}

/** A real calendar date and time (the schema checks the shape only). */
function validDateTime(s: string): boolean {
  const [, y, mo, d, h, mi, sec] = s.match(/^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?/) ?? [];
  const date = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
  return (
    date.getUTCFullYear() === Number(y) &&
    date.getUTCMonth() === Number(mo) - 1 &&
    date.getUTCDate() === Number(d) &&
    Number(h) < 24 &&
    Number(mi) < 60 &&
    Number(sec ?? 0) < 60
  );
}

/** Checks a movement body against the rules of DESIGN.md 4 and its references; answers the values to store. */
async function checkInput(db: Queryable, user: AuthUser, body: MovementInput) {
  // The account first: one the caller does not see answers 404, like every foreign id.
  const account = await visibleAccountOwnerAndCurrency(db, user, body.accountId);
  if (!account) throw notFound();
  const fields: FieldError[] = [];
  if (!validDateTime(body.dateTime)) fields.push({ field: 'body.dateTime', message: 'not a real date and time' });
  const subcause = body.subcause ?? null;
  if (subcause !== null && body.cause !== 'FEE')
    fields.push({ field: 'body.subcause', message: 'only a FEE has a subcause' });
  const trade = TRADES.has(body.cause);
  let instrumentId: number | null = null;
  if (body.instrumentId != null || body.isin) {
    const found = await findInstrumentId(db, { id: body.instrumentId, isin: body.isin });
    if (found !== undefined) instrumentId = found;
    else
      fields.push({
        field: body.instrumentId != null ? 'body.instrumentId' : 'body.isin',
        message: 'unknown instrument',
      });
  } else if (trade) fields.push({ field: 'body.instrumentId', message: 'a BUY or SELL needs an instrument' });
  if (trade) {
    if (body.quantity == null) fields.push({ field: 'body.quantity', message: 'a BUY or SELL needs a quantity' });
    if (body.price == null) fields.push({ field: 'body.price', message: 'a BUY or SELL needs a price' });
  } else if (body.amount == null) fields.push({ field: 'body.amount', message: 'required' });
  let currencyId = account.currencyId;
  if (body.currencyId !== undefined) {
    if (await currencyExists(db, body.currencyId)) currencyId = body.currencyId;
    else fields.push({ field: 'body.currencyId', message: 'unknown currency' });
  }
  if (body.offsetAccountId != null) {
    if ((await visibleAccountClientId(db, user, body.offsetAccountId)) === undefined)
      fields.push({ field: 'body.offsetAccountId', message: 'unknown account' });
    else if (body.offsetAccountId === body.accountId)
      fields.push({ field: 'body.offsetAccountId', message: 'must differ from the account' });
  }
  if (fields.length) throw badRequest(fields);
  return {
    clientId: account.clientId,
    currencyId,
    instrumentId,
    subcause,
    status: (body.status ?? 'APPROVED').toUpperCase(),
  };
}

/** A numeric overflow (quantity x price too large for an amount) is the caller's input: 400. */
function overflowIsBadInput(err: unknown): never {
  if (err && typeof err === 'object' && 'code' in err && (err as { code: unknown }).code === '22003')
    throw badRequest([{ field: 'body.amount', message: 'too large' }]);
  throw err;
}

/** Numbers go to SQL as text so numeric does the arithmetic (no binary floats). */
const numText = (v: number | null | undefined) => (v == null ? null : String(v));

/** The values to store for a checked body. */
function movementValues(
  body: MovementInput,
  v: Awaited<ReturnType<typeof checkInput>>,
  status: string,
): MovementValues {
  return {
    accountId: body.accountId,
    clientId: v.clientId,
    dateTime: body.dateTime,
    classification: body.classification ?? null,
    cause: body.cause,
    subcause: v.subcause,
    currencyId: v.currencyId,
    instrumentId: v.instrumentId,
    quantity: numText(body.quantity),
    price: numText(body.price),
    amount: numText(body.amount),
    offsetAccountId: body.offsetAccountId ?? null,
    status,
  };
}

/** Deletes visible movements, all or none (404 when one is not visible), audited one by one. */
async function deleteMovements(tx: Queryable, user: AuthUser, ids: number[]): Promise<number> {
  const before = await lockVisibleMovements(tx, user, ids);
  if (before.length !== new Set(ids).size) throw notFound();
  await deleteMovementRows(tx, ids);
  for (const m of before) await audit(tx, user, 'delete', 'movement', m.id, m, null);
  await syncFirstMovementDate(tx, [...new Set(before.map((m) => m.accountId))]);
  return before.length;
}

export async function movementRoutes(app: FastifyInstance): Promise<void> {
  route(app, routes.listMovements, async (request) =>
    list(app.db, caller(request), request.query, request.body ?? {}, 50),
  );

  route(app, routes.searchMovements, async (request) => {
    const { ptfId, clientId, familyId, page, size, sort, ...filter } = request.query;
    return list(app.db, caller(request), { ptfId, clientId, familyId, page, size, sort }, filter, 50);
  });

  route(app, routes.getMovement, async (request) => {
    if (request.query.familyId !== undefined)
      throw badRequest(
        [{ field: 'querystring.familyId', message: 'not in a family view' }],
        'A single movement cannot be fetched in a family view',
      );
    return visibleMovement(app.db, caller(request), request.params.id);
  });

  route(
    app,
    routes.createMovement,
    async (request) => {
      const user = caller(request);
      const body = request.body;
      // A client's own entry waits for the middle office, whatever status it asks for.
      const client = user.role === 'BASIC';
      return app.db.transaction(async (tx) => {
        const v = await checkInput(tx, user, body);
        const id = await insertMovement(
          tx,
          movementValues(body, v, client ? 'PENDING' : v.status),
          user.userId,
          client ? 'CLIENT' : 'MANUAL',
        ).catch(overflowIsBadInput);
        const after = await visibleMovement(tx, user, id);
        await audit(tx, user, 'create', 'movement', after.id, null, after);
        await syncFirstMovementDate(tx, [after.accountId]);
        return after;
      });
    },
    // BASIC too: on its own accounts, PENDING.
  );

  route(
    app,
    routes.updateMovement,
    async (request) => {
      const user = caller(request);
      const body = request.body;
      return app.db.transaction(async (tx) => {
        const before = await visibleMovement(tx, user, request.params.id, true);
        const v = await checkInput(tx, user, body);
        const status = body.status === undefined ? before.status : v.status;
        // Approving through an edit is an approval: the middle office's right, and no sale beyond what is held.
        const approving = status === 'APPROVED' && before.status !== 'APPROVED';
        if (approving) {
          assertMayApproveMovements(user);
          await lockAccounts(tx, [...new Set([before.accountId, body.accountId])]);
        }
        await updateMovement(tx, before.id, movementValues(body, v, status), user.userId).catch(overflowIsBadInput);
        if (approving) {
          const oversold = await findOversold(tx, [before.id]);
          if (oversold) throw oversoldError(oversold);
        }
        const after = await visibleMovement(tx, user, before.id);
        await audit(tx, user, 'update', 'movement', before.id, before, after);
        await syncFirstMovementDate(tx, [...new Set([before.accountId, after.accountId])]);
        return after;
      });
    },
    { roles: FINANCIAL_WRITERS },
  );

  route(
    app,
    routes.deleteMovement,
    async (request) => {
      const user = caller(request);
      return app.db.transaction(async (tx) => ({ deleted: await deleteMovements(tx, user, [request.params.id]) }));
    },
    { roles: FINANCIAL_WRITERS },
  );

  route(
    app,
    routes.deleteMovements,
    async (request) => {
      const user = caller(request);
      return app.db.transaction(async (tx) => ({ deleted: await deleteMovements(tx, user, request.body.ids) }));
    },
    { roles: FINANCIAL_WRITERS },
  );
}
