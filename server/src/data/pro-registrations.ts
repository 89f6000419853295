// The professional's own registration (issue 19): the pro_registrations row of an unconfirmed or confirmed PRO and its
// one-time confirmation links (pro_confirmation_tokens, SHA-256 of the token only). The rules: routes/pro-registration.ts.
import type { Queryable } from '../db/database.ts';
import { hashLinkToken } from './invitations.ts';

export interface ProRegistrationInput {
  login: string;
  email: string;
  name: string;
  firstName: string;
  lastName: string;
  vat: string;
  registerNumber: string;
  passwordHash: string;
}

/**
 * The account with this login (any case): its id, and whether it is a PRO registration not confirmed yet (inactive:
 * an administrator who activated it by hand has settled it).
 */
export async function accountByLogin(
  db: Queryable,
  login: string,
  lock = false,
): Promise<{ id: number; unconfirmed: boolean } | null> {
  const { rows } = await db.query<{ id: number | string; unconfirmed: boolean }>(
    `select u.id,
            (r.user_id is not null and r.confirmed_at is null and u.role = 'PRO' and not u.active) as unconfirmed
       from users u left join pro_registrations r on r.user_id = u.id
      where lower(u.login) = lower($1)${lock ? ' for update of u' : ''}`,
    [login],
  );
  return rows[0] ? { id: Number(rows[0].id), unconfirmed: Boolean(rows[0].unconfirmed) } : null;
}

/** A new, inactive PRO and its registration row; answers the user's id. */
export async function insertProRegistration(tx: Queryable, r: ProRegistrationInput): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    `insert into users (login, password_hash, name, email, role, permissions, active, subscribe)
     values ($1, $2, $3, $4, 'PRO', '{}', false, false) returning id`,
    [r.login, r.passwordHash, r.name, r.email],
  );
  const id = Number(rows[0]!.id);
  await tx.query(
    `insert into pro_registrations (user_id, first_name, last_name, vat, register_number, terms_accepted_at,
                                    privacy_accepted_at)
     values ($1, $2, $3, $4, $5, now(), now())`,
    [id, r.firstName, r.lastName, r.vat, r.registerNumber],
  );
  return id;
}

/** A new registration of an address not confirmed yet: its details and password replace the earlier ones. */
export async function replaceProRegistration(tx: Queryable, userId: number, r: ProRegistrationInput): Promise<void> {
  await tx.query('update users set password_hash = $2, name = $3, email = $4, updated_at = now() where id = $1', [
    userId,
    r.passwordHash,
    r.name,
    r.email,
  ]);
  await tx.query(
    `update pro_registrations set first_name = $2, last_name = $3, vat = $4, register_number = $5,
            terms_accepted_at = now(), privacy_accepted_at = now(), updated_at = now()
      where user_id = $1`,
    [userId, r.firstName, r.lastName, r.vat, r.registerNumber],
  );
}

/** Revokes the user's open confirmation links and records a new one, valid `hours`. */
export async function insertConfirmationToken(
  tx: Queryable,
  userId: number,
  token: string,
  hours: number,
): Promise<{ id: number; expiresAt: Date }> {
  await tx.query(
    `update pro_confirmation_tokens set revoked_at = now()
      where user_id = $1 and used_at is null and revoked_at is null`,
    [userId],
  );
  const { rows } = await tx.query<{ id: number; expires_at: Date | string }>(
    `insert into pro_confirmation_tokens (user_id, token_hash, expires_at)
     values ($1, $2, now() + make_interval(hours => $3::integer)) returning id, expires_at`,
    [userId, hashLinkToken(token), hours],
  );
  return { id: Number(rows[0]!.id), expiresAt: new Date(rows[0]!.expires_at) };
}

export interface ConfirmationRow {
  id: number;
  userId: number;
  login: string;
  name: string;
  used: boolean;
  revoked: boolean;
  expired: boolean;
  confirmed: boolean;
}

/** The confirmation link of a token whatever its state, or null; with lock, the link and user rows stay locked. */
export async function confirmationByToken(db: Queryable, token: string, lock = false): Promise<ConfirmationRow | null> {
  const { rows } = await db.query<ConfirmationRow>(
    `select t.id, t.user_id as "userId", u.login, u.name, t.used_at is not null as used,
            t.revoked_at is not null as revoked, t.expires_at <= now() as expired,
            r.confirmed_at is not null as confirmed
       from pro_confirmation_tokens t join users u on u.id = t.user_id join pro_registrations r on r.user_id = u.id
      where t.token_hash = $1${lock ? ' for update of t, u, r' : ''}`,
    [hashLinkToken(token)],
  );
  const r = rows[0];
  return r ? { ...r, id: Number(r.id), userId: Number(r.userId) } : null;
}

/**
 * Confirms a registration: the link is used, the PRO active, its trial running until today + trialDays (the
 * database's date). Answers the trial's last day (YYYY-MM-DD).
 */
export async function confirmProRegistration(
  tx: Queryable,
  linkId: number,
  userId: number,
  trialDays: number,
): Promise<string> {
  await tx.query('update pro_confirmation_tokens set used_at = now() where id = $1', [linkId]);
  await tx.query('update pro_registrations set confirmed_at = now(), updated_at = now() where user_id = $1', [userId]);
  const { rows } = await tx.query<{ trial_until: string }>(
    `update users set active = true, subscribe = false, trial_until = current_date + $2::integer, updated_at = now()
      where id = $1 returning to_char(trial_until, 'YYYY-MM-DD') as trial_until`,
    [userId, trialDays],
  );
  return rows[0]!.trial_until;
}
