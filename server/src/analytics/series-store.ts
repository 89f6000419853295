// The stored valuation series (valuation_series and analytics_changes, migration 025): which scopes are stored, the
// first day a stored series may differ from the data at given versions, and the reads and writes of the rows.
// The analytics-series job (server/src/jobs/analytics.ts) writes them; the store (store.ts) reads them for requests.
import type { Queryable } from '../db/database.ts';
import type { InputSpec } from './inputs.ts';
import type { FiguresRef } from './pool.ts';
import { inSharedMemory } from './snapshot-bytes.ts';
import { type ClientHeader, MARKET } from './snapshots.ts';

/** A stored series' row key: a client and 'client' (its aggregate) or 'portfolio:<id>'. */
export interface FiguresKey {
  clientId: number;
  scope: string;
}

/** The stored scope of a spec: the default views (no testing accounts) of a portfolio or of a client; else null. */
export function figuresKey(spec: InputSpec): FiguresKey | null {
  if (spec.kind === 'portfolio' && !spec.withTesting)
    return { clientId: spec.clientId, scope: `portfolio:${spec.portfolioId}` };
  if (spec.kind === 'client' && !spec.withTesting) return { clientId: spec.clientId, scope: 'client' };
  return null;
}

/** The scopes of a client whose series are stored, with their specs: the aggregate and each non-testing portfolio. */
export function storedScopes(client: ClientHeader): Array<{ scope: string; spec: InputSpec }> {
  const clientId = client.clientId;
  return [
    { scope: 'client', spec: { kind: 'client', clientId, withTesting: false } },
    ...client.portfolios
      .filter((p) => !p.testing)
      .map((p) => ({
        scope: `portfolio:${p.id}`,
        spec: { kind: 'portfolio', clientId, portfolioId: p.id, withTesting: false } as const,
      })),
  ];
}

/** A stored series' versions and range (its figures are read separately: they are large). */
export interface StoredSeries {
  clientVersion: number;
  marketVersion: number;
  rangeStart: string;
  rangeEnd: string;
  daysValued: number;
}

/** The stored series of one scope, without its figures; null when none is stored. */
export async function readStoredSeries(db: Queryable, key: FiguresKey): Promise<StoredSeries | null> {
  const { rows } = await db.query<{
    client_version: string;
    market_version: string;
    range_start: string;
    range_end: string;
    days_valued: number;
  }>(
    `select client_version, market_version, to_char(range_start, 'YYYY-MM-DD') as range_start,
        to_char(range_end, 'YYYY-MM-DD') as range_end, days_valued
       from valuation_series where client_id = $1 and scope = $2`,
    [key.clientId, key.scope],
  );
  const r = rows[0];
  return r
    ? {
        clientVersion: Number(r.client_version),
        marketVersion: Number(r.market_version),
        rangeStart: r.range_start,
        rangeEnd: r.range_end,
        daysValued: Number(r.days_valued),
      }
    : null;
}

/**
 * The figures of a stored series at the versions given, in shared memory for the engine's threads; null when the row
 * was replaced by other versions meanwhile.
 */
export async function readFigures(
  db: Queryable,
  key: FiguresKey,
  versions: { clientVersion: number; marketVersion: number },
): Promise<SharedArrayBuffer | null> {
  const { rows } = await db.query<{ figures: Uint8Array }>(
    'select figures from valuation_series where client_id = $1 and scope = $2 and client_version = $3 and market_version = $4',
    [key.clientId, key.scope, versions.clientVersion, versions.marketVersion],
  );
  const bytes = rows[0]?.figures;
  return bytes ? inSharedMemory(bytes) : null;
}

/**
 * The first day the data at (clientVersion, marketVersion) may differ from a series stored at (from.clientVersion,
 * from.marketVersion): the earliest changed_from of the versions between. 'same' when no version moved; null when a
 * change moved every day, or when a version between has no row (the series was stored before changes were recorded).
 */
export async function changedSince(
  db: Queryable,
  clientId: number,
  from: { clientVersion: number; marketVersion: number },
  to: { clientVersion: number; marketVersion: number },
): Promise<string | null | 'same'> {
  if (from.clientVersion === to.clientVersion && from.marketVersion === to.marketVersion) return 'same';
  if (from.clientVersion > to.clientVersion || from.marketVersion > to.marketVersion) return null;
  const { rows } = await db.query<{ n: string; undated: boolean | null; first: string | null }>(
    `select count(*) as n, bool_or(changed_from is null) as undated, to_char(min(changed_from), 'YYYY-MM-DD') as first
       from analytics_changes
      where (client_id = $1 and version > $2 and version <= $3) or (client_id = $4 and version > $5 and version <= $6)`,
    [clientId, from.clientVersion, to.clientVersion, MARKET, from.marketVersion, to.marketVersion],
  );
  const r = rows[0]!;
  const expected = to.clientVersion - from.clientVersion + (to.marketVersion - from.marketVersion);
  if (Number(r.n) !== expected || r.undated) return null;
  return r.first;
}

/**
 * What the engine's threads get to make a scope's series at the data versions given: the stored figures, in shared
 * memory, with the first day the data may differ from them; null when none are stored, or every day may differ.
 */
export async function figuresRef(
  db: Queryable,
  key: FiguresKey,
  versions: { clientVersion: number; marketVersion: number },
  /** The scope's row as the caller read it already (undefined: read here). */
  known?: StoredSeries | null,
): Promise<FiguresRef | null> {
  const stored = known === undefined ? await readStoredSeries(db, key) : known;
  if (!stored) return null;
  const changed = await changedSince(db, key.clientId, stored, versions);
  if (changed === null) return null;
  const bytes = await readFigures(db, key, stored);
  return bytes && { bytes, changedFrom: changed === 'same' ? null : changed };
}

/** Stores a scope's series unless one of later versions is there already. */
export async function storeSeries(
  db: Queryable,
  key: FiguresKey,
  row: StoredSeries & { figures: Uint8Array },
): Promise<void> {
  await db.query(
    `insert into valuation_series
       (client_id, scope, client_version, market_version, range_start, range_end, days_valued, figures)
     values ($1, $2, $3, $4, $5, $6, $7, $8)
     on conflict (client_id, scope) do update set client_version = excluded.client_version,
       market_version = excluded.market_version, range_start = excluded.range_start, range_end = excluded.range_end,
       days_valued = excluded.days_valued, figures = excluded.figures, built_at = now()
      where valuation_series.client_version <= excluded.client_version
        and valuation_series.market_version <= excluded.market_version`,
    [
      key.clientId,
      key.scope,
      row.clientVersion,
      row.marketVersion,
      row.rangeStart,
      row.rangeEnd,
      row.daysValued,
      Buffer.from(row.figures.buffer, row.figures.byteOffset, row.figures.byteLength),
    ],
  );
}

/** Drops the stored series of a client but those of `scopes` (a portfolio deleted or made a testing one, no series). */
export async function dropOtherSeries(db: Queryable, clientId: number, scopes: ReadonlyArray<string>): Promise<void> {
  await db.query('delete from valuation_series where client_id = $1 and scope <> all($2::text[])', [clientId, scopes]);
}

/**
 * Forgets the changes no stored series needs any more: a client's up to the oldest version its series are stored at
 * (all of them when it has none), the market's up to the oldest market version of any stored series.
 */
export async function pruneChanges(db: Queryable, clientId: number): Promise<void> {
  await db.query(
    `delete from analytics_changes c
      where (c.client_id = $1 and c.version <= coalesce(
               (select min(client_version) from valuation_series where client_id = $1),
               (select version from analytics_versions where client_id = $1), 0))
         or (c.client_id = $2 and c.version <= coalesce(
               (select min(market_version) from valuation_series),
               (select version from analytics_versions where client_id = $2), 0))`,
    [clientId, MARKET],
  );
}

/**
 * The clients with accounts: the market's changes move their series (and one whose series waited for the market's
 * rebuild gets them then).
 */
export async function clientsWithAccounts(db: Queryable): Promise<number[]> {
  const { rows } = await db.query<{ id: string }>('select distinct client_id as id from accounts');
  return rows.map((r) => Number(r.id));
}
