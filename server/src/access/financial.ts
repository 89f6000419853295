// The 404 checks of the financial routes: a portfolio, account or movement the caller may see
// (financial-visibility.ts), and whose accounts or movements a list may be about.
import { type Account, type AccountOwner, findVisibleAccount, visibleAccountIds } from '../data/financial/accounts.ts';
import { findVisibleMovement, type Movement, type MovementOwner } from '../data/financial/movements.ts';
import { findVisiblePortfolio, type Portfolio, portfolioIsVisible } from '../data/financial/portfolios.ts';
import type { Queryable } from '../db/database.ts';
import type { AuthUser } from '../identity/types.ts';
import { badRequest, notFound } from '../plugins/errors.ts';
import { ownerScope } from './owners.ts';

/** The account if the caller sees it, else 404; with lock, locked for the rest of the transaction. */
export async function visibleAccount(db: Queryable, user: AuthUser, id: number, lock = false): Promise<Account> {
  const account = await findVisibleAccount(db, user, id, lock);
  if (!account) throw notFound();
  return account;
}

/** The portfolio if the caller sees it (with only the accounts it sees), else 404. */
export async function visiblePortfolio(db: Queryable, user: AuthUser, id: number, lock = false): Promise<Portfolio> {
  const portfolio = await findVisiblePortfolio(db, user, id, (ids) => visibleAccountIds(db, user, ids), lock);
  if (!portfolio) throw notFound();
  return portfolio;
}

/** One client or one family the caller sees, as ownerScope finds them. */
async function clientOrFamily(
  db: Queryable,
  user: AuthUser,
  query: { clientId?: number; familyId?: number },
): Promise<{ clientId: number } | { familyId: number }> {
  const scope = await ownerScope(db, user, query);
  return scope.familyId !== null ? { familyId: scope.familyId } : { clientId: scope.clientId };
}

/**
 * Whose accounts a list is about: clientId or familyId (checked visible, 404 otherwise; both: 400), else all the
 * caller sees, except for a DELEGATE, who must select a client first (400 CLIENT_REQUIRED).
 */
export async function accountOwner(
  db: Queryable,
  user: AuthUser,
  query: { clientId?: number; familyId?: number },
): Promise<AccountOwner> {
  if (query.clientId !== undefined || query.familyId !== undefined) return clientOrFamily(db, user, query);
  if (user.role === 'DELEGATE')
    throw badRequest(
      [{ field: 'querystring.clientId', message: 'required for a DELEGATE' }],
      'Select a client first: a DELEGATE cannot load accounts until a client is selected',
      'CLIENT_REQUIRED',
    );
  return 'all';
}

/**
 * Which accounts a movement list is about: a portfolio's (ptfId), a client's or a family's aggregate, each checked
 * visible (404 otherwise); none = all the caller sees; more than one: 400.
 */
export async function movementOwner(
  db: Queryable,
  user: AuthUser,
  q: { ptfId?: number; clientId?: number; familyId?: number },
): Promise<MovementOwner> {
  const given = [q.ptfId, q.clientId, q.familyId].filter((v) => v !== undefined).length;
  if (given > 1) throw badRequest([{ field: 'querystring.ptfId', message: 'give one of ptfId, clientId, familyId' }]);
  if (q.ptfId !== undefined) {
    if (!(await portfolioIsVisible(db, user, q.ptfId))) throw notFound();
    return { ptfId: q.ptfId };
  }
  if (q.clientId !== undefined || q.familyId !== undefined) return clientOrFamily(db, user, q);
  return 'all';
}

/** One movement on an account the caller sees, else 404; with lock, locked for the rest of the transaction. */
export async function visibleMovement(db: Queryable, user: AuthUser, id: number, lock = false): Promise<Movement> {
  const movement = await findVisibleMovement(db, user, id, lock);
  if (!movement) throw notFound();
  return movement;
}
