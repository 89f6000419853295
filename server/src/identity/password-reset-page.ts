// The embedded issuer's password-reset page (issue 17), next to its sign-in page and with its look, in Italian and
// English: GET `${PUBLIC_URL}/oidc/password/reset?token=...` shows the form (the login read-only, the new password
// twice, the rules), POST sets the password and uses the link up (password-reset.ts), then links to the portal's
// /login. No script on the page. Each call counts against its source address (throttle.ts, 'passwordReset').
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import { createMailer } from '../mail/outbox.ts';
import { acceptForms, sendPage } from './interactions.ts';
import {
  forgotPasswordPage,
  forgotPasswordSentPage,
  LANGS,
  type Lang,
  newNonce,
  passwordLinkProblemPage,
  passwordResetDonePage,
  passwordResetPage,
  pickLang,
  type TextKey,
} from './pages.ts';
import {
  choosePassword,
  FORGOT_PASSWORD_PATH,
  openResetLink,
  PASSWORD_RESET_PATH,
  requestForgottenPassword,
} from './password-reset.ts';
import { sourceLimiter } from './throttle.ts';

interface RouteTypes {
  Querystring: { token?: string; lang?: string };
  Body: Record<string, string | undefined> | undefined;
}

/** Longest token read (ours are 43 characters); anything longer is no link of ours. */
const TOKEN_MAX = 200;
/** Longest login or email address read on the forgotten-password page. */
const LOGIN_MAX = 254;

export async function registerPasswordResetPage(
  app: FastifyInstance,
  { db, config, mountPath }: { db: Database; config: ServerConfig; mountPath: string },
): Promise<void> {
  const portalLogin = `${config.publicUrl}/login`;
  const path = `${mountPath}${PASSWORD_RESET_PATH}`;
  const limit = sourceLimiter(app, 'passwordReset');

  const langOf = (request: FastifyRequest<RouteTypes>): Lang =>
    pickLang(request.body?.lang, request.query.lang) ?? pickLang(request.headers['accept-language']) ?? 'it';
  const tokenOf = (value: string | undefined) => (value ?? '').trim().slice(0, TOKEN_MAX + 1);
  const switchUrls = (token: string) =>
    Object.fromEntries(
      LANGS.map((l) => [l, `${path}?${new URLSearchParams({ token, lang: l }).toString()}`]),
    ) as Record<Lang, string>;

  const problemPage = (reply: FastifyReply, lang: Lang, message: TextKey, status: number, token?: string) => {
    const nonce = newNonce();
    const html = passwordLinkProblemPage({
      lang,
      nonce,
      portalUrl: portalLogin,
      message,
      ...(token ? { switchUrls: switchUrls(token) } : {}),
    });
    return sendPage(reply, nonce, html, status);
  };

  const form = (reply: FastifyReply, lang: Lang, token: string, login: string, error?: TextKey) => {
    const nonce = newNonce();
    const html = passwordResetPage({
      lang,
      nonce,
      action: path,
      switchUrls: switchUrls(token),
      token,
      login,
      ...(error ? { error } : {}),
    });
    return sendPage(reply, nonce, html, error ? 400 : 200);
  };

  /** 429 with Retry-After when the source address is over its limit, else null. */
  const throttled = async (request: FastifyRequest<RouteTypes>, reply: FastifyReply, lang: Lang) => {
    const limited = await limit(request);
    if (!limited.exceeded) return null;
    reply.header('retry-after', String(limited.retryAfterSeconds));
    return problemPage(reply, lang, 'tooManyRequests', 429);
  };

  await app.register(async (scope) => {
    acceptForms(scope, new URL(config.publicUrl));
    await registerForgotPassword(scope, { db, config, mountPath, langOf });

    scope.get<RouteTypes>(path, { schema: { hide: true } }, async (request, reply) => {
      const lang = langOf(request);
      const refused = await throttled(request, reply, lang);
      if (refused) return refused;
      const token = tokenOf(request.query.token);
      const link =
        token.length <= TOKEN_MAX ? await openResetLink(db, token) : ({ ok: false, problem: 'invalid' } as const);
      if (!link.ok) return problemPage(reply, lang, link.problem, link.problem === 'invalid' ? 404 : 410);
      return form(reply, lang, token, link.login);
    });

    scope.post<RouteTypes>(path, { schema: { hide: true } }, async (request, reply) => {
      const lang = langOf(request);
      const refused = await throttled(request, reply, lang);
      if (refused) return refused;
      const token = tokenOf(request.body?.token);
      const password = request.body?.password ?? '';
      const confirmation = request.body?.confirm ?? '';
      if (token.length > TOKEN_MAX) return problemPage(reply, lang, 'invalid', 404);
      if (!password || !confirmation) {
        const link = await openResetLink(db, token);
        if (!link.ok) return problemPage(reply, lang, link.problem, link.problem === 'invalid' ? 404 : 410);
        return form(reply, lang, token, link.login, 'missingPasswords');
      }
      const result = await choosePassword(db, token, password, confirmation);
      if (result.ok) {
        request.log.info({ login: result.login }, 'identity: password chosen from a reset link');
        const nonce = newNonce();
        return sendPage(reply, nonce, passwordResetDonePage({ lang, nonce, portalUrl: portalLogin }));
      }
      if ('login' in result) return form(reply, lang, token, result.login, result.problem);
      return problemPage(reply, lang, result.problem, result.problem === 'invalid' ? 404 : 410);
    });
  });
}

/**
 * The forgotten-password page (issue 19), linked from the sign-in page: GET shows the form (login or email), POST
 * sends the account a reset link (password-reset.ts requestForgottenPassword) and always answers the same page, so
 * that it never tells whether an account exists. Throttled per source address ('forgotPassword') and per account
 * (FORGOT_MAILS_PER_ACCOUNT).
 */
async function registerForgotPassword(
  scope: FastifyInstance,
  {
    db,
    config,
    mountPath,
    langOf,
  }: {
    db: Database;
    config: ServerConfig;
    mountPath: string;
    langOf: (request: FastifyRequest<RouteTypes>) => Lang;
  },
): Promise<void> {
  const portalLogin = `${config.publicUrl}/login`;
  const path = `${mountPath}${FORGOT_PASSWORD_PATH}`;
  const limit = sourceLimiter(scope, 'forgotPassword');
  const mailer = createMailer({ db, log: scope.log, smtpUrl: config.mail.smtpUrl, from: config.mail.from });
  const switchUrls = Object.fromEntries(LANGS.map((l) => [l, `${path}?lang=${l}`])) as Record<Lang, string>;

  const form = (reply: FastifyReply, lang: Lang, status: number, opts: { login?: string; error?: TextKey } = {}) => {
    const nonce = newNonce();
    const html = forgotPasswordPage({ lang, nonce, action: path, switchUrls, portalUrl: portalLogin, ...opts });
    return sendPage(reply, nonce, html, status);
  };

  scope.get<RouteTypes>(path, { schema: { hide: true } }, async (request, reply) => form(reply, langOf(request), 200));

  scope.post<RouteTypes>(path, { schema: { hide: true } }, async (request, reply) => {
    const lang = langOf(request);
    const login = (request.body?.login ?? '').trim().slice(0, LOGIN_MAX);
    const limited = await limit(request);
    if (limited.exceeded) {
      reply.header('retry-after', String(limited.retryAfterSeconds));
      return form(reply, lang, 429, { login, error: 'tooManyRequests' });
    }
    if (!login) return form(reply, lang, 400, { error: 'missingLogin' });
    try {
      const queued = await requestForgottenPassword({ db, config, mailer }, login);
      request.log.info({ queued }, 'identity: forgotten-password request');
    } catch (err) {
      // The same answer even then: a failure must not tell that the account exists.
      request.log.error({ err }, 'identity: forgotten-password request failed');
    }
    const nonce = newNonce();
    return sendPage(reply, nonce, forgotPasswordSentPage({ lang, nonce, portalUrl: portalLogin }));
  });
}
