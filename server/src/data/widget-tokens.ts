// Widget tokens (issue 20, migration 024): a PRO's read-only tokens for the widgets of one of its clients or families.
// Only the token's SHA-256 is stored (hex in and out of SQL, bytea in the table). A token is live while it is not
// revoked and the Europe/Rome date is not after its expires_on.
import type { WidgetKind, WidgetToken } from '@patrimonio/shared-api';
import type { Queryable } from '../db/database.ts';

/** Today in Europe/Rome, the day a token's expires_on is compared with. */
export const ROME_TODAY = `(now() at time zone 'Europe/Rome')::date`;

const utc = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

const COLUMNS = `t.id, t.issuer_id, t.client_id, t.family_id, t.label, t.widgets, t.origins,
  to_char(t.expires_on, 'YYYY-MM-DD') as expires_on, t.hint, t.uses::text as uses, ${utc('t.last_used_at')} as last_used_at,
  ${utc('t.created_at')} as created_at, ${utc('t.revoked_at')} as revoked_at,
  case when t.revoked_at is not null then 'revoked' when t.expires_on < ${ROME_TODAY} then 'expired' else 'active' end
    as state,
  (t.expires_on - ${ROME_TODAY})::int as days_left, (t.expires_on - (t.created_at at time zone 'Europe/Rome')::date)::int as days_long`;

interface Row {
  id: number | string;
  issuer_id: number | string;
  client_id: number | string | null;
  family_id: number | string | null;
  label: string;
  widgets: string[];
  origins: string[];
  expires_on: string;
  hint: string;
  uses: string;
  last_used_at: string | null;
  created_at: string;
  revoked_at: string | null;
  state: WidgetToken['state'];
  days_left: number;
  days_long: number;
}

/** A token's record with what the routes need beyond the contract's fields. */
export interface WidgetTokenRecord extends WidgetToken {
  issuerId: number;
  /** Days from its creation day to its expiry day (a re-issue keeps the length). */
  daysLong: number;
}

const idOrNull = (v: number | string | null) => (v === null ? null : Number(v));

function toRecord(r: Row): WidgetTokenRecord {
  return {
    id: Number(r.id),
    label: r.label,
    clientId: idOrNull(r.client_id),
    familyId: idOrNull(r.family_id),
    widgets: r.widgets as WidgetKind[],
    origins: r.origins,
    expiresOn: r.expires_on,
    state: r.state,
    hint: r.hint,
    uses: Number(r.uses),
    lastUsedAt: r.last_used_at,
    createdAt: r.created_at,
    revokedAt: r.revoked_at,
    issuerId: Number(r.issuer_id),
    daysLong: Number(r.days_long),
  };
}

/** The contract's view of a record (no issuer, no length). */
export function publicToken(r: WidgetTokenRecord): WidgetToken {
  const { issuerId: _i, daysLong: _d, ...token } = r;
  return token;
}

/** Whose tokens: one client or one family. */
export type WidgetTokenOwner = { clientId: number; familyId: null } | { clientId: null; familyId: number };

const ownerCondition = (owner: WidgetTokenOwner, param: string) =>
  owner.clientId !== null ? `t.client_id = ${param}` : `t.family_id = ${param}`;
const ownerId = (owner: WidgetTokenOwner) => owner.clientId ?? owner.familyId;

/** The owner's tokens issued by the PRO, newest first. */
export async function listWidgetTokens(
  db: Queryable,
  issuerId: number,
  owner: WidgetTokenOwner,
): Promise<WidgetTokenRecord[]> {
  const { rows } = await db.query<Row>(
    `select ${COLUMNS} from widget_tokens t
      where t.issuer_id = $1 and ${ownerCondition(owner, '$2')}
      order by t.created_at desc, t.id desc`,
    [issuerId, ownerId(owner)],
  );
  return rows.map(toRecord);
}

/**
 * Locks the owner's row (the client or the family) until the transaction ends, so that two issues for one owner
 * count its live tokens one after the other.
 */
export async function lockOwner(tx: Queryable, owner: WidgetTokenOwner): Promise<void> {
  await tx.query(`select 1 from ${owner.clientId !== null ? 'clients' : 'families'} where id = $1 for update`, [
    ownerId(owner),
  ]);
}

/** How many live tokens the owner has (whoever issued them). */
export async function countLiveWidgetTokens(db: Queryable, owner: WidgetTokenOwner): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n from widget_tokens t
      where ${ownerCondition(owner, '$1')} and t.revoked_at is null and t.expires_on >= ${ROME_TODAY}`,
    [ownerId(owner)],
  );
  return Number(rows[0]?.n ?? 0);
}

export interface NewWidgetToken {
  issuerId: number;
  owner: WidgetTokenOwner;
  label: string;
  widgets: readonly string[];
  origins: readonly string[];
  expiresOn: string;
  /** The token's SHA-256, hex. */
  hashHex: string;
  hint: string;
}

/** A new token; answers its id. */
export async function insertWidgetToken(tx: Queryable, t: NewWidgetToken): Promise<number> {
  const { rows } = await tx.query<{ id: number | string }>(
    `insert into widget_tokens (issuer_id, client_id, family_id, label, widgets, origins, expires_on, token_hash, hint)
     values ($1, $2, $3, $4, $5::text[], $6::text[], $7::date, decode($8, 'hex'), $9) returning id`,
    [
      t.issuerId,
      t.owner.clientId,
      t.owner.familyId,
      t.label,
      [...t.widgets],
      [...t.origins],
      t.expiresOn,
      t.hashHex,
      t.hint,
    ],
  );
  return Number(rows[0]!.id);
}

/** A token the PRO issued, or null (another's, or none); with lock, its row is locked. */
export async function findWidgetToken(
  db: Queryable,
  issuerId: number,
  id: number,
  lock = false,
): Promise<WidgetTokenRecord | null> {
  const { rows } = await db.query<Row>(
    `select ${COLUMNS} from widget_tokens t where t.id = $1 and t.issuer_id = $2${lock ? ' for update' : ''}`,
    [id, issuerId],
  );
  return rows[0] ? toRecord(rows[0]) : null;
}

/** Revokes a token now (a revoked one keeps its first revocation), naming its successor when re-issued. */
export async function revokeWidgetToken(tx: Queryable, id: number, replacedBy: number | null = null): Promise<void> {
  await tx.query(
    `update widget_tokens set revoked_at = coalesce(revoked_at, now()), replaced_by = coalesce($2, replaced_by)
      where id = $1`,
    [id, replacedBy],
  );
}

/** A token by its SHA-256 (hex), whatever its state, or null. */
export async function findWidgetTokenByHash(db: Queryable, hashHex: string): Promise<WidgetTokenRecord | null> {
  const { rows } = await db.query<Row>(
    `select ${COLUMNS} from widget_tokens t where t.token_hash = decode($1, 'hex')`,
    [hashHex],
  );
  return rows[0] ? toRecord(rows[0]) : null;
}

/** Counts one accepted use of a token. */
export async function countWidgetTokenUse(db: Queryable, id: number): Promise<void> {
  await db.query('update widget_tokens set uses = uses + 1, last_used_at = now() where id = $1', [id]);
}

/**
 * Whether some token, live or not, lists the origin (the CORS preflight's question): a revoked or expired token's
 * sites still get its 401 in readable form, so that the widget says why it shows nothing.
 */
export async function originListedByToken(db: Queryable, origin: string): Promise<boolean> {
  const { rows } = await db.query('select 1 from widget_tokens t where t.origins @> array[$1::text] limit 1', [origin]);
  return rows.length > 0;
}
