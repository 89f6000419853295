// Access-token verification for the API: against the embedded issuer's own keys, or an outside issuer's JWKS.
import { ROLES, type Role } from '@patrimonio/shared-api';
import { createLocalJWKSet, createRemoteJWKSet, type JSONWebKeySet, type JWTPayload, jwtVerify } from 'jose';
import type { ServerConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import { impersonatedUser } from './impersonation.ts';
import { isServiceToken, serviceTokenUser } from './service-accounts.ts';
import { GRANT_CLAIM, type TokenState } from './token-state.ts';
import type { TokenVerifier } from './types.ts';
import { authUserOf, findUserByLogin, toPermissions } from './users.ts';

const str = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined);

/**
 * The clock difference allowed between an issuer and this server: a token issued (iat) or valid from (nbf) up to
 * this far in the future, or expired (exp) up to this long ago, is still taken. Beyond it a token is refused.
 */
export const CLOCK_SKEW_SECONDS = 30;

/** Refuses a token issued in the future (beyond the clock skew); jose checks iat only with maxTokenAge. */
export function refuseFutureIssue(payload: JWTPayload, now = Math.floor(Date.now() / 1000)): void {
  if (typeof payload.iat === 'number' && payload.iat > now + CLOCK_SKEW_SECONDS) {
    throw new Error('access token issued in the future');
  }
}

/**
 * Verifies access tokens of the embedded issuer (RS256 JWTs of type at+jwt) with its local key set, then takes the
 * caller as the database has it now (TokenState: role, permissions, active state, the grant not revoked by a
 * sign-out); the role and permission claims of the token are not trusted. A service account's token (client
 * credentials) stands for its bound user (service-accounts.ts); an exchanged token (act claim) for the impersonated
 * PRO with its ADMIN (impersonation.ts).
 */
export function embeddedVerifier(
  db: Database,
  opts: { issuer: string; audience: string; jwks: JSONWebKeySet; state: TokenState },
): TokenVerifier {
  const keys = createLocalJWKSet(opts.jwks);
  return async (token) => {
    const { payload } = await jwtVerify(token, keys, {
      issuer: opts.issuer,
      audience: opts.audience,
      algorithms: ['RS256'],
      typ: 'at+jwt',
      requiredClaims: ['sub', 'exp', 'iat'],
      clockTolerance: CLOCK_SKEW_SECONDS,
    });
    refuseFutureIssue(payload);
    if (isServiceToken(payload)) return serviceTokenUser(db, payload);
    const grant = payload[GRANT_CLAIM];
    if (typeof grant !== 'string' || !grant) throw new Error('access token without its grant');
    if (await opts.state.isRevoked(grant)) throw new Error('access token of a revoked grant (signed out)');
    // An ADMIN acting as a PRO (token exchange): the PRO, with the ADMIN as impersonator.
    if (payload.act !== undefined) return impersonatedUser(opts.state, payload);
    const user = await opts.state.activeUser(Number(payload.sub));
    if (!user) throw new Error('access token of an unknown or inactive user');
    return authUserOf(user);
  };
}

/**
 * A claim by name, or by dotted path into nested objects (Keycloak's "realm_access.roles"). A claim whose whole
 * name contains dots (namespaced claims such as "https://example.com/roles") is found first.
 */
export function claimAt(payload: Record<string, unknown>, path: string): unknown {
  if (path in payload) return payload[path];
  let value: unknown = payload;
  for (const part of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/** Our role in a claim value: the value itself, or the first of our roles in a list (case-insensitive). */
export function roleFromClaim(value: unknown): Role | null {
  const candidates = Array.isArray(value) ? value : typeof value === 'string' ? [value] : [];
  for (const candidate of candidates) {
    if (typeof candidate !== 'string') continue;
    const role = candidate
      .trim()
      .toUpperCase()
      .replace(/[\s-]+/g, '_');
    if ((ROLES as readonly string[]).includes(role)) return role as Role;
  }
  return null;
}

interface Discovery {
  issuer: string;
  keys: ReturnType<typeof createRemoteJWKSet>;
}

/**
 * Verifies access tokens of an outside issuer (OIDC_ISSUER): keys from its discovery document's jwks_uri, the
 * issuer, the audience when one was configured; role and permissions from the configured claims.
 */
export function outsideVerifier(db: Database, config: ServerConfig): TokenVerifier {
  const configured = config.oidc.issuer;
  if (!configured) throw new Error('outsideVerifier needs config.oidc.issuer');
  const discoveryUrl = `${configured.replace(/\/+$/, '')}/.well-known/openid-configuration`;
  // OIDC_AUDIENCE unset leaves the default (the API's URL), which an outside issuer does not know about.
  const audience = config.oidc.audienceSet ? config.oidc.audience : undefined;

  let discovery: Promise<Discovery> | null = null;
  const discover = (): Promise<Discovery> => {
    discovery ??= (async () => {
      const res = await fetch(discoveryUrl, { headers: { accept: 'application/json' } });
      if (!res.ok) throw new Error(`issuer discovery answered ${res.status}`);
      const doc = (await res.json()) as { issuer?: unknown; jwks_uri?: unknown };
      if (typeof doc.jwks_uri !== 'string') throw new Error('issuer discovery document has no jwks_uri');
      return { issuer: str(doc.issuer) ?? configured, keys: createRemoteJWKSet(new URL(doc.jwks_uri)) };
    })();
    // A failed discovery is tried again on the next request.
    discovery.catch(() => {
      discovery = null;
    });
    return discovery;
  };

  return async (token) => {
    const { issuer, keys } = await discover();
    const { payload } = await jwtVerify<JWTPayload>(token, keys, {
      issuer,
      ...(audience ? { audience } : {}),
      requiredClaims: ['sub', 'exp'],
      clockTolerance: CLOCK_SKEW_SECONDS,
    });
    refuseFutureIssue(payload);
    const role = roleFromClaim(claimAt(payload, config.oidc.roleClaim));
    if (!role) throw new Error(`access token without a known role in claim ${config.oidc.roleClaim}`);
    const username = str(payload.preferred_username);
    let userId: number | null = null;
    if (username) {
      const user = await findUserByLogin(db, username);
      if (user && !user.active) throw new Error('access token of an inactive user');
      userId = user?.id ?? null;
    }
    return {
      sub: String(payload.sub),
      userId,
      role,
      permissions: toPermissions(claimAt(payload, config.oidc.permissionsClaim)),
      name: str(payload.name) ?? username ?? String(payload.sub),
      impersonator: null,
    };
  };
}
