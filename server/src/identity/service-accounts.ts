// Service accounts of the embedded issuer (OAuth 2 client credentials, RFC 6749 section 4.4): a batch job such as
// `npm run report` signs in as a client of its own, bound to one user; its access tokens act as that user, with the
// user's role and visibility, and every write they make is audited as that user. Clients are read from the
// service_accounts table on each token request, so a new, rotated or deleted account needs no restart. Secrets are
// stored hashed with the users' password hashing (password.ts) and checked through oidc-provider's
// Client#compareClientSecret; symmetric client features (client_secret_jwt, HS-signed objects) are therefore not
// offered to these clients.
import type { JWTPayload } from 'jose';
import { type Adapter, type AdapterPayload, errors, Provider } from 'oidc-provider';
import { audit } from '../access/audit.ts';
import type { Database, Queryable } from '../db/database.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { attemptOnAccount, resetFailures, serviceAccountKey } from './throttle.ts';
import type { AuthUser } from './types.ts';
import { authUserOf, findActiveUser, type IdentityUser } from './users.ts';

/** The access-token claim naming the bound user (users.id as a string; a service token's `sub` is its client id). */
export const SERVICE_USER_CLAIM = 'user_id';

export interface ServiceAccount {
  clientId: string;
  name: string;
  secretHash: string;
  /** The bound user, active. */
  user: IdentityUser;
}

interface ServiceAccountRow {
  client_id: string;
  name: string;
  secret_hash: string;
  user_id: number;
}

/** The service account of a client id whose bound user is active, or null. */
export async function findServiceAccount(db: Queryable, clientId: string): Promise<ServiceAccount | null> {
  const { rows } = await db.query<ServiceAccountRow>(
    'select client_id, name, secret_hash, user_id from service_accounts where client_id = $1',
    [clientId],
  );
  const row = rows[0];
  if (!row) return null;
  const user = await findActiveUser(db, row.user_id);
  return user ? { clientId: row.client_id, name: row.name, secretHash: row.secret_hash, user } : null;
}

/** Adds a service account acting as `userId` (the secret is stored hashed). */
export async function createServiceAccount(
  db: Queryable,
  account: { clientId: string; name: string; secret: string; userId: number },
): Promise<void> {
  await db.query('insert into service_accounts (client_id, name, secret_hash, user_id) values ($1, $2, $3, $4)', [
    account.clientId,
    account.name,
    await hashPassword(account.secret),
    account.userId,
  ]);
}

/**
 * The client metadata oidc-provider validates: client credentials only, the secret sent with HTTP Basic (oidc-provider
 * takes it in the form body as well). The stored
 * hash stands in the client_secret field: compareClientSecret (useHashedClientSecrets) checks a secret against it.
 */
function clientMetadata(account: ServiceAccount): AdapterPayload {
  return {
    client_id: account.clientId,
    client_name: account.name,
    client_secret: account.secretHash,
    grant_types: ['client_credentials'],
    response_types: [],
    redirect_uris: [],
    token_endpoint_auth_method: 'client_secret_basic',
  };
}

/** oidc-provider's storage of the Client model: the service accounts, read-only (no dynamic registration). */
class ServiceClientAdapter implements Adapter {
  constructor(private readonly db: Queryable) {}

  async find(id: string): Promise<AdapterPayload | undefined> {
    const account = await findServiceAccount(this.db, id);
    return account ? clientMetadata(account) : undefined;
  }

  private readOnly(): never {
    throw new Error('service accounts are managed in the service_accounts table');
  }

  async upsert(): Promise<void> {
    this.readOnly();
  }
  async findByUid(): Promise<undefined> {
    return undefined;
  }
  async findByUserCode(): Promise<undefined> {
    return undefined;
  }
  async consume(): Promise<void> {
    this.readOnly();
  }
  async destroy(): Promise<void> {
    this.readOnly();
  }
  async revokeByGrantId(): Promise<void> {
    this.readOnly();
  }
}

/** The adapter factory with the Client model answered from service_accounts, every other model from `others`. */
export function withServiceClients(db: Queryable, others: (model: string) => Adapter): (model: string) => Adapter {
  return (model) => (model === 'Client' ? new ServiceClientAdapter(db) : others(model));
}

/** 429 at the token endpoint, with Retry-After: too many failed secrets for one service account. */
function tooManyAttempts(retryAfterSeconds: number): Error {
  const err = new errors.CustomOIDCProviderError(
    'slow_down',
    `too many failed attempts for this client, retry in ${retryAfterSeconds} seconds`,
  );
  Object.assign(err, { status: 429, statusCode: 429 });
  Provider.ctx?.set('retry-after', String(retryAfterSeconds));
  return err;
}

/**
 * Client secrets checked against their scrypt hash, throttled per service account as passwords are per login
 * (throttle.ts): every check counts as a failure until it succeeds, later ones wait longer, and from MAX_FAILURES on
 * they are refused with 429. The portal's client authenticates with none, so the only clients with a secret are the
 * service accounts (oidc-provider documents compareClientSecret for this).
 */
export function useHashedClientSecrets(provider: Provider, db: Database): void {
  provider.Client.prototype.compareClientSecret = async function compareHashed(
    this: { clientId: string; clientSecret?: string },
    actual,
  ) {
    const key = serviceAccountKey(this.clientId);
    const verdict = await attemptOnAccount(db, key);
    if (verdict.refused) throw tooManyAttempts(verdict.retryAfterSeconds);
    const ok = await verifyPassword(actual, this.clientSecret ?? null);
    if (ok) await resetFailures(db, key);
    return ok;
  };
}

/**
 * The claims of a service account's access token: the bound user's id, role, permissions and name (what a user's
 * token carries). Issuing it is recorded in the audit as the bound user. Undefined when the account is gone.
 */
export async function serviceTokenClaims(
  db: Queryable,
  clientId: string,
): Promise<Record<string, unknown> | undefined> {
  const account = await findServiceAccount(db, clientId);
  if (!account) return undefined;
  const { user } = account;
  await audit(db, authUserOf(user), 'token', 'serviceAccount', clientId);
  return {
    [SERVICE_USER_CLAIM]: String(user.id),
    role: user.role,
    permissions: user.permissions,
    name: user.name,
    preferred_username: user.login,
  };
}

/** True for a client-credentials token: its subject is the client itself. */
export function isServiceToken(payload: JWTPayload): boolean {
  return typeof payload.client_id === 'string' && payload.sub === payload.client_id;
}

/**
 * The caller of a verified service token: the bound user as the database has it now (role, permissions, name). A
 * deleted account, a deactivated user, or a token issued for another user than the account's present one, is refused.
 */
export async function serviceTokenUser(db: Queryable, payload: JWTPayload): Promise<AuthUser> {
  const account = await findServiceAccount(db, String(payload.client_id));
  if (!account) throw new Error('access token of an unknown service account or of an inactive user');
  if (payload[SERVICE_USER_CLAIM] !== String(account.user.id)) {
    throw new Error('service access token issued for another user');
  }
  return authUserOf(account.user);
}
