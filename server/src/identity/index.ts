// Identity: the embedded OpenID Connect issuer at /oidc (OIDC_ISSUER unset) or an outside issuer, and the
// verification of the API's bearer access tokens.
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import { registerPasswordResetPage } from './password-reset-page.ts';
import { embeddedIssuer, MOUNT_PATH, mountEmbeddedIssuer, PORTAL_SCOPE } from './provider.ts';
import { revokeGrant } from './token-state.ts';
import type { TokenVerifier } from './types.ts';
import { outsideVerifier } from './verify.ts';

export type { AuthUser, TokenVerifier } from './types.ts';

export interface Identity {
  /** Verifies the API's bearer access tokens. */
  verify: TokenVerifier;
  /** Revokes the tokens carrying a key: an impersonation's own (impersonation.ts), at once in this process. */
  revokeKey(key: string): Promise<void>;
  /**
   * Forgets what this process remembers of a user's state, so that a change just committed (a delegate's permissions,
   * its suspension or removal) holds from the user's next call here; other processes see it within
   * CURRENT_STATE_CACHE_MS.
   */
  forgetUser(userId: number): void;
}

/**
 * Sets up sign-in: mounts the embedded issuer unless config.oidc.issuer names an outside one, and returns the
 * verifier of access tokens. Call before any API route is registered.
 */
export async function setupIdentity(
  app: FastifyInstance,
  ctx: { db: Database; config: ServerConfig },
): Promise<Identity> {
  const { db, config } = ctx;
  if (config.oidc.issuer) {
    // An outside issuer's tokens are checked against the database on every call: nothing is remembered.
    return { verify: outsideVerifier(db, config), revokeKey: (key) => revokeGrant(db, key), forgetUser: () => {} };
  }
  const embedded = await mountEmbeddedIssuer(app, { db, config });
  // The page of the one-time links to choose a password (password-reset.ts), beside the sign-in page.
  await registerPasswordResetPage(app, { db, config, mountPath: MOUNT_PATH });
  return {
    verify: embedded.verify,
    revokeKey: (key) => embedded.state.revokeKey(key),
    forgetUser: (userId) => embedded.state.forgetUser(userId),
  };
}

export interface PortalAuthConfig {
  /** The issuer oidc-client-ts talks to. */
  authority: string;
  clientId: string;
  scope: string;
  /** True when the issuer is the server's own (/oidc). */
  embedded: boolean;
  /** Where the admin calls go (ADMIN_API_URL); '' for this server. */
  adminApiBase: string;
}

/** What the portal needs to configure oidc-client-ts (injected into index.html). */
export function portalAuthConfig(config: ServerConfig): PortalAuthConfig {
  return {
    authority: config.oidc.issuer ?? embeddedIssuer(config),
    clientId: config.oidc.clientId,
    scope: PORTAL_SCOPE,
    embedded: !config.oidc.issuer,
    adminApiBase: config.exchange.adminApiUrl ?? '',
  };
}
