// The users table as the signed-in user's own calls read and write it: its links (PRO, client) and its tour steps.
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
