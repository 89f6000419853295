// The issuer's interactions: our sign-in page (GET shows it, POST checks login and password) and the automatic
// consent of the first-party portal.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { errors } from 'oidc-provider';
import type { ServerConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../db/seed-demo.ts';
import {
  contentSecurityPolicy,
  errorPage,
  LANGS,
  type Lang,
  newNonce,
  pickLang,
  signInPage,
  t,
  tooManyAttemptsText,
} from './pages.ts';
import { FORGOT_PASSWORD_PATH } from './password-reset.ts';
import { addressToPublicUrl } from './public-address.ts';
import { attemptOnAccount, resetFailures, sourceLimiter } from './throttle.ts';
import { checkCredentials, recordSignIn } from './users.ts';

type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;

/** The provider's reasons for an interaction whose issuer session has ended (or changed hands) since it began. */
const SESSION_ENDED = new Set(['session not found', 'session principal changed']);

interface RouteTypes {
  Params: { uid: string };
  Querystring: { lang?: string };
  Body: Record<string, string | undefined> | undefined;
}

/** Answers one of the issuer's pages (pages.ts): not cached, not framed, no referrer, scripts only with the nonce. */
export function sendPage(reply: FastifyReply, nonce: string, html: string, status = 200): FastifyReply {
  return reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', contentSecurityPolicy(nonce))
    .header('x-frame-options', 'DENY')
    .header('referrer-policy', 'no-referrer')
    .send(html);
}

/**
 * Sets up a scope of the issuer's form pages: only url-encoded forms (up to 16 KiB) as bodies, read into an object,
 * and the request's address taken as the configured public one.
 */
export function acceptForms(scope: FastifyInstance, publicUrl: URL): void {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  scope.addHook('onRequest', async (request) => addressToPublicUrl(request, publicUrl));
}

export async function registerInteractions(
  app: FastifyInstance,
  { db, config, provider, mountPath }: { db: Database; config: ServerConfig; provider: Provider; mountPath: string },
): Promise<void> {
  const portalLogin = `${config.publicUrl}/login`;
  const publicUrl = new URL(config.publicUrl);
  const signInLimit = sourceLimiter(app, 'signIn');
  const actionFor = (uid: string) => `${mountPath}/interaction/${encodeURIComponent(uid)}`;

  const langOf = (request: FastifyRequest<RouteTypes>, interaction?: Interaction): Lang => {
    const params = (interaction?.params ?? {}) as Record<string, unknown>;
    return (
      pickLang(request.body?.lang, request.query.lang) ??
      pickLang(typeof params.ui_locales === 'string' ? params.ui_locales : undefined) ??
      pickLang(request.headers['accept-language']) ??
      'it'
    );
  };

  /** The uid this browser's interaction cookie names (the provider has checked its signature when this is read). */
  const cookieUid = (request: FastifyRequest<RouteTypes>) => {
    const name = provider.cookieName('interaction');
    for (const part of (request.headers.cookie ?? '').split(';')) {
      const eq = part.indexOf('=');
      if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
    }
    return undefined;
  };

  /**
   * The pending interaction of this browser; or, when it was opened inside an issuer session that has ended since
   * (another tab signed out between this tab's authorization request and its sign-in page), where the same
   * authorization request starts again, now outside any session; or null when its cookie or record is gone or
   * belongs elsewhere.
   */
  const loadInteraction = async (
    request: FastifyRequest<RouteTypes>,
    reply: FastifyReply,
  ): Promise<{ interaction: Interaction } | { restart: string } | null> => {
    try {
      const interaction = await provider.interactionDetails(request.raw, reply.raw);
      return interaction.uid === request.params.uid ? { interaction } : null;
    } catch (err) {
      const reason = err instanceof errors.SessionNotFound ? err.error_description : undefined;
      if (!reason || !SESSION_ENDED.has(reason)) return null;
      const interaction = await provider.Interaction.find(request.params.uid);
      if (!interaction || cookieUid(request) !== interaction.uid) return null;
      const params = Object.entries(interaction.params).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      );
      await interaction.destroy();
      request.log.info('identity: sign-in session ended during the authorization request; it starts again');
      return { restart: `${mountPath}/auth?${new URLSearchParams(params).toString()}` };
    }
  };

  const expired = (request: FastifyRequest<RouteTypes>, reply: FastifyReply) => {
    const lang = langOf(request);
    const nonce = newNonce();
    return sendPage(
      reply,
      nonce,
      errorPage({ lang, nonce, portalUrl: portalLogin, message: t(lang, 'expiredText') }),
      400,
    );
  };

  const demoAccounts = async (): Promise<Array<{ login: string; role: string }>> => {
    if (!config.dev) return [];
    const logins = DEMO_ACCOUNTS.map((a) => a.login.toLowerCase());
    const { rows } = await db.query<{ login: string; role: string }>(
      'select login, role from users where active and lower(login) = any($1::text[])',
      [logins],
    );
    return rows.sort((a, b) => logins.indexOf(a.login.toLowerCase()) - logins.indexOf(b.login.toLowerCase()));
  };

  const showSignIn = async (
    reply: FastifyReply,
    uid: string,
    lang: Lang,
    opts: { login?: string; error?: string; status?: number } = {},
  ) => {
    const nonce = newNonce();
    const action = actionFor(uid);
    const switchUrls = Object.fromEntries(LANGS.map((l) => [l, `${action}?lang=${l}`])) as Record<Lang, string>;
    const html = signInPage({
      lang,
      nonce,
      action,
      switchUrls,
      ...(opts.login === undefined ? {} : { login: opts.login }),
      ...(opts.error === undefined ? {} : { error: opts.error }),
      demoAccounts: await demoAccounts(),
      demoPassword: DEMO_PASSWORD,
      forgotUrl: `${mountPath}${FORGOT_PASSWORD_PATH}?lang=${lang}`,
    });
    return sendPage(reply, nonce, html, opts.status);
  };

  /** The sign-in page again with 429 and Retry-After: too many attempts from this address or on this account. */
  const tooMany = (reply: FastifyReply, uid: string, lang: Lang, login: string, retryAfterSeconds: number) => {
    reply.header('retry-after', String(retryAfterSeconds));
    return showSignIn(reply, uid, lang, {
      login,
      error: tooManyAttemptsText(lang, retryAfterSeconds),
      status: 429,
    });
  };

  /** Grants the portal what it asked for and goes on with the authorization request. */
  const consent = async (request: FastifyRequest<RouteTypes>, reply: FastifyReply, interaction: Interaction) => {
    const { prompt, params, session } = interaction;
    const accountId = session?.accountId;
    if (!accountId || params.client_id !== config.oidc.clientId) return expired(request, reply);
    const grant =
      (interaction.grantId ? await provider.Grant.find(interaction.grantId) : undefined) ??
      new provider.Grant({ accountId, clientId: config.oidc.clientId });
    const details = prompt.details as {
      missingOIDCScope?: string[];
      missingOIDCClaims?: string[];
      missingResourceScopes?: Record<string, string[]>;
    };
    if (details.missingOIDCScope) grant.addOIDCScope(details.missingOIDCScope.join(' '));
    if (details.missingOIDCClaims) grant.addOIDCClaims(details.missingOIDCClaims);
    for (const [indicator, scopes] of Object.entries(details.missingResourceScopes ?? {})) {
      grant.addResourceScope(indicator, scopes.join(' '));
    }
    const grantId = await grant.save();
    const returnTo = await provider.interactionResult(request.raw, reply.raw, { consent: { grantId } });
    return reply.redirect(returnTo, 303);
  };

  await app.register(async (scope) => {
    acceptForms(scope, publicUrl);

    scope.get<RouteTypes>(`${mountPath}/interaction/:uid`, { schema: { hide: true } }, async (request, reply) => {
      const loaded = await loadInteraction(request, reply);
      if (!loaded) return expired(request, reply);
      if ('restart' in loaded) return reply.redirect(loaded.restart, 303);
      const { interaction } = loaded;
      const lang = langOf(request, interaction);
      if (interaction.prompt.name === 'consent') return consent(request, reply, interaction);
      if (interaction.prompt.name !== 'login') return expired(request, reply);
      const hint = interaction.params.login_hint;
      return showSignIn(reply, interaction.uid, lang, typeof hint === 'string' ? { login: hint } : {});
    });

    scope.post<RouteTypes>(`${mountPath}/interaction/:uid`, { schema: { hide: true } }, async (request, reply) => {
      // Every post counts against its source address (throttle.ts), before anything else is looked at.
      const bySource = await signInLimit(request);
      const loaded = await loadInteraction(request, reply);
      if (loaded && 'restart' in loaded) return reply.redirect(loaded.restart, 303);
      const interaction = loaded?.interaction;
      if (interaction?.prompt.name !== 'login') return expired(request, reply);
      const lang = langOf(request, interaction);
      const login = (request.body?.login ?? '').trim().slice(0, 200);
      if (bySource.exceeded) return tooMany(reply, interaction.uid, lang, login, bySource.retryAfterSeconds);
      const password = request.body?.password ?? '';
      if (!login || !password) {
        return showSignIn(reply, interaction.uid, lang, { login, error: t(lang, 'missingFields') });
      }

      // Repeated failures for one login: every attempt waits longer, whatever its outcome, and from MAX_FAILURES
      // on it is refused without looking at the password.
      const byAccount = await attemptOnAccount(db, login);
      if (byAccount.refused) {
        request.log.warn({ login }, 'identity: sign-in refused, too many failures for this login');
        return tooMany(reply, interaction.uid, lang, login, byAccount.retryAfterSeconds);
      }
      const user = await checkCredentials(db, login, password.slice(0, 1024));
      if (!user) {
        request.log.info({ login }, 'identity: sign-in failed');
        return showSignIn(reply, interaction.uid, lang, { login, error: t(lang, 'badCredentials') });
      }
      await resetFailures(db, login);
      await recordSignIn(db, user.id);

      const returnTo = await provider.interactionResult(
        request.raw,
        reply.raw,
        { login: { accountId: String(user.id), amr: ['pwd'], remember: false } },
        { mergeWithLastSubmission: false },
      );
      return reply.redirect(returnTo, 303);
    });
  });
}
