// A professional's own sign-up (issue 19, /register-pro; docs/registration-and-delegates.md). Two public calls:
// - POST /register/pro checks the form (VAT number with its check digit, password rules of shared-api, the legal
//   documents accepted), creates an inactive PRO (login = the address in lower case) with its pro_registrations row,
//   and mails a one-time confirmation link `${PUBLIC_URL}/register-pro?token=...` (only its SHA-256 is stored; it
//   works PRO_CONFIRMATION_VALID_HOURS). An address whose registration is not confirmed yet is registered again: its
//   details and password are replaced and a fresh link revokes the older ones. Any other account with the address
//   answers 409 login_taken, the same whatever its role or state.
// - POST /register/pro/confirm uses the link up, activates the PRO and starts its trial (today + PRO_TRIAL_DAYS).
// Throttles (identity/throttle.ts counters, keyed apart from any login): a source address's failed registrations
// and unknown confirmation tokens slow its next attempts down, as client registration does; and an address gets at
// most MAILS_PER_ADDRESS confirmation mails per FAILURE_WINDOW_MINUTES (429 after that).
import { randomBytes } from 'node:crypto';
import {
  checkVat,
  normalizeVat,
  PRO_CONFIRMATION_VALID_HOURS,
  PRO_TRIAL_DAYS,
  type ProRegistrationSent,
  passwordProblem,
  routes,
} from '@patrimonio/shared-api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { audit } from '../access/audit.ts';
import {
  accountByLogin,
  type ConfirmationRow,
  confirmationByToken,
  confirmProRegistration,
  insertConfirmationToken,
  insertProRegistration,
  type ProRegistrationInput,
  replaceProRegistration,
} from '../data/pro-registrations.ts';
import type { Queryable } from '../db/database.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { hashPassword } from '../identity/password.ts';
import { assertOwnPasswords } from '../identity/password-reset.ts';
import { countAttempt, FAILURE_WINDOW_MINUTES, failureDelayMs, resetFailures, sleep } from '../identity/throttle.ts';
import type { AuthUser } from '../identity/types.ts';
import { appMailer } from '../mail/outbox.ts';
import { badRequest, type FieldError, HttpError } from '../plugins/errors.ts';
import { route } from '../plugins/route.ts';

/** Confirmation mails one address may receive per FAILURE_WINDOW_MINUTES. */
export const MAILS_PER_ADDRESS = 3;

const PASSWORD_MESSAGES: Record<string, string> = {
  too_short: 'The password is too short',
  too_long: 'The password is too long',
  too_simple: 'The password needs a letter and a digit or symbol',
  same_as_email: 'The password may not be the email address',
  same_as_login: 'The password may not be the email address',
};

const taken = () => new HttpError(409, 'An account with this email address already exists', 'login_taken');

/** The link a mail carries: the portal's registration page with the token. */
const confirmationLink = (publicUrl: string, token: string) =>
  `${publicUrl}/register-pro?token=${encodeURIComponent(token)}`;

function confirmationMail(name: string, link: string, expires: Date) {
  const at = (locale: string) =>
    expires.toLocaleString(locale, { timeZone: 'Europe/Rome', dateStyle: 'short', timeStyle: 'short' });
  return {
    subject: 'Conferma la registrazione a Patrimonio / Confirm your Patrimonio registration',
    text: [
      `Gentile ${name},`,
      'grazie per la registrazione a Patrimonio. Per attivare il suo account e iniziare il periodo di prova di ' +
        `${PRO_TRIAL_DAYS} giorni, apra entro il ${at('it-IT')} questo link, valido una sola volta:`,
      link,
      'Se non si è registrato lei, ignori questo messaggio: senza conferma l’account non viene attivato.',
      '',
      '---',
      '',
      `Dear ${name},`,
      `thank you for registering with Patrimonio. To activate your account and start your ${PRO_TRIAL_DAYS}-day ` +
        `trial, open this link by ${at('en-GB')}; it works once:`,
      link,
      'If you did not register, ignore this message: without confirmation the account is not activated.',
      '',
    ].join('\n'),
  };
}

/** Why a confirmation link does not work (404 or 410), or null when it is open. */
function linkError(row: ConfirmationRow | null): HttpError | null {
  if (!row) return new HttpError(404, 'This confirmation link is not valid', 'invalid_token');
  if (row.used || row.confirmed)
    return new HttpError(410, 'This confirmation link has already been used', 'token_used');
  if (row.revoked) return new HttpError(410, 'This confirmation link was replaced by a newer one', 'token_revoked');
  if (row.expired) return new HttpError(410, 'This confirmation link has expired', 'token_expired');
  return null;
}

/** The registered user acting for itself (the audit's actor). */
const selfActor = (userId: number, name: string): AuthUser => ({
  sub: String(userId),
  userId,
  role: 'PRO',
  permissions: [],
  name,
  impersonator: null,
});

export async function proRegistrationRoutes(app: FastifyInstance): Promise<void> {
  const mailer = appMailer(app);
  const sourceKey = (request: FastifyRequest, what: string) => `${what} ${request.ip}`;
  /** Waits as the sign-in does after repeated failures from this caller; the attempt counts as one. */
  const throttle = async (key: string) => {
    const wait = failureDelayMs(await countAttempt(app.db, key));
    if (wait > 0) await sleep(wait);
  };

  route(app, routes.registerPro, async (request): Promise<ProRegistrationSent> => {
    assertOwnPasswords(app.config);
    const body = request.body;
    const source = sourceKey(request, 'register-pro');
    await throttle(source);
    const email = body.email.trim();
    const login = email.toLowerCase();
    const vat = normalizeVat(body.vat);
    const fields: FieldError[] = [];
    const vatProblem = checkVat(vat);
    if (vatProblem) fields.push({ field: 'body.vat', message: vatProblem });
    const weak = passwordProblem(body.password, { email, login });
    if (weak) fields.push({ field: 'body.password', message: weak });
    if (fields.length > 0) {
      throw badRequest(
        fields,
        vatProblem ? 'The VAT number is not valid' : (PASSWORD_MESSAGES[weak ?? ''] ?? 'Invalid input'),
      );
    }
    // A first look without locks, so that a taken address is answered before the (slow) hashing.
    const seen = await accountByLogin(app.db, login);
    if (seen && !seen.unconfirmed) throw taken();
    const mailKey = `register-pro-mail ${login}`;
    if ((await countAttempt(app.db, mailKey)) >= MAILS_PER_ADDRESS) {
      throw new HttpError(
        429,
        `Too many confirmation mails for this address: try again in ${FAILURE_WINDOW_MINUTES} minutes`,
        'too_many_requests',
        undefined,
        undefined,
        { 'retry-after': String(FAILURE_WINDOW_MINUTES * 60) },
      );
    }
    const input: ProRegistrationInput = {
      login,
      email,
      name: `${body.firstName.trim()} ${body.lastName.trim()}`,
      firstName: body.firstName.trim(),
      lastName: body.lastName.trim(),
      vat,
      registerNumber: body.registerNumber.toUpperCase(),
      passwordHash: await hashPassword(body.password),
    };
    const issued = await app.db
      .transaction(async (tx: Queryable) => {
        const existing = await accountByLogin(tx, login, true);
        if (existing && !existing.unconfirmed) throw taken();
        const userId = existing ? existing.id : await insertProRegistration(tx, input);
        if (existing) await replaceProRegistration(tx, userId, input);
        const token = randomBytes(32).toString('base64url');
        const link = await insertConfirmationToken(tx, userId, token, PRO_CONFIRMATION_VALID_HOURS);
        const mail = confirmationMail(input.name, confirmationLink(app.config.publicUrl, token), link.expiresAt);
        const mailId = await mailer.enqueue(tx, { kind: 'pro_registration', to: email, ...mail });
        const { passwordHash: _, ...declared } = input;
        await audit(tx, selfActor(userId, input.name), existing ? 'register_again' : 'register', 'user', userId, null, {
          ...declared,
          role: 'PRO',
          termsAccepted: true,
          privacyAccepted: true,
          linkId: link.id,
          expiresAt: link.expiresAt.toISOString(),
          mailId,
        });
        return { mailId, expiresAt: link.expiresAt, userId };
      })
      .catch((err: unknown) => {
        // Two registrations racing for the same address: the unique login index decides.
        if (isUniqueViolation(err)) throw taken();
        throw err;
      });
    await resetFailures(app.db, source);
    await mailer.deliver(issued.mailId);
    request.log.info({ userId: issued.userId }, 'professional registered, confirmation mailed');
    return { email, expiresAt: issued.expiresAt.toISOString() };
  });

  route(app, routes.confirmProRegistration, async (request) => {
    const source = sourceKey(request, 'register-pro-confirm');
    await throttle(source);
    const { token } = request.body;
    const confirmed = await app.db.transaction(async (tx) => {
      // Locked: a second confirmation with the same link waits here, then finds it used.
      const row = await confirmationByToken(tx, token, true);
      const problem = linkError(row);
      if (problem || !row) throw problem;
      const trialUntil = await confirmProRegistration(tx, row.id, row.userId, PRO_TRIAL_DAYS);
      await audit(tx, selfActor(row.userId, row.name), 'confirm_registration', 'user', row.userId, null, {
        linkId: row.id,
        active: true,
        trialUntil,
      });
      return { login: row.login, trialUntil, userId: row.userId };
    });
    await resetFailures(app.db, source);
    await resetFailures(app.db, `register-pro-mail ${confirmed.login}`);
    request.log.info({ userId: confirmed.userId }, 'professional registration confirmed');
    return { login: confirmed.login, trialUntil: confirmed.trialUntil };
  });
}
