// The middle office's pending movements (issue 16; spec data-and-admin 6 and 9, docs/middle-office.md): the list
// (GET /movement/temporary/waiting), the side menu's count, approve, reject with a reason, edit before approving, and
// the rejected movements with their reasons. Who may: access/middle-office.ts (ADMIN and BACK_OFFICE across all
// clients, a PRO its clients, a DELEGATE only with APPROVE_MOVEMENT, else 403; BASIC 403), on the movements the caller
// sees (another tenant's id answers 404 and nothing changes). The rejected list is open to every role for the
// movements it entered itself.
// Approve is one transaction: the movements are locked in id order, then their accounts; only those still PENDING are
// approved (the others come back in alreadyDecided, so two people approving the same rows at once approve each row
// once); a line that would sell more than is held rolls it all back (409 oversold naming the line). The analytics
// recalculation follows from the database triggers on movements (migration 008).
import { routes } from '@patrimonio/shared-api';
import type { FastifyInstance } from 'fastify';
import { audit } from '../../access/audit.ts';
import { movementOwner, visibleMovement } from '../../access/financial.ts';
import { FINANCIAL_WRITERS } from '../../access/financial-visibility.ts';
import { assertMayApproveMovements, mayApproveMovements } from '../../access/middle-office.ts';
import { visibleAccountOwnerAndCurrency } from '../../data/financial/accounts.ts';
import { findInstrumentId } from '../../data/financial/instruments.ts';
import {
  countPendingMovements,
  type Decision,
  decidePendingMovements,
  findOversold,
  listMovements,
  listRejectedMovements,
  lockAccounts,
  lockVisibleMovements,
  type OversoldLine,
  syncFirstMovementDate,
  updatePendingMovement,
  visibleMovements,
} from '../../data/financial/movements.ts';
import type { Queryable } from '../../db/database.ts';
import type { AuthUser } from '../../identity/types.ts';
import { caller } from '../../plugins/auth.ts';
import { badRequest, type FieldError, HttpError, notFound } from '../../plugins/errors.ts';
import { route } from '../../plugins/route.ts';

const TRADES = new Set(['BUY', 'SELL']);

/** A quantity as people write it: up to 6 decimals, no trailing zeros. */
const qty = (n: number) => String(Number(n.toFixed(6)));

/** 409 oversold: the line that would sell more than is held, named in the message and in the params. */
export function oversoldError(line: OversoldLine): HttpError {
  return new HttpError(
    409,
    `Approving would sell more than is held: ${line.cause} of ${qty(line.quantity)} ${line.isin} ${line.instrumentName}` +
      ` on ${line.date}, account ${line.accountName}, with ${qty(line.held)} held`,
    'oversold',
    undefined,
    {
      movementId: line.movementId,
      date: line.date,
      cause: line.cause,
      isin: line.isin,
      instrumentName: line.instrumentName,
      accountId: line.accountId,
      accountName: line.accountName,
      held: Number(qty(line.held)),
      sold: Number(qty(line.quantity)),
    },
  );
}

/**
 * Approves or rejects the movements: all visible or 404 and nothing changes; each still PENDING decided by this call
 * and audited one by one, the others answered as alreadyDecided.
 */
async function decide(tx: Queryable, user: AuthUser, ids: number[], decision: Decision) {
  const before = await lockVisibleMovements(tx, user, ids);
  if (before.length !== ids.length) throw notFound();
  const approving = decision.status === 'APPROVED';
  const accountIds = [...new Set(before.map((m) => m.accountId))];
  if (approving) await lockAccounts(tx, accountIds);
  const done = await decidePendingMovements(tx, ids, decision, user.userId);
  if (approving && done.length) {
    const oversold = await findOversold(tx, done);
    if (oversold) throw oversoldError(oversold);
  }
  const after = new Map((await visibleMovements(tx, user, done)).map((m) => [m.id, m]));
  for (const m of before)
    if (after.has(m.id)) await audit(tx, user, approving ? 'approve' : 'reject', 'movement', m.id, m, after.get(m.id));
  if (approving && done.length) await syncFirstMovementDate(tx, accountIds);
  const decided = new Set(done);
  return { done, alreadyDecided: ids.filter((id) => !decided.has(id)).sort((a, b) => a - b) };
}

export async function pendingMovementRoutes(app: FastifyInstance): Promise<void> {
  route(
    app,
    routes.pendingMovements,
    async (request) => {
      const user = caller(request);
      assertMayApproveMovements(user);
      const { lastMonth, ...q } = request.query;
      const owner = await movementOwner(app.db, user, q);
      return listMovements(app.db, user, owner, q, { status: 'PENDING' }, 100000, lastMonth === '1');
    },
    { roles: FINANCIAL_WRITERS },
  );

  route(
    app,
    routes.pendingCount,
    async (request) => {
      const user = caller(request);
      assertMayApproveMovements(user);
      return { count: await countPendingMovements(app.db, user) };
    },
    { roles: FINANCIAL_WRITERS },
  );

  route(
    app,
    routes.approveMovements,
    async (request) => {
      const user = caller(request);
      assertMayApproveMovements(user);
      return app.db.transaction((tx) => decide(tx, user, request.body.ids, { status: 'APPROVED' }));
    },
    { roles: FINANCIAL_WRITERS },
  );

  route(
    app,
    routes.rejectMovements,
    async (request) => {
      const user = caller(request);
      assertMayApproveMovements(user);
      const reason = request.body.reason.trim();
      return app.db.transaction((tx) => decide(tx, user, request.body.ids, { status: 'REJECTED', reason }));
    },
    { roles: FINANCIAL_WRITERS },
  );

  route(
    app,
    routes.editPendingMovement,
    async (request) => {
      const user = caller(request);
      assertMayApproveMovements(user);
      const body = request.body;
      return app.db.transaction(async (tx) => {
        const before = await visibleMovement(tx, user, request.params.id, true);
        // The account as for POST /movement: one the caller does not see answers 404.
        const account = await visibleAccountOwnerAndCurrency(tx, user, body.accountId);
        if (!account) throw notFound();
        if (before.status !== 'PENDING')
          throw new HttpError(409, `The movement is no longer pending (${before.status})`, 'not_pending', undefined, {
            status: before.status,
          });
        const fields: FieldError[] = [];
        if (account.clientId !== before.ownerId)
          fields.push({ field: 'body.accountId', message: "must be an account of the movement's client" });
        else if (body.accountId === before.offsetAccountId)
          fields.push({ field: 'body.accountId', message: 'must differ from the offset account' });
        const subcause = body.subcause ?? null;
        if (subcause !== null && body.cause !== 'FEE')
          fields.push({ field: 'body.subcause', message: 'only a FEE has a subcause' });
        const trade = TRADES.has(body.cause);
        let instrumentId: number | null = null;
        if (body.instrumentId != null) {
          const found = await findInstrumentId(tx, { id: body.instrumentId });
          if (found === undefined) fields.push({ field: 'body.instrumentId', message: 'unknown instrument' });
          else instrumentId = found;
        } else if (trade) fields.push({ field: 'body.instrumentId', message: 'a BUY or SELL needs an instrument' });
        if (trade && !(before.quantity && before.quantity > 0))
          fields.push({ field: 'body.cause', message: 'a BUY or SELL needs a quantity: this movement has none' });
        if (fields.length) throw badRequest(fields);
        await updatePendingMovement(tx, before.id, {
          cause: body.cause,
          subcause,
          instrumentId,
          accountId: body.accountId,
        });
        const after = await visibleMovement(tx, user, before.id);
        await audit(tx, user, 'update', 'movement', before.id, before, after);
        return after;
      });
    },
    { roles: FINANCIAL_WRITERS },
  );

  route(app, routes.rejectedMovements, async (request) => {
    const user = caller(request);
    return listRejectedMovements(app.db, user, mayApproveMovements(user), request.query);
  });
}
