// Impersonation (portal-and-report 2 and 6; issue 19): an ADMIN acts as a chosen PRO through an OAuth 2.0 token
// exchange (RFC 8693) at the embedded issuer's token endpoint. The portal sends
//   grant_type=urn:ietf:params:oauth:grant-type:token-exchange
//   subject_token=<the ADMIN's access token>, subject_token_type=urn:ietf:params:oauth:token-type:access_token
//   requested_subject=<the PRO's user id>
//   previous_token=<the impersonation's current token> (optional: a renewal keeps the impersonation's key)
// and receives an access token (no refresh token) whose subject is the PRO and whose `act` claim names the ADMIN
// (RFC 8693 section 4.1, {"act": {"sub": "<admin id>"}}). The API takes such a token as the PRO with
// AuthUser.impersonator = the ADMIN's id, so the profile shows the impersonator, testing data is visible, and every
// write is audited with both identities (access/audit.ts).
//
// The exchanged token stops working when:
// - the ADMIN signs out (it carries the ADMIN's grant key, which the sign-out revokes: token-state.ts);
// - the ADMIN stops impersonating (POST /api/v1/impersonation/stop revokes the token's own key, IMPERSONATION_CLAIM);
// - the ADMIN is deactivated or no longer ADMIN, or the PRO is deactivated or no longer PRO (read on every call);
// - it expires (the API's access-token lifetime; the portal exchanges again when the ADMIN's token is renewed).
import { randomBytes } from 'node:crypto';
import { decodeJwt, type JWTPayload } from 'jose';
import type Provider from 'oidc-provider';
import { errors, type KoaContextWithOIDC } from 'oidc-provider';
import { audit } from '../access/audit.ts';
import type { Database } from '../db/database.ts';
import { GRANT_CLAIM, type TokenState } from './token-state.ts';
import type { AuthUser, TokenVerifier } from './types.ts';
import { authUserOf, findActiveUser } from './users.ts';

export const TOKEN_EXCHANGE_GRANT = 'urn:ietf:params:oauth:grant-type:token-exchange';
export const ACCESS_TOKEN_TYPE = 'urn:ietf:params:oauth:token-type:access_token';
/** The exchanged token's own key: revoked when the ADMIN stops impersonating. */
export const IMPERSONATION_CLAIM = 'imp';
/** Only this role may impersonate, and only users of TARGET_ROLE may be impersonated (spec: "an admin impersonating a PRO"). */
export const IMPERSONATOR_ROLE = 'ADMIN';
export const TARGET_ROLE = 'PRO';

interface Impersonation {
  adminId: number;
  /** The ADMIN's grant key (GRANT_CLAIM of its own token): its sign-out ends the impersonation too. */
  adminGrantKey: string;
  key: string;
}

/** The exchanged access tokens being issued, for extraTokenClaims (which sees only the token). */
const issuing = new WeakMap<object, Impersonation>();

/** The extra claims of an exchanged access token, or undefined for any other token. */
export function impersonationClaims(token: object): Record<string, unknown> | undefined {
  const imp = issuing.get(token);
  if (!imp) return undefined;
  return {
    [GRANT_CLAIM]: imp.adminGrantKey,
    [IMPERSONATION_CLAIM]: imp.key,
    act: { sub: String(imp.adminId) },
  };
}

const param = (ctx: KoaContextWithOIDC, name: string): string | undefined => {
  const value = (ctx.oidc.params as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' && value ? value : undefined;
};

export interface TokenExchangeOptions {
  db: Database;
  /** Verifies the subject token (the API's own verifier: the ADMIN as the database has it now). */
  verify: TokenVerifier;
  /** The API's resource indicator and its resource-server settings (the same as the other grants' tokens). */
  resource: string;
  resourceServerInfo: () => ConstructorParameters<Provider['ResourceServer']>[1];
}

/** Registers the token-exchange grant for impersonation on the embedded issuer. */
export function registerTokenExchange(provider: Provider, options: TokenExchangeOptions): void {
  const { db, verify, resource } = options;
  const handler = async (ctx: KoaContextWithOIDC) => {
    const subjectToken = param(ctx, 'subject_token');
    if (!subjectToken) throw new errors.InvalidRequest('missing required parameter subject_token');
    if (param(ctx, 'subject_token_type') !== ACCESS_TOKEN_TYPE) {
      throw new errors.InvalidRequest(`subject_token_type must be ${ACCESS_TOKEN_TYPE}`);
    }
    const requestedType = param(ctx, 'requested_token_type');
    if (requestedType && requestedType !== ACCESS_TOKEN_TYPE) {
      throw new errors.InvalidRequest(`requested_token_type must be ${ACCESS_TOKEN_TYPE}`);
    }
    const requested = param(ctx, 'requested_subject');
    if (!requested || !/^[1-9][0-9]{0,15}$/.test(requested)) {
      throw new errors.InvalidRequest('requested_subject must be the id of the user to act as');
    }

    let admin: AuthUser;
    let subjectPayload: JWTPayload;
    try {
      admin = await verify(subjectToken);
      subjectPayload = decodeJwt(subjectToken);
    } catch {
      throw new errors.InvalidGrant('subject_token is not a valid access token');
    }
    if (admin.role !== IMPERSONATOR_ROLE || admin.impersonator || admin.userId === null) {
      throw new errors.InvalidGrant('only an ADMIN, not impersonating, may act as another user');
    }
    const adminGrantKey = subjectPayload[GRANT_CLAIM];
    if (typeof adminGrantKey !== 'string' || !adminGrantKey) {
      throw new errors.InvalidGrant('subject_token is not a user session token');
    }
    const target = await findActiveUser(db, requested);
    if (!target || target.role !== TARGET_ROLE) {
      throw new errors.InvalidGrant('requested_subject must be an active PRO');
    }

    const { AccessToken, Grant, ResourceServer } = ctx.oidc.provider;
    const client = ctx.oidc.client;
    if (!client) throw new errors.InvalidClient('client is not known');
    // The token's own grant (the PRO's account, this client, the API scope); revocation goes by the ADMIN's grant key
    // and the impersonation's key, which the token carries (impersonationClaims).
    const grant = new Grant({ accountId: String(target.id), clientId: client.clientId });
    grant.addResourceScope(resource, 'api');
    const grantId = await grant.save();
    const token = new AccessToken({
      accountId: String(target.id),
      client,
      grantId,
      gty: 'token_exchange',
      scope: 'api',
    });
    token.resourceServer = new ResourceServer(resource, options.resourceServerInfo());
    // A renewal (the ADMIN's token was renewed) continues the impersonation under its key, so that stopping ends every
    // token it was given; a previous token that no longer works (expired, stopped) starts a new one.
    const key = (await continuedKey(verify, param(ctx, 'previous_token'), admin.userId, target.id)) ?? newKey();
    issuing.set(token, { adminId: admin.userId, adminGrantKey, key });
    ctx.oidc.entity('AccessToken', token);
    const value = await token.save();

    await audit(db, admin, 'impersonate', 'user', target.id, null, {
      login: target.login,
      role: target.role,
      expiresIn: token.expiration,
    });

    ctx.body = {
      access_token: value,
      issued_token_type: ACCESS_TOKEN_TYPE,
      token_type: 'Bearer',
      expires_in: token.expiration,
      scope: 'api',
    };
  };
  provider.registerGrantType(TOKEN_EXCHANGE_GRANT, handler, [
    'subject_token',
    'subject_token_type',
    'requested_token_type',
    'requested_subject',
    'previous_token',
    'audience',
    'resource',
  ]);
}

const newKey = () => randomBytes(24).toString('base64url');

/** The key of a still-working impersonation token of the same ADMIN and PRO, or null. */
async function continuedKey(
  verify: TokenVerifier,
  previous: string | undefined,
  adminId: number,
  targetId: number,
): Promise<string | null> {
  if (!previous) return null;
  try {
    const user = await verify(previous);
    const same = user.impersonator === String(adminId) && user.userId === targetId;
    return same && user.impersonationKey ? user.impersonationKey : null;
  } catch {
    return null;
  }
}

/**
 * The caller an exchanged token stands for: the PRO, with the ADMIN as impersonator, both as the database has them
 * now; throws when the token's own key was revoked (stopped) or either user no longer fits.
 */
export async function impersonatedUser(state: TokenState, payload: JWTPayload): Promise<AuthUser> {
  const act = payload.act as { sub?: unknown } | undefined;
  const key = payload[IMPERSONATION_CLAIM];
  if (typeof act?.sub !== 'string' || typeof key !== 'string' || !key) {
    throw new Error('impersonation token without its actor or key');
  }
  if (await state.isRevoked(key)) throw new Error('impersonation stopped');
  const [admin, target] = await Promise.all([state.activeUser(Number(act.sub)), state.activeUser(Number(payload.sub))]);
  if (!admin || admin.role !== IMPERSONATOR_ROLE) throw new Error('the impersonator is no longer an active ADMIN');
  if (!target || target.role !== TARGET_ROLE) throw new Error('the impersonated user is no longer an active PRO');
  return { ...authUserOf(target), impersonator: String(admin.id), impersonationKey: key };
}

/**
 * Ends the caller's impersonation (false when the caller is not impersonating): its token stops working at once in
 * this process, within seconds in the others (revokeKey: identity/index.ts).
 */
export async function stopImpersonation(
  db: Database,
  revokeKey: (key: string) => Promise<void>,
  user: AuthUser,
): Promise<boolean> {
  if (!user.impersonator || !user.impersonationKey) return false;
  await revokeKey(user.impersonationKey);
  await audit(db, user, 'stop_impersonation', 'user', user.userId);
  return true;
}
