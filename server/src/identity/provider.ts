// The embedded OpenID Connect issuer (oidc-provider) mounted at /oidc inside Fastify.
import type { IncomingMessage } from 'node:http';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Provider, { type Configuration, errors, type KoaContextWithOIDC } from 'oidc-provider';
import type { ServerConfig } from '../config.ts';
import { postgresRateLimitStore } from '../data/rate-limit-store.ts';
import type { Database } from '../db/database.ts';
import { postgresAdapter, purgeExpired } from './adapter.ts';
import { impersonationClaims, registerTokenExchange, TOKEN_EXCHANGE_GRANT } from './impersonation.ts';
import { registerInteractions } from './interactions.ts';
import { type IdentitySecrets, loadSecrets, publicJwks } from './keys.ts';
import {
  contentSecurityPolicy,
  errorPage,
  type Lang,
  logoutPage,
  newNonce,
  pickLang,
  signedOutPage,
  t,
} from './pages.ts';
import { addressToPublicUrl } from './public-address.ts';
import { serviceTokenClaims, useHashedClientSecrets, withServiceClients } from './service-accounts.ts';
import { sourceLimiter } from './throttle.ts';
import { GRANT_CLAIM, grantKey, TokenState } from './token-state.ts';
import type { TokenVerifier } from './types.ts';
import { findActiveUser } from './users.ts';
import { CLOCK_SKEW_SECONDS, embeddedVerifier } from './verify.ts';

/** Where the issuer is mounted in Fastify. */
export const MOUNT_PATH = '/oidc';
/** The scope the portal asks for: sign-in, name and role in the id_token, refresh tokens for silent renewal. */
export const PORTAL_SCOPE = 'openid profile offline_access';
/** The scope of the API resource server (the portal needs not ask for it: access tokens carry role claims). */
const API_SCOPE = 'api';

/** A session (and with it the refresh tokens) lasts a working day; signing out ends it at once. */
const SESSION_TTL = 12 * 60 * 60;
const INTERACTION_TTL = 60 * 60;
const ID_TOKEN_TTL = 60 * 60;
const AUTHORIZATION_CODE_TTL = 60;
const PURGE_INTERVAL_MS = 10 * 60 * 1000;

export function embeddedIssuer(config: ServerConfig): string {
  return `${config.publicUrl}${MOUNT_PATH}`;
}

/** The resource indicator of the API: the audience when it is a URL, otherwise the API's URL. */
export function apiResource(config: ServerConfig): string {
  return URL.canParse(config.oidc.audience) ? config.oidc.audience : `${config.publicUrl}/api`;
}

/** The URIs themselves, and the same with 127.0.0.1 for those on localhost. */
function withLoopbackVariants(uris: string[]): string[] {
  const out = new Set<string>();
  for (const uri of uris) {
    out.add(uri);
    const u = new URL(uri);
    if (u.hostname === 'localhost') {
      u.hostname = '127.0.0.1';
      out.add(u.toString());
    }
  }
  return [...out];
}

export function pageLang(ctx: KoaContextWithOIDC): Lang {
  const params = (ctx.oidc?.params ?? {}) as Record<string, unknown>;
  return (
    pickLang(typeof params.ui_locales === 'string' ? params.ui_locales : undefined, ctx.get('accept-language')) ?? 'it'
  );
}

function sendHtml(ctx: KoaContextWithOIDC, nonce: string, html: string): void {
  ctx.type = 'html';
  ctx.set('content-security-policy', contentSecurityPolicy(nonce));
  ctx.set('x-frame-options', 'DENY');
  ctx.set('cache-control', 'no-store');
  ctx.body = html;
}

export interface EmbeddedIssuer {
  provider: Provider;
  issuer: string;
  /** Public signing keys, to verify access tokens locally. */
  jwks: ReturnType<typeof publicJwks>;
  /** The current state of callers (users, revoked grants) the verifier checks. */
  state: TokenState;
  /** The API's verifier of this issuer's access tokens. */
  verify: TokenVerifier;
}

export async function mountEmbeddedIssuer(
  app: FastifyInstance,
  { db, config }: { db: Database; config: ServerConfig },
): Promise<EmbeddedIssuer> {
  const secrets: IdentitySecrets = await loadSecrets(db);
  const issuer = embeddedIssuer(config);
  const resource = apiResource(config);
  const { clientId, audience, accessTokenTtl } = config.oidc;
  const portalLogin = `${config.publicUrl}/login`;
  const publicUrl = new URL(config.publicUrl);
  const state = new TokenState(db);
  const jwks = publicJwks(secrets.jwks);
  const verify = embeddedVerifier(db, { issuer, audience, jwks, state });
  const resourceServerInfo = () => ({
    scope: API_SCOPE,
    audience,
    accessTokenTTL: accessTokenTtl,
    accessTokenFormat: 'jwt' as const,
    jwt: { sign: { alg: 'RS256' as const } },
  });

  // Per-source throttles (throttle.ts) count in the database, so that every API process shares them.
  await app.register(rateLimit, { global: false, store: postgresRateLimitStore(db) });
  const tokenLimit = sourceLimiter(app, 'token');

  const configuration: Configuration = {
    // Service accounts (client credentials) are found in their own table, as clients of the adapter. Revoking a
    // grant's access tokens (sign-out) is recorded for the API's verifier.
    adapter: withServiceClients(db, postgresAdapter(db, { revokeAccessTokens: (grantId) => state.revoke(grantId) })),
    clients: [
      {
        client_id: clientId,
        client_name: 'Patrimonio',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        // The token exchange is the ADMIN's impersonation of a PRO (impersonation.ts).
        grant_types: ['authorization_code', 'refresh_token', TOKEN_EXCHANGE_GRANT],
        response_types: ['code'],
        scope: PORTAL_SCOPE,
        redirect_uris: withLoopbackVariants([`${config.publicUrl}/auth/callback`]),
        post_logout_redirect_uris: withLoopbackVariants([portalLogin, `${config.publicUrl}/register-client`]),
      },
    ],
    jwks: secrets.jwks as Configuration['jwks'],
    cookies: {
      keys: secrets.cookieKeys,
      long: { httpOnly: true, sameSite: 'lax' },
      short: { httpOnly: true, sameSite: 'lax' },
    },
    scopes: ['openid', 'profile', 'offline_access'],
    claims: {
      openid: ['sub'],
      profile: ['name', 'preferred_username', 'role', 'permissions'],
    },
    // Profile claims go in the id_token: the portal has no userinfo call to make.
    conformIdTokenClaims: false,
    responseTypes: ['code'],
    pkce: { required: () => true },
    discovery: { ui_locales_supported: ['it', 'en'] },
    features: {
      devInteractions: { enabled: false },
      // Service accounts for batch jobs (`npm run report`): see service-accounts.ts.
      clientCredentials: { enabled: true },
      dPoP: { enabled: false },
      pushedAuthorizationRequests: { enabled: false },
      userinfo: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx, form) => {
          const nonce = newNonce();
          sendHtml(ctx, nonce, logoutPage({ lang: pageLang(ctx), nonce, form }));
        },
        postLogoutSuccessSource: async (ctx) => {
          const nonce = newNonce();
          sendHtml(ctx, nonce, signedOutPage({ lang: pageLang(ctx), nonce, portalUrl: portalLogin }));
        },
      },
      resourceIndicators: {
        enabled: true,
        // The portal sends no `resource`: every token is for the API.
        defaultResource: async () => resource,
        useGrantedResource: async () => true,
        getResourceServerInfo: async (_ctx, indicator) => {
          if (indicator !== resource) throw new errors.InvalidTarget();
          return resourceServerInfo();
        },
      },
    },
    // Claims of JWT access tokens, for the authorization code and the refresh token grants alike, and for service
    // accounts (client credentials) those of their bound user. A user's token carries its grant's key, which a
    // sign-out revokes (token-state.ts); the role and permissions are informative, the API reads the current ones.
    extraTokenClaims: async (_ctx, token) => {
      if (token.kind === 'ClientCredentials')
        return token.clientId ? serviceTokenClaims(db, token.clientId) : undefined;
      const accountId = 'accountId' in token ? token.accountId : undefined;
      const grantId = 'grantId' in token ? token.grantId : undefined;
      // An exchanged (impersonating) token has no grant of its own: it carries the ADMIN's (impersonation.ts).
      const impersonation = impersonationClaims(token);
      if (!accountId || (!grantId && !impersonation)) return undefined;
      const user = await findActiveUser(db, accountId);
      if (!user) return undefined;
      return {
        ...(impersonation ?? { [GRANT_CLAIM]: grantKey(grantId!) }),
        role: user.role,
        permissions: user.permissions,
        name: user.name,
        preferred_username: user.login,
      };
    },
    findAccount: async (_ctx, sub) => {
      const user = await findActiveUser(db, sub);
      if (!user) return undefined;
      return {
        accountId: String(user.id),
        claims: () => ({
          sub: String(user.id),
          name: user.name,
          preferred_username: user.login,
          role: user.role,
          permissions: user.permissions,
        }),
      };
    },
    // First-party portal: the grant is given without a consent screen.
    loadExistingGrant: async (ctx) => {
      const { oidc } = ctx;
      const accountId = oidc.session?.accountId;
      if (!oidc.client || !accountId) return undefined;
      const grantId = oidc.result?.consent?.grantId || oidc.session?.grantIdFor(oidc.client.clientId);
      let grant = grantId ? await oidc.provider.Grant.find(grantId) : undefined;
      if (grant && (grant.accountId !== accountId || grant.clientId !== oidc.client.clientId)) grant = undefined;
      if (oidc.client.clientId !== clientId) return grant;
      grant ??= new oidc.provider.Grant({ clientId, accountId });
      grant.addOIDCScope(PORTAL_SCOPE);
      grant.addResourceScope(resource, API_SCOPE);
      await grant.save();
      return grant;
    },
    // The portal renews silently with refresh tokens. oidc-provider drops offline_access unless the request also
    // says prompt=consent, so the refresh token does not depend on that scope.
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    // Refresh tokens end with the issuer session, so signing out revokes them.
    expiresWithSession: async () => true,
    rotateRefreshToken: true,
    interactions: {
      url: async (_ctx, interaction) => `${MOUNT_PATH}/interaction/${interaction.uid}`,
    },
    ttl: {
      AccessToken: accessTokenTtl,
      ClientCredentials: accessTokenTtl,
      AuthorizationCode: AUTHORIZATION_CODE_TTL,
      IdToken: ID_TOKEN_TTL,
      Interaction: INTERACTION_TTL,
      Session: SESSION_TTL,
      Grant: SESSION_TTL,
      RefreshToken: (ctx) => {
        const rotated = ctx?.oidc?.entities.RotatedRefreshToken;
        return rotated ? Math.max(1, rotated.remainingTTL) : SESSION_TTL;
      },
    },
    clientBasedCORS: (_ctx, origin, client) =>
      client.redirectUris?.some((uri) => new URL(uri).origin === origin) ?? false,
    renderError: async (ctx, out) => {
      const nonce = newNonce();
      const lang = pageLang(ctx);
      const detail = [out.error, out.error_description].filter(Boolean).join(': ');
      sendHtml(ctx, nonce, errorPage({ lang, nonce, portalUrl: portalLogin, message: t(lang, 'errorText'), detail }));
    },
  };

  const provider = new Provider(issuer, configuration);
  registerTokenExchange(provider, { db, verify, resource, resourceServerInfo });
  // The forwarded headers it reads are the ones addressToPublicUrl sets from the configuration.
  provider.proxy = true;
  useHashedClientSecrets(provider, db);
  provider.on('server_error', (_ctx, err) => app.log.error({ err }, 'identity: issuer error'));
  provider.on('grant.error', (_ctx, err) => app.log.debug({ err }, 'identity: grant error'));

  const callback = provider.callback();

  // The provider reads its own request bodies: no Fastify parser may touch them (or /token answers 415).
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request: FastifyRequest, _payload: IncomingMessage, done) => done(null));
    scope.addHook('onRequest', async (request) => addressToPublicUrl(request, publicUrl));
    scope.route({
      method: ['GET', 'HEAD', 'POST', 'OPTIONS'],
      url: `${MOUNT_PATH}/*`,
      schema: { hide: true },
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        // Token requests (service-account secrets among them) are limited per source address.
        if (request.method === 'POST' && request.url.split('?')[0] === `${MOUNT_PATH}/token`) {
          const limited = await tokenLimit(request);
          if (limited.exceeded) {
            return reply
              .status(429)
              .header('retry-after', String(limited.retryAfterSeconds))
              .header('cache-control', 'no-store')
              .send({
                error: 'slow_down',
                error_description: `too many requests from this address, retry in ${limited.retryAfterSeconds} seconds`,
              });
          }
        }
        reply.hijack();
        const raw = request.raw as IncomingMessage & { originalUrl?: string };
        // Keep the mount prefix in originalUrl (the provider builds its URLs from it), strip it from url.
        raw.originalUrl = raw.url;
        raw.url = (raw.url ?? '/').slice(MOUNT_PATH.length) || '/';
        void callback(raw, reply.raw);
      },
    });
  });

  await registerInteractions(app, { db, config, provider, mountPath: MOUNT_PATH });

  // A revocation is kept as long as a token issued before it may still be taken.
  const purge = () => purgeExpired(db, accessTokenTtl + CLOCK_SKEW_SECONDS);
  await purge();
  const timer = setInterval(() => {
    purge().catch((err) => app.log.warn({ err }, 'identity: purge of expired rows failed'));
  }, PURGE_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));

  return { provider, issuer, jwks, state, verify };
}
