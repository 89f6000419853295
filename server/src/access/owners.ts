// Whose figures a read is about (DESIGN.md 3), the one owner lookup of the real-estate, share and luxury routes: a
// client the caller sees (a BASIC user names none and gets its own; others must name one: 400 on
// querystring.clientId) or a family the caller sees (not BASIC: 404), whose members count with their weights.
import { familyMemberWeights } from '../data/owners.ts';
import type { Queryable } from '../db/database.ts';
import type { AuthUser } from '../identity/types.ts';
import { badRequest } from '../plugins/errors.ts';
import type { WeightedClient } from '../real-estate/load.ts';
import { assertVisibleFamily, targetClientId } from './clients.ts';

/** Whose data a call is about: one client or one family the caller sees. */
export type OwnerScope = { clientId: number; familyId: null } | { clientId: null; familyId: number };

/**
 * The client or family a call names: a family the caller sees (not BASIC: 404), or a client the caller sees (a BASIC
 * user's own by default; anyone else must name one: 400 on querystring.clientId). Both given: 400.
 */
export async function ownerScope(
  db: Queryable,
  user: AuthUser,
  query: { clientId?: number; familyId?: number },
): Promise<OwnerScope> {
  if (query.clientId !== undefined && query.familyId !== undefined)
    throw badRequest([{ field: 'querystring.familyId', message: 'give clientId or familyId, not both' }]);
  if (query.familyId !== undefined) {
    await assertVisibleFamily(db, user, query.familyId);
    return { clientId: null, familyId: query.familyId };
  }
  return { clientId: await targetClientId(db, user, query.clientId), familyId: null };
}

/**
 * The clients a list or a figure is about, with their weights: a family's members (weights apply) or one client
 * (weight 1), as ownerScope finds them.
 */
export async function ownersOf(
  db: Queryable,
  user: AuthUser,
  query: { clientId?: number; familyId?: number },
): Promise<WeightedClient[]> {
  const scope = await ownerScope(db, user, query);
  return scope.familyId !== null ? familyMemberWeights(db, scope.familyId) : [{ clientId: scope.clientId, weight: 1 }];
}
