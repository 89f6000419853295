// Client invitations: a one-time registration link, valid 7 days, sent by mail (Italian and English). Only the
// SHA-256 of the token is stored; a new invitation (or a resend) revokes the open ones of the same client.
// The invitations' storage and the lookup of the registration page (/register-client?token=...): data/invitations.ts.
import { randomBytes } from 'node:crypto';
import { routes } from '@patrimonio/shared-api';
import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import { audit } from '../../access/audit.ts';
import { CLIENT_MANAGERS, findVisibleClient } from '../../access/clients.ts';
import { clientHasAccount, clientName, updateClient } from '../../data/clients.ts';
import { insertInvitation, lastInvitationEmail, revokeOpenInvitations } from '../../data/invitations.ts';
import type { AuthUser } from '../../identity/types.ts';
import { appMailer } from '../../mail/outbox.ts';
import { caller } from '../../plugins/auth.ts';
import { badRequest, HttpError, notFound } from '../../plugins/errors.ts';
import { route } from '../../plugins/route.ts';

type InviteResult = Static<(typeof routes.inviteClient.response)[200]>;

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
  const mailer = appMailer(app);

  async function invite(user: AuthUser, clientId: number, email: string | null): Promise<InviteResult> {
    const token = randomBytes(32).toString('base64url');
    const link = `${app.config.publicUrl}/register-client?token=${token}`;
    const { mailId, to } = await app.db.transaction(async (tx) => {
      const row = await findVisibleClient(tx, user, clientId, true);
      if (!row) throw notFound();
      if (await clientHasAccount(tx, clientId)) {
        throw new HttpError(409, 'The client already has an account', 'client_already_registered');
      }
      let to = email;
      if (to === null) {
        // Resend: to the address of the last invitation, else the client's own.
        to = (await lastInvitationEmail(tx, clientId)) ?? (row.email as string | null) ?? null;
        if (!to)
          throw badRequest([{ field: 'body.email', message: 'no_email' }], 'No address to send the invitation to');
      }
      await revokeOpenInvitations(tx, clientId);
      const inv = await insertInvitation(tx, clientId, to, token, user.userId);
      const expires = inv.expiresAt;
      if (row.email !== to) await updateClient(tx, clientId, [['email', to]]);
      const mail = inviteMail(await clientName(tx, clientId), user.name || 'Il suo consulente', link, expires);
      const mailId = await mailer.enqueue(tx, { kind: 'client_invitation', to, ...mail, clientId });
      await audit(
        tx,
        user,
        email === null ? 'invite_resend' : 'invite',
        'client',
        clientId,
        { email: row.email ?? null },
        { email: to, invitationId: inv.id, expiresAt: expires.toISOString(), mailId },
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
