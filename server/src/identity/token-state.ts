// What the database says now about the caller of an access token: the user's current role, permissions and state,
// and whether the token's grant was revoked (sign-out). The API checks both on every call, so a demoted or
// deactivated user, or a signed-out session, stops working within CURRENT_STATE_CACHE_MS, not at token expiry.
// The state lives in the database (users, revoked_grants), so it holds across API processes; each process keeps
// answers for a few seconds only.
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { Queryable } from '../db/database.ts';
import { findActiveUser, type IdentityUser } from './users.ts';

/** How long a process answers from memory about a user's role, permissions and state, or a grant's revocation. */
export const CURRENT_STATE_CACHE_MS = 5_000;
/** Entries kept per cache (users, grants): far more than the callers of a few seconds. */
const CACHE_ENTRIES = 10_000;

/** The access-token claim carrying its grant's key (revocation is per grant: a sign-out ends the session's grants). */
export const GRANT_CLAIM = 'gid';

/** A grant's key in tokens and in revoked_grants: a hash, so that the grant's own id never leaves the issuer. */
export function grantKey(grantId: string): string {
  return createHash('sha256').update(grantId).digest('base64url');
}

/** Records that the access tokens of a grant are revoked (idempotent). */
export async function revokeGrant(db: Queryable, key: string): Promise<void> {
  await db.query('insert into revoked_grants (grant_key) values ($1) on conflict (grant_key) do nothing', [key]);
}

export async function isGrantRevoked(db: Queryable, key: string): Promise<boolean> {
  const { rows } = await db.query('select 1 from revoked_grants where grant_key = $1', [key]);
  return rows.length > 0;
}

/** Forgets revocations older than `seconds` (no access token issued before them is still valid). */
export async function purgeRevokedGrants(db: Queryable, seconds: number): Promise<void> {
  await db.query('delete from revoked_grants where revoked_at < now() - make_interval(secs => $1::integer)', [
    Math.ceil(seconds),
  ]);
}

/** The current state of callers, with this process's short memory of it. */
export class TokenState {
  private readonly users: LRUCache<number, { user: IdentityUser | null }>;
  private readonly grants: LRUCache<string, { revoked: boolean }>;

  constructor(private readonly db: Queryable) {
    this.users = new LRUCache({
      max: CACHE_ENTRIES,
      ttl: CURRENT_STATE_CACHE_MS,
      fetchMethod: async (id) => ({ user: await findActiveUser(db, id) }),
    });
    this.grants = new LRUCache({
      max: CACHE_ENTRIES,
      ttl: CURRENT_STATE_CACHE_MS,
      fetchMethod: async (key) => ({ revoked: await isGrantRevoked(db, key) }),
    });
  }

  /** Drops the remembered state of a user: its next call reads the database. */
  forgetUser(id: number): void {
    this.users.delete(id);
  }

  /** The user as the database has it now, or null when unknown or inactive. */
  async activeUser(id: number): Promise<IdentityUser | null> {
    if (!Number.isSafeInteger(id) || id <= 0) return null;
    return (await this.users.fetch(id))?.user ?? null;
  }

  async isRevoked(key: string): Promise<boolean> {
    return (await this.grants.fetch(key))?.revoked ?? false;
  }

  /** Revokes a grant's access tokens: at once in this process, within the cache time in the others. */
  async revoke(grantId: string): Promise<void> {
    await this.revokeKey(grantKey(grantId));
  }

  /** Revokes the tokens carrying a key (a grant's key, or an impersonation's own: impersonation.ts). */
  async revokeKey(key: string): Promise<void> {
    await revokeGrant(this.db, key);
    this.grants.set(key, { revoked: true });
  }
}
