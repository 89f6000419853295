// Client registration from an invitation (/register-client?token=...): two public calls. GET tells the page whom
// the link was sent to; POST creates the client's own BASIC account (login = the invitation address in lower
// case) and uses the invitation up, all in one transaction: on any error nothing is written.
// Token guessing is slowed down with the sign-in throttle (identity/throttle.ts), keyed by the caller's address:
// every call counts as a failure until its token turns out to be a real, open invitation.
import { MIN_PASSWORD_LENGTH, passwordProblem, routes } from '@patrimonio/shared-api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { audit } from '../access/audit.ts';
import { invitationByToken, markInvitationUsed } from '../data/invitations.ts';
import { accountTaken, insertBasicUser } from '../data/users.ts';
import type { Queryable } from '../db/database.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { hashPassword } from '../identity/password.ts';
import { countAttempt, failureDelayMs, resetFailures, sleep } from '../identity/throttle.ts';
import type { AuthUser } from '../identity/types.ts';
import { badRequest, HttpError } from '../plugins/errors.ts';
import { route } from '../plugins/route.ts';

interface Invitation {
  id: number;
  clientId: number;
  email: string;
  clientName: string;
  expiresAt: Date;
}

type RegistrationErrorCode =
  | 'invalid_token'
  | 'token_used'
  | 'token_revoked'
  | 'token_expired'
  | 'client_already_registered'
  | 'login_taken';

const fail = (status: number, code: RegistrationErrorCode, message: string) => new HttpError(status, message, code);

/** The throttle counter of a caller, in the sign-in counters' table: prefixed so it reads unlike any login. */
const throttleKey = (request: FastifyRequest) => `register-client ${request.ip}`;

/** The login of the account an invitation creates. */
const loginFor = (email: string) => email.trim().toLowerCase();

/**
 * The open invitation of a token, or the error to answer: 404 when no invitation has this token, 410 when it was
 * used, replaced by a newer one (revoked) or has expired. With lock, the invitation and client rows stay locked
 * until the transaction ends.
 */
async function openInvitation(db: Queryable, token: string, lock = false): Promise<Invitation> {
  const r = await invitationByToken(db, token, lock);
  if (!r) throw fail(404, 'invalid_token', 'This registration link is not valid');
  if (r.used_at) throw fail(410, 'token_used', 'This registration link has already been used');
  if (r.revoked_at) throw fail(410, 'token_revoked', 'This registration link was replaced by a newer one');
  if (r.expired) throw fail(410, 'token_expired', 'This registration link has expired');
  return {
    id: Number(r.id),
    clientId: Number(r.client_id),
    email: r.email.trim(),
    clientName: r.client_name,
    expiresAt: new Date(r.expires_at),
  };
}

/** 409 when the client already has an account or another account has the invitation's address as login. */
async function assertFree(db: Queryable, invitation: Invitation): Promise<void> {
  const taken = await accountTaken(db, invitation.clientId, loginFor(invitation.email));
  if (taken.client) throw fail(409, 'client_already_registered', 'The client already has an account');
  if (taken.login) throw fail(409, 'login_taken', 'An account with this email address already exists');
}

export async function registrationRoutes(app: FastifyInstance): Promise<void> {
  /** Waits as the sign-in does after repeated failures from this caller; the attempt counts as one. */
  const throttle = async (request: FastifyRequest) => {
    const wait = failureDelayMs(await countAttempt(app.db, throttleKey(request)));
    if (wait > 0) await sleep(wait);
  };
  const tokenWorked = (request: FastifyRequest) => resetFailures(app.db, throttleKey(request));

  route(app, routes.registrationInfo, async (request) => {
    await throttle(request);
    const invitation = await openInvitation(app.db, request.query.token);
    await tokenWorked(request);
    await assertFree(app.db, invitation);
    return {
      email: invitation.email,
      clientName: invitation.clientName,
      expiresAt: invitation.expiresAt.toISOString(),
    };
  });

  route(app, routes.registerClient, async (request) => {
    const { token, password } = request.body;
    await throttle(request);
    // A first look without locks, so that a bad password is answered before the (slow) hashing.
    const seen = await openInvitation(app.db, token);
    await tokenWorked(request);
    // The rules of shared-api passwordProblem: length, a letter with a digit or symbol, not the email address.
    const problem = passwordProblem(password, { email: seen.email });
    if (problem) {
      throw badRequest(
        [{ field: 'body.password', message: problem }],
        problem === 'too_short'
          ? `The password needs at least ${MIN_PASSWORD_LENGTH} characters`
          : problem === 'too_simple'
            ? 'The password needs a letter and a digit or symbol'
            : 'The password may not be the email address',
      );
    }
    const passwordHash = await hashPassword(password);

    try {
      return await app.db.transaction(async (tx) => {
        // Locked: a second registration with the same link waits here, then finds it used.
        const invitation = await openInvitation(tx, token, true);
        await assertFree(tx, invitation);
        const login = loginFor(invitation.email);
        const name = invitation.clientName.trim() || invitation.email;
        const userId = await insertBasicUser(tx, {
          login,
          passwordHash,
          name,
          email: invitation.email,
          clientId: invitation.clientId,
        });
        await markInvitationUsed(tx, invitation.id);
        const actor: AuthUser = {
          sub: String(userId),
          userId,
          role: 'BASIC',
          permissions: [],
          name,
          impersonator: null,
        };
        await audit(tx, actor, 'register', 'user', userId, null, {
          login,
          role: 'BASIC',
          clientId: invitation.clientId,
          invitationId: invitation.id,
          privacyAccepted: true,
        });
        request.log.info({ userId, clientId: invitation.clientId }, 'client registered');
        return { login };
      });
    } catch (err) {
      // Two registrations racing for the same address: the unique login index decides.
      if (isUniqueViolation(err)) throw fail(409, 'login_taken', 'An account with this email address already exists');
      throw err;
    }
  });
}
