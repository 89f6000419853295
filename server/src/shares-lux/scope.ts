// Whose shares and goods a read is about (DESIGN.md 3): a client the caller sees (a BASIC user names none and gets its
// own; others must name one: 400 on querystring.clientId) or a family the caller sees (not BASIC: 404), whose members
// count with their weights.
import { assertVisibleFamily, targetClientId } from '../access/clients.ts';
import type { Queryable } from '../db/database.ts';
import type { AuthUser } from '../identity/types.ts';
import { badRequest } from '../plugins/errors.ts';
import type { Member } from './figures.ts';

export interface OwnerScope {
  kind: 'client' | 'family';
  members: Member[];
}

export async function resolveOwnerScope(
  db: Queryable,
  user: AuthUser,
  query: { clientId?: number; familyId?: number },
): Promise<OwnerScope> {
  if (query.clientId !== undefined && query.familyId !== undefined)
    throw badRequest([{ field: 'querystring.familyId', message: 'give clientId or familyId, not both' }]);
  if (query.familyId !== undefined) {
    await assertVisibleFamily(db, user, query.familyId);
    const { rows } = await db.query<{ client_id: number; weight: string }>(
      'select client_id, weight::text as weight from family_members where family_id = $1 order by client_id',
      [query.familyId],
    );
    return { kind: 'family', members: rows.map((r) => ({ clientId: Number(r.client_id), weight: Number(r.weight) })) };
  }
  const clientId = await targetClientId(db, user, query.clientId);
  return { kind: 'client', members: [{ clientId, weight: 1 }] };
}
