// The families and family_members tables: a family with its members (the Family answer), the list, and the writes
// of the family routes. Which family a caller may see: access/families.ts.
import type { Family } from '@patrimonio/shared-api';
import { visibleFamilies } from '../access/visibility.ts';
import { clientDisplayNameSql } from '../db/client-name.ts';
import type { Queryable } from '../db/database.ts';
import type { AuthUser } from '../identity/types.ts';
import { trialActiveSql } from './clients.ts';
import { likePattern } from './sql.ts';

export interface FamilyRow {
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

/** Families with their members (ordered by display name), in the order of `families`. */
export async function withMembers(q: Queryable, families: FamilyRow[]): Promise<Family[]> {
  if (families.length === 0) return [];
  const { rows } = await q.query<MemberRow>(
    `select m.family_id, c.id, ${clientDisplayNameSql('c')} as name, m.weight, c.subscribe, ${trialActiveSql('c')} as trial
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

export async function familyOf(q: Queryable, row: FamilyRow): Promise<Family> {
  const [family] = await withMembers(q, [row]);
  return family!;
}

/** One page of the families the caller sees whose name or a member's name matches `search`, sorted by `sort`. */
export async function listFamilies(
  db: Queryable,
  user: AuthUser,
  query: { search: string; sort: string; page: number; size: number },
): Promise<{ item: Family[]; total: number }> {
  const visible = visibleFamilies(user, 1);
  const params: unknown[] = [...visible.params];
  let where = visible.sql;
  if (query.search) {
    params.push(likePattern(query.search));
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
      order by ${ORDER_BY[query.sort] ?? ORDER_BY['updatedAt,desc']}
      limit $${params.length + 1} offset $${params.length + 2}`,
    [...params, query.size, (query.page - 1) * query.size],
  );
  return { item: await withMembers(db, rows), total: count[0]?.n ?? 0 };
}

/** The name of the owner's other family called `name` (case-insensitive, trimmed), or null. */
export async function sameNameFamily(
  q: Queryable,
  owner: number | null,
  name: string,
  exceptId: number | null,
): Promise<string | null> {
  const { rows } = await q.query<{ name: string }>(
    `select name from families
      where created_by is not distinct from $1 and lower(btrim(name)) = lower(btrim($2)) and id <> $3 limit 1`,
    [owner, name, exceptId ?? 0],
  );
  return rows[0]?.name ?? null;
}

export async function insertFamily(tx: Queryable, name: string, owner: number | null): Promise<FamilyRow> {
  const { rows } = await tx.query<FamilyRow>(
    'insert into families (name, created_by) values ($1, $2) returning id, name, created_by',
    [name, owner],
  );
  return rows[0]!;
}

export async function renameFamily(tx: Queryable, id: number, name: string): Promise<void> {
  await tx.query('update families set name = $2, updated_at = now() where id = $1', [id, name]);
}

export async function deleteFamily(tx: Queryable, id: number): Promise<void> {
  await tx.query('delete from families where id = $1', [id]);
}

/** The family's last change is now (after a write to its members). */
export async function touchFamily(tx: Queryable, id: number): Promise<void> {
  await tx.query('update families set updated_at = now() where id = $1', [id]);
}

/** Adds the members, or sets the weight of those already in. */
export async function upsertMembers(q: Queryable, familyId: number, members: Map<number, number>): Promise<void> {
  if (members.size === 0) return;
  await q.query(
    `insert into family_members (family_id, client_id, weight)
     select $1, u.client_id, u.weight from unnest($2::bigint[], $3::numeric[]) as u(client_id, weight)
     on conflict (family_id, client_id) do update set weight = excluded.weight`,
    [familyId, [...members.keys()], [...members.values()]],
  );
}

/** Removes the members not among `keep`. */
export async function removeMembersExcept(tx: Queryable, familyId: number, keep: readonly number[]): Promise<void> {
  await tx.query('delete from family_members where family_id = $1 and not (client_id = any($2::bigint[]))', [
    familyId,
    [...keep],
  ]);
}

/** Removes one member; answers whether it was one. */
export async function removeMember(tx: Queryable, familyId: number, clientId: number): Promise<boolean> {
  const { rows } = await tx.query<{ client_id: number }>(
    'delete from family_members where family_id = $1 and client_id = $2 returning client_id',
    [familyId, clientId],
  );
  return rows.length > 0;
}
