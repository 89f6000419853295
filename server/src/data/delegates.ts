// A PRO's delegates (issue 19): DELEGATE users with pro_id = the PRO, as /delegates lists and edits them. A removed
// delegate (removed_at) is deactivated and detached (no PRO), its login renamed so the address can be invited again.
import type { Delegate, DelegateState, Permission } from '@patrimonio/shared-api';
import type { Queryable } from '../db/database.ts';

const utc = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

const COLUMNS = `u.id, u.name, coalesce(u.email, u.login) as email, u.permissions, u.active,
  u.password_hash is not null as password_set, ${utc('u.last_sign_in_at')} as last_sign_in_at,
  ${utc('u.created_at')} as created_at`;

interface Row {
  id: number | string;
  name: string;
  email: string;
  permissions: Permission[] | null;
  active: boolean;
  password_set: boolean;
  last_sign_in_at: string | null;
  created_at: string;
}

function toDelegate(r: Row): Delegate {
  const state: DelegateState = !r.active ? 'suspended' : r.password_set ? 'active' : 'invited';
  return {
    id: Number(r.id),
    name: r.name,
    email: r.email,
    permissions: r.permissions ?? [],
    state,
    lastSignInAt: r.last_sign_in_at,
    createdAt: r.created_at,
  };
}

/** The PRO's delegates, by name. */
export async function listDelegates(db: Queryable, proId: number): Promise<Delegate[]> {
  const { rows } = await db.query<Row>(
    `select ${COLUMNS} from users u
      where u.pro_id = $1 and u.role = 'DELEGATE' and u.removed_at is null
      order by lower(u.name), u.id`,
    [proId],
  );
  return rows.map(toDelegate);
}

/** One of the PRO's delegates, or null (another PRO's, removed, or no such user); with lock, its row is locked. */
export async function findDelegate(db: Queryable, proId: number, id: number, lock = false): Promise<Delegate | null> {
  const { rows } = await db.query<Row>(
    `select ${COLUMNS} from users u
      where u.id = $2 and u.pro_id = $1 and u.role = 'DELEGATE' and u.removed_at is null${lock ? ' for update' : ''}`,
    [proId, id],
  );
  return rows[0] ? toDelegate(rows[0]) : null;
}

/** A new DELEGATE of the PRO without a password; answers its id (a taken login violates users_login_key). */
export async function insertDelegate(
  tx: Queryable,
  proId: number,
  d: { login: string; name: string; email: string; permissions: Permission[] },
): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    `insert into users (login, password_hash, name, email, role, permissions, pro_id)
     values ($1, null, $2, $3, 'DELEGATE', $4, $5) returning id`,
    [d.login, d.name, d.email, d.permissions, proId],
  );
  return Number(rows[0]!.id);
}

export async function updateDelegate(
  tx: Queryable,
  id: number,
  d: { permissions: Permission[]; active: boolean },
): Promise<void> {
  await tx.query('update users set permissions = $2, active = $3, updated_at = now() where id = $1', [
    id,
    d.permissions,
    d.active,
  ]);
}

/**
 * Removes a delegate: deactivated, detached from its PRO, without password or permissions, its open password links
 * revoked, and its login renamed (`<login>.removed-<id>`, cut to the login's 100 characters) to free the address.
 */
export async function removeDelegate(tx: Queryable, id: number): Promise<void> {
  await tx.query(
    `update users set active = false, pro_id = null, removed_at = now(), permissions = '{}', password_hash = null,
            login = left(login, 100 - length('.removed-' || id::text)) || '.removed-' || id::text, updated_at = now()
      where id = $1`,
    [id],
  );
  await tx.query(
    `update password_reset_tokens set revoked_at = now() where user_id = $1 and used_at is null and revoked_at is null`,
    [id],
  );
}

/** A user's login (the welcome mail names it). */
export async function userLogin(db: Queryable, id: number): Promise<string | null> {
  const { rows } = await db.query<{ login: string }>('select login from users where id = $1', [id]);
  return rows[0]?.login ?? null;
}
