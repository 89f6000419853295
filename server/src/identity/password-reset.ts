// One-time links to choose a password (issue 17), on the embedded issuer's own page (password-reset-page.ts,
// `${PUBLIC_URL}/oidc/password/reset?token=...`): a new user's first password, or a reset an ADMIN sends. A link works
// once, for PASSWORD_RESET_VALID_HOURS; a newer link of the same user, or a password chosen, revokes its other open
// links. Only the SHA-256 of the token is stored (data/password-resets.ts). The mail goes through the outbox
// (mail/outbox.ts): logged without SMTP_URL, sent with it.
//
// The request side is requestPasswordReset (the admin's call; issue 19's "forgot password" calls it too), or
// issuePasswordReset inside a caller's transaction (a new user and its link are written together: createWithWelcome).
import { randomBytes } from 'node:crypto';
import {
  PASSWORD_RESET_VALID_HOURS,
  type PasswordProblem,
  type PasswordResetSent,
  passwordProblem,
} from '@patrimonio/shared-api';
import { audit } from '../access/audit.ts';
import type { ServerConfig } from '../config.ts';
import {
  insertResetToken,
  markResetTokenUsed,
  type ResetTokenRow,
  resetTokenByToken,
  revokeOpenResetTokens,
} from '../data/password-resets.ts';
import { setPasswordHash } from '../data/users.ts';
import type { Database, Queryable } from '../db/database.ts';
import { isUniqueViolation } from '../db/errors.ts';
import type { Mailer } from '../mail/outbox.ts';
import { HttpError, notFound } from '../plugins/errors.ts';
import { hashPassword } from './password.ts';
import { embeddedIssuer } from './provider.ts';
import { countAttempt, resetFailures } from './throttle.ts';
import type { AuthUser } from './types.ts';
import { activeUsersByLoginOrEmail, authUserOf, findActiveUser, findUserById } from './users.ts';

/** The page's path under the issuer (/oidc). */
export const PASSWORD_RESET_PATH = '/password/reset';
/** The forgotten-password page's path under the issuer (issue 19). */
export const FORGOT_PASSWORD_PATH = '/password/forgot';
/** Reset mails one account may receive from the forgotten-password page per FAILURE_WINDOW_MINUTES. */
export const FORGOT_MAILS_PER_ACCOUNT = 3;

/** What sending a link needs. */
export interface ResetContext {
  db: Database;
  config: ServerConfig;
  mailer: Mailer;
}

/** The link a mail carries. */
export function passwordResetLink(config: ServerConfig, token: string): string {
  return `${embeddedIssuer(config)}${PASSWORD_RESET_PATH}?token=${encodeURIComponent(token)}`;
}

/** Why a link no longer works. */
export type LinkProblem = 'invalid' | 'used' | 'revoked' | 'expired' | 'inactive';

/** What a mail says: a new user's welcome, or a reset. */
export type ResetPurpose = 'welcome' | 'reset';

interface MailUser {
  id: number;
  login: string;
  name: string;
  email: string;
}

function resetMail(purpose: ResetPurpose, user: MailUser, link: string, expires: Date) {
  const at = (locale: string) =>
    expires.toLocaleString(locale, { timeZone: 'Europe/Rome', dateStyle: 'short', timeStyle: 'short' });
  const welcome = purpose === 'welcome';
  return {
    subject: welcome
      ? 'Benvenuto su Patrimonio / Welcome to Patrimonio'
      : 'Reimpostazione della password di Patrimonio / Patrimonio password reset',
    text: [
      `Gentile ${user.name},`,
      welcome
        ? `è stato creato per lei un account su Patrimonio con il nome utente «${user.login}».`
        : `è stata richiesta la reimpostazione della password del suo account Patrimonio «${user.login}».`,
      `Scelga la password entro il ${at('it-IT')} da questo link, valido una sola volta:`,
      link,
      welcome
        ? ''
        : 'Se non ha chiesto lei la reimpostazione, ignori questo messaggio: la password resta quella di prima.',
      '',
      '---',
      '',
      `Dear ${user.name},`,
      welcome
        ? `an account on Patrimonio has been created for you, with the username "${user.login}".`
        : `a reset of the password of your Patrimonio account "${user.login}" was requested.`,
      `Please choose your password by ${at('en-GB')} with this link, which works once:`,
      link,
      welcome ? '' : 'If you did not ask for it, ignore this message: your password stays as it was.',
      '',
    ].join('\n'),
  };
}

/**
 * Inside the caller's transaction: revokes the user's open links, records a new one, queues its mail and audits it
 * (actor: who asked; null for the user itself). Deliver the answered mailId after the commit (mailer.deliver).
 */
export async function issuePasswordReset(
  tx: Queryable,
  ctx: { config: ServerConfig; mailer: Mailer },
  user: MailUser,
  actor: AuthUser | null,
  purpose: ResetPurpose,
): Promise<{ mailId: number; email: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  await revokeOpenResetTokens(tx, user.id);
  const link = await insertResetToken(tx, user.id, token, actor?.userId ?? null, PASSWORD_RESET_VALID_HOURS);
  const mail = resetMail(purpose, user, passwordResetLink(ctx.config, token), link.expiresAt);
  const mailId = await ctx.mailer.enqueue(tx, { kind: `password_${purpose}`, to: user.email, ...mail });
  await audit(tx, actor, 'password_link', 'user', user.id, null, {
    purpose,
    email: user.email,
    linkId: link.id,
    expiresAt: link.expiresAt.toISOString(),
    mailId,
  });
  return { mailId, email: user.email, expiresAt: link.expiresAt };
}

/** Delivers an issued link's mail (after the commit) and answers what the caller is told of it. */
async function deliverLink(
  mailer: Mailer,
  issued: { mailId: number; email: string; expiresAt: Date },
): Promise<PasswordResetSent> {
  const status = await mailer.deliver(issued.mailId);
  return { sent: status !== 'failed', email: issued.email, expiresAt: issued.expiresAt.toISOString() };
}

/**
 * Creates a user with its welcome link: in one transaction, `create` inserts and audits the user (answering what the
 * route returns and the user the mail goes to) and the link is issued (none with an outside issuer: the user signs in
 * there); a login already taken answers 409 login_taken with `takenMessage`. The mail leaves after the commit.
 */
export async function createWithWelcome<T>(
  ctx: ResetContext,
  actor: AuthUser,
  create: (tx: Queryable) => Promise<{ created: T; user: MailUser }>,
  takenMessage: string,
): Promise<{ created: T; welcome: PasswordResetSent | null }> {
  const done = await ctx.db
    .transaction(async (tx) => {
      const { created, user } = await create(tx);
      const issued = ctx.config.oidc.issuer ? null : await issuePasswordReset(tx, ctx, user, actor, 'welcome');
      return { created, issued };
    })
    .catch((err: unknown) => {
      if (isUniqueViolation(err, 'users_login_key')) throw new HttpError(409, takenMessage, 'login_taken');
      throw err;
    });
  return { created: done.created, welcome: done.issued && (await deliverLink(ctx.mailer, done.issued)) };
}

/**
 * Issues a link in its own transaction, `load` (given it) reading the user and refusing what it must, then delivers
 * it after the commit.
 */
export async function sendPasswordLink(
  ctx: ResetContext,
  load: (tx: Queryable) => Promise<MailUser>,
  actor: AuthUser | null,
  purpose: ResetPurpose,
): Promise<PasswordResetSent> {
  const issued = await ctx.db.transaction(async (tx) => issuePasswordReset(tx, ctx, await load(tx), actor, purpose));
  return deliverLink(ctx.mailer, issued);
}

/** 409 external_issuer when users sign in at an outside issuer (OIDC_ISSUER): their passwords are not ours. */
export function assertOwnPasswords(config: ServerConfig): void {
  if (config.oidc.issuer)
    throw new HttpError(409, 'Users sign in at an outside issuer: their passwords are set there', 'external_issuer');
}

/**
 * Sends a user a password-reset link: 404 without such a user, 409 user_inactive (deactivated), no_email (no address
 * to send it to), external_issuer. `actor` is who asked (an ADMIN), or null for the user itself (forgot password).
 */
export async function requestPasswordReset(
  ctx: ResetContext,
  userId: number,
  actor: AuthUser | null,
): Promise<PasswordResetSent> {
  assertOwnPasswords(ctx.config);
  return sendPasswordLink(
    ctx,
    async (tx) => {
      const user = await findUserById(tx, userId, true);
      if (!user) throw notFound();
      if (!user.active) throw new HttpError(409, 'The user is deactivated', 'user_inactive');
      const email = user.email?.trim();
      if (!email) throw new HttpError(409, 'The user has no email address to send the link to', 'no_email');
      return { ...user, email };
    },
    actor,
    'reset',
  );
}

/**
 * The forgotten-password page's request (issue 19): every active user whose login is `loginOrEmail`, or else whose
 * email address it is, gets a reset link (requested_by null), unless that account already had
 * FORGOT_MAILS_PER_ACCOUNT of them within the throttle window. Answers how many mails were queued, for the log only:
 * the page's answer is the same whatever happens, so that it never tells whether an account exists.
 */
export async function requestForgottenPassword(ctx: ResetContext, loginOrEmail: string): Promise<number> {
  if (ctx.config.oidc.issuer) return 0;
  const users = await activeUsersByLoginOrEmail(ctx.db, loginOrEmail);
  let queued = 0;
  for (const user of users) {
    const email = user.email?.trim();
    if (!email) continue;
    if ((await countAttempt(ctx.db, `forgot-password ${user.id}`)) >= FORGOT_MAILS_PER_ACCOUNT) continue;
    const issued = await ctx.db.transaction((tx) => issuePasswordReset(tx, ctx, { ...user, email }, null, 'reset'));
    await ctx.mailer.deliver(issued.mailId);
    queued++;
  }
  return queued;
}

/** Why a link's row does not work, or null when it is open. */
function linkProblem(row: ResetTokenRow | null): LinkProblem | null {
  if (!row) return 'invalid';
  if (row.used) return 'used';
  if (row.revoked) return 'revoked';
  if (row.expired) return 'expired';
  if (!row.active) return 'inactive';
  return null;
}

/** The open link of a token, for the page: its user's login, or why it does not work. */
export async function openResetLink(
  db: Queryable,
  token: string,
): Promise<{ ok: true; login: string; email: string | null } | { ok: false; problem: LinkProblem }> {
  const row = token ? await resetTokenByToken(db, token) : null;
  const problem = linkProblem(row);
  return problem || !row
    ? { ok: false, problem: problem ?? 'invalid' }
    : { ok: true, login: row.login, email: row.email };
}

/**
 * Sets the password of a link's user and uses the link up, in one transaction (a second use of the same link waits
 * for the first, then finds it used); the user's other open links are revoked and its sign-in failures forgotten.
 * The password must follow shared-api passwordProblem and match its confirmation.
 */
export async function choosePassword(
  db: Database,
  token: string,
  password: string,
  confirmation: string,
): Promise<
  | { ok: true; login: string }
  | { ok: false; problem: LinkProblem }
  | { ok: false; problem: PasswordProblem | 'mismatch'; login: string }
> {
  // A first look without locks, so that a refused password is answered before the (slow) hashing.
  const seen = await openResetLink(db, token);
  if (!seen.ok) return seen;
  const weak = passwordProblem(password, seen);
  if (weak) return { ok: false, problem: weak, login: seen.login };
  if (password !== confirmation) return { ok: false, problem: 'mismatch', login: seen.login };
  const passwordHash = await hashPassword(password);
  const done = await db.transaction(async (tx) => {
    const row = await resetTokenByToken(tx, token, true);
    const problem = linkProblem(row);
    if (problem || !row) return { ok: false as const, problem: problem ?? 'invalid' };
    await setPasswordHash(tx, row.userId, passwordHash);
    await markResetTokenUsed(tx, row.id);
    await revokeOpenResetTokens(tx, row.userId, row.id);
    // The user acts for itself.
    const user = await findActiveUser(tx, row.userId);
    await audit(tx, user && authUserOf(user), 'password_set', 'user', row.userId, null, { linkId: row.id });
    return { ok: true as const, login: row.login };
  });
  if (done.ok) await resetFailures(db, done.login);
  return done;
}
