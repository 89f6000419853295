// The client_invitations table: one-time registration links, stored as the SHA-256 of their token.
import { createHash } from 'node:crypto';
import { clientDisplayNameSql } from '../db/client-name.ts';
import type { Queryable } from '../db/database.ts';

/** How long an invitation stays valid. */
export const INVITE_VALID_DAYS = 7;

/** How the token of a one-time link (an invitation, a password reset) is stored: hex SHA-256. */
export const hashLinkToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** The open (not used, not revoked, not expired) invitation a token belongs to, for the registration page. */
export async function findOpenInvitation(
  db: Queryable,
  token: string,
): Promise<{ id: number; clientId: number; email: string } | null> {
  const { rows } = await db.query<{ id: number; client_id: number; email: string }>(
    `select id, client_id, email from client_invitations
      where token_hash = $1 and used_at is null and revoked_at is null and expires_at > now()`,
    [hashLinkToken(token)],
  );
  const r = rows[0];
  return r ? { id: Number(r.id), clientId: Number(r.client_id), email: r.email } : null;
}

export interface InvitationRow {
  id: number;
  client_id: number;
  email: string;
  client_name: string;
  expires_at: Date | string;
  used_at: Date | string | null;
  revoked_at: Date | string | null;
  expired: boolean;
}

/**
 * The invitation of a token whatever its state, with its client's name, or null. With lock, the invitation and
 * client rows stay locked until the transaction ends.
 */
export async function invitationByToken(db: Queryable, token: string, lock = false): Promise<InvitationRow | null> {
  const { rows } = await db.query<InvitationRow>(
    `select i.id, i.client_id, i.email, i.expires_at, i.used_at, i.revoked_at, i.expires_at <= now() as expired,
            ${clientDisplayNameSql('c')} as client_name
       from client_invitations i join clients c on c.id = i.client_id
      where i.token_hash = $1${lock ? ' for update of i, c' : ''}`,
    [hashLinkToken(token)],
  );
  return rows[0] ?? null;
}

/** The address the client's last invitation went to, or null. */
export async function lastInvitationEmail(db: Queryable, clientId: number): Promise<string | null> {
  const { rows } = await db.query<{ email: string }>(
    'select email from client_invitations where client_id = $1 order by id desc limit 1',
    [clientId],
  );
  return rows[0]?.email ?? null;
}

/** Revokes the client's open invitations (a new one replaces them). */
export async function revokeOpenInvitations(tx: Queryable, clientId: number): Promise<void> {
  await tx.query(
    `update client_invitations set revoked_at = now()
      where client_id = $1 and used_at is null and revoked_at is null`,
    [clientId],
  );
}

/** A new invitation valid INVITE_VALID_DAYS; answers its id and expiry. */
export async function insertInvitation(
  tx: Queryable,
  clientId: number,
  email: string,
  token: string,
  createdBy: number | null,
): Promise<{ id: number; expiresAt: Date }> {
  const { rows } = await tx.query<{ id: number; expires_at: Date | string }>(
    `insert into client_invitations (client_id, email, token_hash, created_by, expires_at)
     values ($1, $2, $3, $4, now() + interval '${INVITE_VALID_DAYS} days') returning id, expires_at`,
    [clientId, email, hashLinkToken(token), createdBy],
  );
  return { id: Number(rows[0]!.id), expiresAt: new Date(rows[0]!.expires_at) };
}

export async function markInvitationUsed(tx: Queryable, id: number): Promise<void> {
  await tx.query('update client_invitations set used_at = now() where id = $1', [id]);
}
