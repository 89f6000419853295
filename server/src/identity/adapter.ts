// oidc-provider storage in PostgreSQL (table oidc_payloads): one row per model instance, with its expiry.
import type { Adapter, AdapterPayload } from 'oidc-provider';
import { purgeRateLimits } from '../data/rate-limit-store.ts';
import type { Database } from '../db/database.ts';
import { purgeRevokedGrants } from './token-state.ts';

/** Models a grant owns: revoking the grant deletes them. */
const GRANTABLE = new Set([
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
  'PreAuthorizedCode',
]);

interface PayloadRow {
  payload: AdapterPayload;
  consumed: number | null;
}

const SELECT = `select payload, extract(epoch from consumed_at)::bigint as consumed from oidc_payloads`;
const LIVE = '(expires_at is null or expires_at > now())';

function toPayload(row: PayloadRow | undefined): AdapterPayload | undefined {
  if (!row) return undefined;
  return row.consumed == null ? row.payload : { ...row.payload, consumed: Number(row.consumed) };
}

export interface AdapterOptions {
  /**
   * Called when oidc-provider revokes the access tokens of a grant (sign-out, a reused refresh token, revocation of
   * a refresh token). JWT access tokens are not stored, so this is where they are marked revoked.
   */
  revokeAccessTokens?: (grantId: string) => Promise<void>;
}

export class PostgresAdapter implements Adapter {
  constructor(
    private readonly db: Database,
    private readonly model: string,
    private readonly options: AdapterOptions = {},
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    const grantId = GRANTABLE.has(this.model) ? (payload.grantId ?? null) : null;
    const uid = this.model === 'Session' ? (payload.uid ?? null) : null;
    const userCode = typeof payload.userCode === 'string' ? payload.userCode : null;
    await this.db.query(
      `insert into oidc_payloads (model, id, payload, grant_id, user_code, uid, expires_at)
       values ($1, $2, $3::text::jsonb, $4, $5, $6, case when $7::integer is null then null else now() + make_interval(secs => $7::integer) end)
       on conflict (model, id) do update set
         payload = excluded.payload, grant_id = excluded.grant_id, user_code = excluded.user_code,
         uid = excluded.uid, expires_at = excluded.expires_at`,
      [
        this.model,
        id,
        JSON.stringify(payload),
        grantId,
        userCode,
        uid,
        typeof expiresIn === 'number' ? Math.ceil(expiresIn) : null,
      ],
    );
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    const { rows } = await this.db.query<PayloadRow>(`${SELECT} where model = $1 and id = $2 and ${LIVE}`, [
      this.model,
      id,
    ]);
    return toPayload(rows[0]);
  }

  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    const { rows } = await this.db.query<PayloadRow>(`${SELECT} where model = $1 and uid = $2 and ${LIVE} limit 1`, [
      this.model,
      uid,
    ]);
    return toPayload(rows[0]);
  }

  async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    const { rows } = await this.db.query<PayloadRow>(
      `${SELECT} where model = $1 and user_code = $2 and ${LIVE} limit 1`,
      [this.model, userCode],
    );
    return toPayload(rows[0]);
  }

  async consume(id: string): Promise<void> {
    await this.db.query('update oidc_payloads set consumed_at = now() where model = $1 and id = $2', [this.model, id]);
  }

  async destroy(id: string): Promise<void> {
    await this.db.query('delete from oidc_payloads where model = $1 and id = $2', [this.model, id]);
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    if (this.model === 'AccessToken') await this.options.revokeAccessTokens?.(grantId);
    await this.db.query('delete from oidc_payloads where grant_id = $1', [grantId]);
  }
}

/** The factory oidc-provider's `adapter` option takes. */
export function postgresAdapter(db: Database, options: AdapterOptions = {}): (model: string) => Adapter {
  return (model) => new PostgresAdapter(db, model, options);
}

/**
 * Deletes expired provider rows, stale sign-in failure counters, ended rate-limit windows, and revocations older
 * than the longest an access token lives (`accessTokenSeconds`).
 */
export async function purgeExpired(db: Database, accessTokenSeconds: number): Promise<void> {
  await db.query('delete from oidc_payloads where expires_at < now()');
  await db.query(`delete from sign_in_failures where last_failure_at < now() - interval '1 day'`);
  await purgeRateLimits(db);
  await purgeRevokedGrants(db, accessTokenSeconds);
}
