// Families of clients with member weights (data-and-admin sections 3, 5, 7 "Families", 8, 9; DESIGN.md section 3).
//
// Owner: a PRO's families are theirs (families.created_by); a DELEGATE works on their PRO's families; ADMIN and
// BACK_OFFICE see and change all, and the families they create have no owner (created_by null). BASIC users make
// no family calls (403), except GET /family/{id} which answers 404 to them as to any id they may not see.
// Another tenant's id answers 404, never 403. Every write runs in one transaction together with its audit row.
import { type Family, type Role, routes } from '@patrimonio/shared-api';
import type { FastifyInstance } from 'fastify';
import { familyAdvisorName } from '../access/advisor.ts';
import { audit } from '../access/audit.ts';
import { assertVisibleClients } from '../access/clients.ts';
import { visibleFamily } from '../access/families.ts';
import {
  deleteFamily,
  type FamilyRow,
  familyOf,
  insertFamily,
  listFamilies,
  removeMember,
  removeMembersExcept,
  renameFamily,
  sameNameFamily,
  touchFamily,
  upsertMembers,
} from '../data/families.ts';
import { delegatePro } from '../data/users.ts';
import type { Queryable } from '../db/database.ts';
import { isUniqueViolation } from '../db/errors.ts';
import type { AuthUser } from '../identity/types.ts';
import { caller } from '../plugins/auth.ts';
import { forbidden, HttpError, notFound } from '../plugins/errors.ts';
import { route } from '../plugins/route.ts';

/** Roles that work with families (spec section 6: BASIC fetches no family list). */
const FAMILY_ROLES: readonly Role[] = ['ADMIN', 'BACK_OFFICE', 'PRO', 'DELEGATE'];
const roles = { roles: FAMILY_ROLES };

const duplicate = (name: string) => new HttpError(409, `The family "${name}" is already present`, 'duplicate_family');

/** Who owns the families the caller creates: a PRO, a DELEGATE's PRO, nobody for ADMIN and BACK_OFFICE. */
async function ownerFor(q: Queryable, user: AuthUser): Promise<number | null> {
  if (user.role === 'ADMIN' || user.role === 'BACK_OFFICE') return null;
  if (user.userId == null) throw forbidden();
  if (user.role === 'PRO') return user.userId;
  if (user.role === 'DELEGATE') {
    const pro = await delegatePro(q, user.userId);
    if (pro !== null) return pro;
  }
  throw forbidden();
}

/** 409 when the owner already has another family of that name (case-insensitive, trimmed). */
async function checkUniqueName(q: Queryable, owner: number | null, name: string, exceptId: number | null) {
  const other = await sameNameFamily(q, owner, name, exceptId);
  if (other !== null) throw duplicate(other);
}

/**
 * Runs a write that names a family; the unique index on (owner, name) backs checkUniqueName against concurrent
 * writes, and its violation answers the same 409 naming the family.
 */
async function withUniqueName<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    throw isUniqueViolation(err, 'families_owner_name_key') ? duplicate(name) : err;
  }
}

/** Client ids of a members body with their weights (null or omitted means 1). */
function parseMembers(map: Record<string, number | null>): Map<number, number> {
  const members = new Map<number, number>();
  for (const [key, weight] of Object.entries(map)) members.set(Number(key), weight ?? 1);
  return members;
}

export async function familyRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db;

  /** One write: transaction, the family locked, audit with before and after, the updated family answered. */
  async function changeFamily(
    user: AuthUser,
    id: number,
    action: string,
    change: (tx: Queryable, row: FamilyRow) => Promise<void>,
  ): Promise<Family> {
    return db.transaction(async (tx) => {
      const row = await visibleFamily(tx, user, id, true);
      const before = await familyOf(tx, row);
      await change(tx, row);
      const after = await familyOf(tx, await visibleFamily(tx, user, id));
      await audit(tx, user, action, 'family', id, before, after);
      return after;
    });
  }

  route(
    app,
    routes.listFamilies,
    async (request) => {
      const user = caller(request);
      const { q = '', page = 1, size = 10, sort = 'updatedAt,desc' } = request.query;
      const { item, total } = await listFamilies(db, user, { search: q.trim(), sort, page, size });
      return { item, total, page, size };
    },
    roles,
  );

  // No roles list: BASIC gets 404 here, like any id it may not see (visibleFamilies is false for BASIC).
  route(app, routes.getFamily, async (request) => {
    const user = caller(request);
    const row = await visibleFamily(db, user, request.params.id);
    return { ...(await familyOf(db, row)), advisorName: await familyAdvisorName(db, user, Number(row.id)) };
  });

  route(
    app,
    routes.createFamily,
    async (request) => {
      const user = caller(request);
      const name = request.body.name.trim();
      return withUniqueName(name, () =>
        db.transaction(async (tx) => {
          const owner = await ownerFor(tx, user);
          await checkUniqueName(tx, owner, name, null);
          const row = await insertFamily(tx, name, owner);
          await audit(tx, user, 'create', 'family', row.id, null, await familyOf(tx, row));
          return { id: Number(row.id) };
        }),
      );
    },
    roles,
  );

  route(
    app,
    routes.renameFamily,
    async (request) => {
      const user = caller(request);
      const name = request.body.name.trim();
      return withUniqueName(name, () =>
        changeFamily(user, request.params.id, 'rename', async (tx, row) => {
          await checkUniqueName(tx, row.created_by, name, row.id);
          await renameFamily(tx, row.id, name);
        }),
      );
    },
    roles,
  );

  route(
    app,
    routes.deleteFamily,
    async (request, reply) => {
      const user = caller(request);
      await db.transaction(async (tx) => {
        const row = await visibleFamily(tx, user, request.params.id, true);
        const before = await familyOf(tx, row);
        await deleteFamily(tx, row.id);
        await audit(tx, user, 'delete', 'family', row.id, before, null);
      });
      reply.code(204);
      return null;
    },
    roles,
  );

  route(
    app,
    routes.addFamilyMembers,
    async (request) => {
      const user = caller(request);
      const members = parseMembers(request.body.usersFamily);
      return changeFamily(user, request.params.id, 'add_members', async (tx, row) => {
        await assertVisibleClients(tx, user, [...members.keys()]);
        await upsertMembers(tx, row.id, members);
        await touchFamily(tx, row.id);
      });
    },
    roles,
  );

  route(
    app,
    routes.replaceFamilyMembers,
    async (request) => {
      const user = caller(request);
      const members = parseMembers(request.body.usersFamily);
      return changeFamily(user, request.params.id, 'replace_members', async (tx, row) => {
        await assertVisibleClients(tx, user, [...members.keys()]);
        await removeMembersExcept(tx, row.id, [...members.keys()]);
        await upsertMembers(tx, row.id, members);
        await touchFamily(tx, row.id);
      });
    },
    roles,
  );

  route(
    app,
    routes.setFamilyMember,
    async (request) => {
      const user = caller(request);
      const { familyId, clientId } = request.params;
      const weight = request.query.weight ?? 1;
      return changeFamily(user, familyId, 'set_member', async (tx, row) => {
        await assertVisibleClients(tx, user, [clientId]);
        await upsertMembers(tx, row.id, new Map([[clientId, weight]]));
        await touchFamily(tx, row.id);
      });
    },
    roles,
  );

  route(
    app,
    routes.removeFamilyMember,
    async (request) => {
      const user = caller(request);
      const { familyId, clientId } = request.params;
      // No client visibility check: members of a family the caller may see are shown to them anyway.
      return changeFamily(user, familyId, 'remove_member', async (tx, row) => {
        if (!(await removeMember(tx, row.id, clientId))) throw notFound();
        await touchFamily(tx, row.id);
      });
    },
    roles,
  );
}
