// The users table as the calls read and write it: the signed-in user's links and tour steps, a DELEGATE's PRO, and
// the BASIC account a client registers.
import type { Queryable } from '../db/database.ts';

/** The user's PRO (a DELEGATE's) and client (a BASIC user's); both null when the user is not found. */
export async function userLinks(
  db: Queryable,
  userId: number | null,
): Promise<{ proId: number | null; clientId: number | null }> {
  const { rows } = await db.query<{ pro_id: number | null; client_id: number | null }>(
    'select pro_id, client_id from users where id = $1',
    [userId],
  );
  return { proId: rows[0]?.pro_id ?? null, clientId: rows[0]?.client_id ?? null };
}

/** The tour steps the user has seen, comma separated, or null; `lock` holds the row for the transaction. */
export async function tourSteps(db: Queryable, userId: number | null, lock = false): Promise<string | null> {
  const { rows } = await db.query<{ tour_steps: string | null }>(
    `select tour_steps from users where id = $1${lock ? ' for update' : ''}`,
    [userId],
  );
  return rows[0]?.tour_steps ?? null;
}

export async function saveTourSteps(tx: Queryable, userId: number | null, steps: string): Promise<void> {
  await tx.query('update users set tour_steps = $2, updated_at = now() where id = $1', [userId, steps]);
}

/** A DELEGATE's PRO, or null (not a DELEGATE, or not linked). */
export async function delegatePro(db: Queryable, userId: number): Promise<number | null> {
  const { rows } = await db.query<{ pro_id: number | null }>(
    `select pro_id from users where id = $1 and role = 'DELEGATE'`,
    [userId],
  );
  return rows[0]?.pro_id ? Number(rows[0].pro_id) : null;
}

/** Whether the client already has an account, and whether an account has this login (any case). */
export async function accountTaken(
  db: Queryable,
  clientId: number,
  login: string,
): Promise<{ client: boolean; login: boolean }> {
  const { rows } = await db.query<{ client_taken: boolean; login_taken: boolean }>(
    `select exists (select 1 from users where client_id = $1) as client_taken,
            exists (select 1 from users where lower(login) = $2) as login_taken`,
    [clientId, login],
  );
  return { client: Boolean(rows[0]?.client_taken), login: Boolean(rows[0]?.login_taken) };
}

/** A client's own BASIC account (no permissions, no PRO); answers its id. */
export async function insertBasicUser(
  tx: Queryable,
  u: { login: string; passwordHash: string; name: string; email: string; clientId: number },
): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    `insert into users (login, password_hash, name, email, role, permissions, pro_id, client_id)
     values ($1, $2, $3, $4, 'BASIC', '{}', null, $5) returning id`,
    [u.login, u.passwordHash, u.name, u.email, u.clientId],
  );
  return Number(rows[0]!.id);
}

/** Sets a user's password (a hash of identity/password.ts). */
export async function setPasswordHash(tx: Queryable, userId: number, passwordHash: string): Promise<void> {
  await tx.query('update users set password_hash = $2, updated_at = now() where id = $1', [userId, passwordHash]);
}
