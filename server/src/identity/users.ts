// The accounts the embedded issuer signs in: rows of the users table.
import { PERMISSIONS, type Permission, ROLES, type Role } from '@patrimonio/shared-api';
import type { Queryable } from '../db/database.ts';
import { verifyPassword } from './password.ts';
import type { AuthUser } from './types.ts';

export interface IdentityUser {
  id: number;
  login: string;
  name: string;
  email: string | null;
  role: Role;
  permissions: Permission[];
  active: boolean;
}

interface UserRow {
  id: number;
  login: string;
  name: string;
  email: string | null;
  role: string;
  permissions: string[] | null;
  active: boolean;
  password_hash?: string | null;
}

const COLUMNS = 'id, login, name, email, role, permissions, active';

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export function toPermissions(value: unknown): Permission[] {
  const list = Array.isArray(value) ? value : typeof value === 'string' ? value.split(/[\s,]+/) : [];
  return [...new Set(list.filter((p): p is Permission => (PERMISSIONS as readonly unknown[]).includes(p)))];
}

function toUser(row: UserRow): IdentityUser | null {
  if (!isRole(row.role)) return null;
  return {
    id: Number(row.id),
    login: row.login,
    name: row.name,
    email: row.email,
    role: row.role,
    permissions: toPermissions(row.permissions),
    active: row.active,
  };
}

/** The caller a user of ours is (no impersonation). */
export function authUserOf(user: IdentityUser): AuthUser {
  return {
    sub: String(user.id),
    userId: user.id,
    role: user.role,
    permissions: user.permissions,
    name: user.name,
    impersonator: null,
  };
}

/** An active user by id (the subject of our tokens), or null. */
export async function findActiveUser(db: Queryable, id: string | number): Promise<IdentityUser | null> {
  const n = Number(id);
  if (!Number.isSafeInteger(n) || n <= 0) return null;
  const { rows } = await db.query<UserRow>(`select ${COLUMNS} from users where id = $1 and active`, [n]);
  const user = rows[0] ? toUser(rows[0]) : null;
  return user?.active ? user : null;
}

/** A user by id, active or not, or null; with lock, its row stays locked until the transaction ends. */
export async function findUserById(db: Queryable, id: number, lock = false): Promise<IdentityUser | null> {
  const { rows } = await db.query<UserRow>(`select ${COLUMNS} from users where id = $1${lock ? ' for update' : ''}`, [
    id,
  ]);
  return rows[0] ? toUser(rows[0]) : null;
}

/** A user by login (case-insensitive), active or not, or null. */
export async function findUserByLogin(db: Queryable, login: string): Promise<IdentityUser | null> {
  const { rows } = await db.query<UserRow>(`select ${COLUMNS} from users where lower(login) = lower($1)`, [login]);
  return rows[0] ? toUser(rows[0]) : null;
}

/**
 * The active users a forgotten-password request names (issue 19): the one whose login it is (any case), or else
 * those whose email address it is (an address may serve a few accounts; at most 5).
 */
export async function activeUsersByLoginOrEmail(db: Queryable, value: string): Promise<IdentityUser[]> {
  const v = value.trim();
  if (!v) return [];
  const { rows } = await db.query<UserRow>(
    `select ${COLUMNS} from users where active and lower(login) = lower($1)
     union all
     (select ${COLUMNS} from users
       where active and lower(email) = lower($1) and not exists (select 1 from users where lower(login) = lower($1))
       order by id limit 5)`,
    [v],
  );
  return rows.map(toUser).filter((u): u is IdentityUser => u !== null);
}

/**
 * Checks a login and password. Unknown logins, wrong passwords and inactive users all give null, after the same
 * password-hashing work, so neither the answer nor its timing tells whether the user exists.
 */
export async function checkCredentials(db: Queryable, login: string, password: string): Promise<IdentityUser | null> {
  const { rows } = await db.query<UserRow>(
    `select ${COLUMNS}, password_hash from users where lower(login) = lower($1)`,
    [login.trim()],
  );
  const row = rows[0];
  const ok = await verifyPassword(password, row?.password_hash ?? null);
  if (!ok || !row?.active) return null;
  return toUser(row);
}

/** Records a successful sign-in (the admin's users list shows the last one). */
export async function recordSignIn(db: Queryable, id: number): Promise<void> {
  await db.query('update users set last_sign_in_at = now() where id = $1', [id]);
}
