// oidc-provider storage in PostgreSQL (table oidc_payloads): one row per model instance, with its expiry.
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Database } from '../db/database.ts';

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

export class PostgresAdapter implements Adapter {
  constructor(
    private readonly db: Database,
    private readonly model: string,
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
    await this.db.query('delete from oidc_payloads where grant_id = $1', [grantId]);
  }
}

/** The factory oidc-provider's `adapter` option takes. */
export function postgresAdapter(db: Database): (model: string) => Adapter {
  return (model) => new PostgresAdapter(db, model);
}

/** Deletes expired provider rows and stale sign-in failure counters. */
export async function purgeExpired(db: Database): Promise<void> {
  await db.query('delete from oidc_payloads where expires_at < now()');
  await db.query(`delete from sign_in_failures where last_failure_at < now() - interval '1 day'`);
}
