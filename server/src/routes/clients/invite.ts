// Client invitations: a one-time registration link, valid 7 days, sent by mail (Italian and English). Only the
// SHA-256 of the token is stored; a new invitation (or a resend) revokes the open ones of the same client.
// The registration page (/register-client?token=...) finds an invitation with findOpenInvitation.
import { createHash, randomBytes } from 'node:crypto';
import { routes } from '@patrimonio/shared-api';
import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import { audit } from '../../access/audit.ts';
import { clientDisplayNameSql } from '../../db/client-name.ts';
import type { Queryable } from '../../db/database.ts';
import type { AuthUser } from '../../identity/types.ts';
import { createMailer } from '../../mail/outbox.ts';
import { caller } from '../../plugins/auth.ts';
import { badRequest, HttpError, notFound } from '../../plugins/errors.ts';
import { route } from '../../plugins/route.ts';
import { CLIENT_MANAGERS, findVisibleClient } from './common.ts';

export const INVITE_VALID_DAYS = 7;

type InviteResult = Static<(typeof routes.inviteClient.response)[200]>;

/** How a token is stored: hex SHA-256. */
export const hashInviteToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** The open (not used, not revoked, not expired) invitation a token belongs to, for the registration page. */
export async function findOpenInvitation(
  db: Queryable,
  token: string,
): Promise<{ id: number; clientId: number; email: string } | null> {
  const { rows } = await db.query<{ id: number; client_id: number; email: string }>(
    `select id, client_id, email from client_invitations
      where token_hash = $1 and used_at is null and revoked_at is null and expires_at > now()`,
    [hashInviteToken(token)],
  );
  const r = rows[0];
  return r ? { id: Number(r.id), clientId: Number(r.client_id), email: r.email } : null;
}

function inviteMail(clientName: string, inviter: string, link: string, expires: Date) {
  const it = expires.toLocaleDateString('it-IT', { timeZone: 'Europe/Rome' });
  const en = expires.toLocaleDateString('en-GB', { timeZone: 'Europe/Rome' });
  const dear = clientName ? ` ${clientName}` : '';
  return {
    subject: 'Invito a Patrimonio / Invitation to Patrimonio',
    text: [
      `Gentile${dear},`,
      `${inviter} la invita a registrarsi su Patrimonio per consultare il suo patrimonio.`,
      `Completi la registrazione entro il ${it} da questo link, valido una sola volta:`,
      link,
      '',
      '---',
      '',
      `Dear${dear},`,
      `${inviter} invites you to register on Patrimonio to see your wealth.`,
      `Please complete your registration by ${en} with this link, which works once:`,
      link,
      '',
    ].join('\n'),
  };
}

export async function inviteClientRoutes(app: FastifyInstance): Promise<void> {
  const mailer = createMailer({
    db: app.db,
    log: app.log,
    smtpUrl: app.config.mail.smtpUrl,
    from: app.config.mail.from,
  });

  async function invite(user: AuthUser, clientId: number, email: string | null): Promise<InviteResult> {
    const token = randomBytes(32).toString('base64url');
    const link = `${app.config.publicUrl}/register-client?token=${token}`;
    const { mailId, to } = await app.db.transaction(async (tx) => {
      const row = await findVisibleClient(tx, user, clientId, true);
      if (!row) throw notFound();
      const { rows: registered } = await tx.query('select 1 from users where client_id = $1 limit 1', [clientId]);
      if (registered.length) {
        throw new HttpError(409, 'The client already has an account', 'client_already_registered');
      }
      let to = email;
      if (to === null) {
        // Resend: to the address of the last invitation, else the client's own.
        const { rows: last } = await tx.query<{ email: string }>(
          'select email from client_invitations where client_id = $1 order by id desc limit 1',
          [clientId],
        );
        to = last[0]?.email ?? (row.email as string | null) ?? null;
        if (!to)
          throw badRequest([{ field: 'body.email', message: 'no_email' }], 'No address to send the invitation to');
      }
      await tx.query(
        `update client_invitations set revoked_at = now()
          where client_id = $1 and used_at is null and revoked_at is null`,
        [clientId],
      );
      const { rows: inv } = await tx.query<{ id: number; expires_at: Date | string }>(
        `insert into client_invitations (client_id, email, token_hash, created_by, expires_at)
         values ($1, $2, $3, $4, now() + interval '${INVITE_VALID_DAYS} days') returning id, expires_at`,
        [clientId, to, hashInviteToken(token), user.userId],
      );
      const expires = new Date(inv[0]!.expires_at);
      if (row.email !== to) {
        await tx.query('update clients set email = $2, updated_at = now() where id = $1', [clientId, to]);
      }
      const { rows: named } = await tx.query<{ name: string }>(
        `select ${clientDisplayNameSql('c')} as name from clients c where c.id = $1`,
        [clientId],
      );
      const mail = inviteMail(named[0]?.name ?? '', user.name || 'Il suo consulente', link, expires);
      const mailId = await mailer.enqueue(tx, { kind: 'client_invitation', to, ...mail, clientId });
      await audit(
        tx,
        user,
        email === null ? 'invite_resend' : 'invite',
        'client',
        clientId,
        { email: row.email ?? null },
        { email: to, invitationId: Number(inv[0]!.id), expiresAt: expires.toISOString(), mailId },
      );
      return { mailId, to };
    });
    const status = await mailer.deliver(mailId);
    return { sent: status !== 'failed', email: to };
  }

  route(
    app,
    routes.inviteClient,
    async (request) => invite(caller(request), request.params.clientId, request.body.email.trim()),
    { roles: CLIENT_MANAGERS },
  );

  route(app, routes.resendInvite, async (request) => invite(caller(request), request.params.id, null), {
    roles: CLIENT_MANAGERS,
  });
}
