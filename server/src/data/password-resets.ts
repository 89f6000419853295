// The password_reset_tokens table: one-time links to choose a password (issue 17), stored as the SHA-256 of their
// token (data/invitations.ts hashLinkToken). The rules around them: identity/password-reset.ts.
import type { Queryable } from '../db/database.ts';
import { hashLinkToken } from './invitations.ts';

/** A new link of the user, valid `hours`; answers its id and expiry. */
export async function insertResetToken(
  tx: Queryable,
  userId: number,
  token: string,
  requestedBy: number | null,
  hours: number,
): Promise<{ id: number; expiresAt: Date }> {
  const { rows } = await tx.query<{ id: number; expires_at: Date | string }>(
    `insert into password_reset_tokens (user_id, token_hash, requested_by, expires_at)
     values ($1, $2, $3, now() + make_interval(hours => $4::integer)) returning id, expires_at`,
    [userId, hashLinkToken(token), requestedBy, hours],
  );
  return { id: Number(rows[0]!.id), expiresAt: new Date(rows[0]!.expires_at) };
}

/** Revokes the user's open links (a newer one, or a password chosen, replaces them); `except` stays open. */
export async function revokeOpenResetTokens(tx: Queryable, userId: number, except: number | null = null) {
  await tx.query(
    `update password_reset_tokens set revoked_at = now()
      where user_id = $1 and used_at is null and revoked_at is null and id <> $2`,
    [userId, except ?? 0],
  );
}

export interface ResetTokenRow {
  id: number;
  userId: number;
  login: string;
  name: string;
  email: string | null;
  active: boolean;
  used: boolean;
  revoked: boolean;
  expired: boolean;
}

/**
 * The link of a token whatever its state, with its user, or null. With lock, the link and user rows stay locked
 * until the transaction ends (a second use of the same link waits, then finds it used).
 */
export async function resetTokenByToken(db: Queryable, token: string, lock = false): Promise<ResetTokenRow | null> {
  const { rows } = await db.query<ResetTokenRow>(
    `select t.id, t.user_id as "userId", u.login, u.name, u.email, u.active, t.used_at is not null as used,
            t.revoked_at is not null as revoked, t.expires_at <= now() as expired
       from password_reset_tokens t join users u on u.id = t.user_id
      where t.token_hash = $1${lock ? ' for update of t, u' : ''}`,
    [hashLinkToken(token)],
  );
  const r = rows[0];
  return r ? { ...r, id: Number(r.id), userId: Number(r.userId) } : null;
}

export async function markResetTokenUsed(tx: Queryable, id: number): Promise<void> {
  await tx.query('update password_reset_tokens set used_at = now() where id = $1', [id]);
}
