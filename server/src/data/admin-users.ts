// The users table as the admin's calls read and write it (issue 17): the list with each user's client or PRO, one
// user, a new user (without a password: it chooses one from its reset link), an edit. Never the password hash.
import type { AdminUser, Permission, Role, UserQuery, UserSort } from '@patrimonio/shared-api';
import { clientDisplayNameSql } from '../db/client-name.ts';
import type { Queryable } from '../db/database.ts';
import { likePattern, Params } from './sql.ts';

const utc = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

const COLUMNS = `u.id, u.login, u.name, u.email, u.role, u.permissions, u.active, u.password_hash is not null as password_set,
  ${utc('u.last_sign_in_at')} as last_sign_in_at, ${utc('u.created_at')} as created_at,
  u.client_id, case when c.id is null then null else ${clientDisplayNameSql('c')} end as client_name,
  u.pro_id, p.name as pro_name`;
const FROM = 'users u left join clients c on c.id = u.client_id left join users p on p.id = u.pro_id';

interface Row {
  id: number | string;
  login: string;
  name: string;
  email: string | null;
  role: Role;
  permissions: Permission[] | null;
  active: boolean;
  password_set: boolean;
  last_sign_in_at: string | null;
  created_at: string;
  client_id: number | string | null;
  client_name: string | null;
  pro_id: number | string | null;
  pro_name: string | null;
}

const idOrNull = (v: number | string | null) => (v === null ? null : Number(v));

function toAdminUser(r: Row): AdminUser {
  return {
    id: Number(r.id),
    login: r.login,
    name: r.name,
    email: r.email,
    role: r.role,
    permissions: r.permissions ?? [],
    active: Boolean(r.active),
    passwordSet: Boolean(r.password_set),
    lastSignInAt: r.last_sign_in_at,
    createdAt: r.created_at,
    clientId: idOrNull(r.client_id),
    clientName: r.client_name,
    proId: idOrNull(r.pro_id),
    proName: r.pro_name,
  };
}

const SORT_SQL: Record<UserSort, string> = {
  'login,asc': 'lower(u.login) asc',
  'login,desc': 'lower(u.login) desc',
  'name,asc': 'lower(u.name) asc, lower(u.login) asc',
  'name,desc': 'lower(u.name) desc, lower(u.login) desc',
  'role,asc': 'u.role asc, lower(u.login) asc',
  'role,desc': 'u.role desc, lower(u.login) asc',
  'lastSignInAt,desc': 'u.last_sign_in_at desc nulls last, lower(u.login) asc',
  'lastSignInAt,asc': 'u.last_sign_in_at asc nulls last, lower(u.login) asc',
  'createdAt,desc': 'u.created_at desc, u.id desc',
  'createdAt,asc': 'u.created_at asc, u.id asc',
};

/** One page of the users: matching `q` (login, name or email) and `role` when given. */
export async function listAdminUsers(
  db: Queryable,
  query: UserQuery & { page: number; size: number },
): Promise<{ item: AdminUser[]; total: number }> {
  const p = new Params();
  const where: string[] = [];
  if (query.q?.trim()) {
    const q = p.add(likePattern(query.q.trim()));
    where.push(`(u.login ilike ${q} or u.name ilike ${q} or u.email ilike ${q})`);
  }
  if (query.role) where.push(`u.role = ${p.add(query.role)}`);
  const whereSql = where.length ? `where ${where.join(' and ')}` : '';
  const { rows: count } = await db.query<{ n: number }>(`select count(*)::int as n from users u ${whereSql}`, p.values);
  const { rows } = await db.query<Row>(
    `select ${COLUMNS} from ${FROM} ${whereSql} order by ${SORT_SQL[query.sort ?? 'login,asc']}, u.id
      limit ${query.size} offset ${(query.page - 1) * query.size}`,
    p.values,
  );
  return { item: rows.map(toAdminUser), total: count[0]?.n ?? 0 };
}

/** A user by id, or null; with lock, its row stays locked until the transaction ends. */
export async function findAdminUser(db: Queryable, id: number, lock = false): Promise<AdminUser | null> {
  const { rows } = await db.query<Row>(
    `select ${COLUMNS} from ${FROM} where u.id = $1${lock ? ' for update of u' : ''}`,
    [id],
  );
  return rows[0] ? toAdminUser(rows[0]) : null;
}

/** The role of a user, or null when there is no such user (a DELEGATE's PRO is checked with it). */
export async function userRole(db: Queryable, id: number): Promise<Role | null> {
  const { rows } = await db.query<{ role: Role }>('select role from users where id = $1', [id]);
  return rows[0]?.role ?? null;
}

/**
 * Locks a client for the linking of a BASIC user (two admins linking the same client wait in turn) and says whether
 * it exists and which user it already has (other than `exceptUserId`).
 */
export async function lockClientForUser(
  tx: Queryable,
  clientId: number,
  exceptUserId: number | null,
): Promise<{ exists: boolean; userId: number | null }> {
  const { rows } = await tx.query<{ id: number }>('select id from clients where id = $1 for update', [clientId]);
  if (!rows[0]) return { exists: false, userId: null };
  const { rows: users } = await tx.query<{ id: number }>(
    'select id from users where client_id = $1 and id <> $2 order by id limit 1',
    [clientId, exceptUserId ?? 0],
  );
  return { exists: true, userId: users[0] ? Number(users[0].id) : null };
}

export interface NewUser {
  login: string;
  name: string;
  email: string;
  role: Role;
  permissions: Permission[];
  clientId: number | null;
  proId: number | null;
}

/** A new user without a password; answers its id (a taken login is the unique index users_login_key's violation). */
export async function insertUser(tx: Queryable, u: NewUser): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    `insert into users (login, password_hash, name, email, role, permissions, client_id, pro_id)
     values ($1, null, $2, $3, $4, $5, $6, $7) returning id`,
    [u.login, u.name, u.email, u.role, u.permissions, u.clientId, u.proId],
  );
  return Number(rows[0]!.id);
}

export interface UserChanges {
  name: string;
  email: string | null;
  permissions: Permission[];
  clientId: number | null;
  proId: number | null;
  active: boolean;
}

export async function updateUser(tx: Queryable, id: number, u: UserChanges): Promise<void> {
  await tx.query(
    `update users set name = $2, email = $3, permissions = $4, client_id = $5, pro_id = $6, active = $7,
            updated_at = now()
      where id = $1`,
    [id, u.name, u.email, u.permissions, u.clientId, u.proId, u.active],
  );
}
