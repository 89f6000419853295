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
import { visibleClients, visibleFamilies } from '../access/visibility.ts';
import { clientDisplayNameSql } from '../db/client-name.ts';
import type { Queryable } from '../db/database.ts';
import { isUniqueViolation } from '../db/errors.ts';
import type { AuthUser } from '../identity/types.ts';
import { caller } from '../plugins/auth.ts';
import { forbidden, HttpError, notFound } from '../plugins/errors.ts';
import { route } from '../plugins/route.ts';

/** Roles that work with families (spec section 6: BASIC fetches no family list). */
const FAMILY_ROLES: readonly Role[] = ['ADMIN', 'BACK_OFFICE', 'PRO', 'DELEGATE'];
const roles = { roles: FAMILY_ROLES };

const ORDER_BY: Record<string, string> = {
  'updatedAt,desc': 'f.updated_at desc, f.id desc',
  'updatedAt,asc': 'f.updated_at asc, f.id asc',
  'createdAt,desc': 'f.created_at desc, f.id desc',
  'createdAt,asc': 'f.created_at asc, f.id asc',
  'name,asc': 'lower(f.name) asc, f.id asc',
  'name,desc': 'lower(f.name) desc, f.id desc',
  'id,asc': 'f.id asc',
  'id,desc': 'f.id desc',
};

interface FamilyRow {
  id: number;
  name: string;
  created_by: number | null;
}

interface MemberRow {
  family_id: number;
  id: number;
  name: string;
  weight: string;
  subscribe: boolean;
  trial: boolean;
}

const duplicate = (name: string) => new HttpError(409, `The family "${name}" is already present`, 'duplicate_family');

/** Families with their members (ordered by display name), in the order of `families`. */
async function withMembers(q: Queryable, families: FamilyRow[]): Promise<Family[]> {
  if (families.length === 0) return [];
  const { rows } = await q.query<MemberRow>(
    `select m.family_id, c.id, ${clientDisplayNameSql('c')} as name, m.weight, c.subscribe, c.trial
       from family_members m join clients c on c.id = m.client_id
      where m.family_id = any($1::bigint[]) order by name, c.id`,
    [families.map((f) => f.id)],
  );
  const byFamily = new Map<number, MemberRow[]>();
  for (const m of rows) {
    const id = Number(m.family_id);
    byFamily.set(id, [...(byFamily.get(id) ?? []), m]);
  }
  return families.map((f) => {
    const members = byFamily.get(Number(f.id)) ?? [];
    return {
      id: Number(f.id),
      name: f.name,
      users: members.map((m) => ({ id: Number(m.id), name: m.name, weight: Number(m.weight) })),
      subscribe: members.some((m) => m.subscribe),
      trial: members.some((m) => m.trial),
    };
  });
}

async function familyOf(q: Queryable, row: FamilyRow): Promise<Family> {
  const [family] = await withMembers(q, [row]);
  return family!;
}

/** The family if the caller may see it (locked for the transaction when `lock`), else 404. */
async function visibleFamily(q: Queryable, user: AuthUser, id: number, lock = false): Promise<FamilyRow> {
  const visible = visibleFamilies(user, 2);
  const { rows } = await q.query<FamilyRow>(
    `select f.id, f.name, f.created_by from families f where f.id = $1 and ${visible.sql}${lock ? ' for update of f' : ''}`,
    [id, ...visible.params],
  );
  if (!rows[0]) throw notFound();
  return rows[0];
}

/** Who owns the families the caller creates: a PRO, a DELEGATE's PRO, nobody for ADMIN and BACK_OFFICE. */
async function ownerFor(q: Queryable, user: AuthUser): Promise<number | null> {
  if (user.role === 'ADMIN' || user.role === 'BACK_OFFICE') return null;
  if (user.userId == null) throw forbidden();
  if (user.role === 'PRO') return user.userId;
  if (user.role === 'DELEGATE') {
    const { rows } = await q.query<{ pro_id: number | null }>(
      "select pro_id from users where id = $1 and role = 'DELEGATE'",
      [user.userId],
    );
    if (rows[0]?.pro_id != null) return Number(rows[0].pro_id);
  }
  throw forbidden();
}

/** 409 when the owner already has another family of that name (case-insensitive, trimmed). */
async function checkUniqueName(q: Queryable, owner: number | null, name: string, exceptId: number | null) {
  const { rows } = await q.query<{ name: string }>(
    `select name from families
      where created_by is not distinct from $1 and lower(btrim(name)) = lower(btrim($2)) and id <> $3 limit 1`,
    [owner, name, exceptId ?? 0],
  );
  if (rows[0]) throw duplicate(rows[0].name);
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

/** 404 unless the caller may see every one of these clients. */
async function checkClientsVisible(q: Queryable, user: AuthUser, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const visible = visibleClients(user, 2);
  const { rows } = await q.query<{ n: number }>(
    `select count(*)::int as n from clients c where c.id = any($1::bigint[]) and ${visible.sql}`,
    [ids, ...visible.params],
  );
  if ((rows[0]?.n ?? 0) !== ids.length) throw notFound();
}

async function upsertMembers(q: Queryable, familyId: number, members: Map<number, number>): Promise<void> {
  if (members.size === 0) return;
  await q.query(
    `insert into family_members (family_id, client_id, weight)
     select $1, u.client_id, u.weight from unnest($2::bigint[], $3::numeric[]) as u(client_id, weight)
     on conflict (family_id, client_id) do update set weight = excluded.weight`,
    [familyId, [...members.keys()], [...members.values()]],
  );
}

const touch = (q: Queryable, id: number) => q.query('update families set updated_at = now() where id = $1', [id]);

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
      const visible = visibleFamilies(user, 1);
      const params: unknown[] = [...visible.params];
      let where = visible.sql;
      const term = q.trim();
      if (term) {
        params.push(`%${term.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`);
        const p = `$${params.length}`;
        where += ` and (f.name ilike ${p} or exists (select 1 from family_members m join clients c on c.id = m.client_id
                    where m.family_id = f.id and ${clientDisplayNameSql('c')} ilike ${p}))`;
      }
      const { rows: count } = await db.query<{ n: number }>(
        `select count(*)::int as n from families f where ${where}`,
        params,
      );
      const { rows } = await db.query<FamilyRow>(
        `select f.id, f.name, f.created_by from families f where ${where}
          order by ${ORDER_BY[sort] ?? ORDER_BY['updatedAt,desc']}
          limit $${params.length + 1} offset $${params.length + 2}`,
        [...params, size, (page - 1) * size],
      );
      return { item: await withMembers(db, rows), total: count[0]?.n ?? 0, page, size };
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
          const { rows } = await tx.query<FamilyRow>(
            'insert into families (name, created_by) values ($1, $2) returning id, name, created_by',
            [name, owner],
          );
          const row = rows[0]!;
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
          await tx.query('update families set name = $2, updated_at = now() where id = $1', [row.id, name]);
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
        await tx.query('delete from families where id = $1', [row.id]);
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
        await checkClientsVisible(tx, user, [...members.keys()]);
        await upsertMembers(tx, row.id, members);
        await touch(tx, row.id);
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
        await checkClientsVisible(tx, user, [...members.keys()]);
        await tx.query('delete from family_members where family_id = $1 and not (client_id = any($2::bigint[]))', [
          row.id,
          [...members.keys()],
        ]);
        await upsertMembers(tx, row.id, members);
        await touch(tx, row.id);
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
        await checkClientsVisible(tx, user, [clientId]);
        await upsertMembers(tx, row.id, new Map([[clientId, weight]]));
        await touch(tx, row.id);
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
        const { rows } = await tx.query<{ client_id: number }>(
          'delete from family_members where family_id = $1 and client_id = $2 returning client_id',
          [row.id, clientId],
        );
        if (rows.length === 0) throw notFound();
        await touch(tx, row.id);
      });
    },
    roles,
  );
}
