// The recalculation: the engine's inputs read from the database in one consistent view and stored as a snapshot
// (migrations 012 and 026), per client (its accounts, portfolios and approved movements) and for the market
// (instruments, prices, FX; analytics_versions id 0), in their binary encoding (snapshot-bytes.ts). It runs as a job on
// the queue (server/src/jobs/), once, in whichever process takes it; every API process's store (store.ts) then loads
// the stored bytes instead of rebuilding them, and holds them as they are (ClientHeld, MarketHeld): only the engine's
// threads decode the movements and prices.
import type {
  Account,
  FxSeries,
  Instrument,
  IsoDate,
  MacroAssetClass,
  Movement,
  PriceSeries,
} from '@patrimonio/engine';
import { clientDisplayNameSql } from '../db/client-name.ts';
import type { Database, Queryable } from '../db/database.ts';
import { clientHeld, encodeClient, encodeMarket, inSharedMemory } from './snapshot-bytes.ts';

/** analytics_versions.client_id of the market data. */
export const MARKET = 0;

export interface MarketData {
  version: number;
  instruments: Map<number, Instrument>;
  prices: Map<number, PriceSeries>;
  fx: FxSeries[];
}

export interface PortfolioInfo {
  id: number;
  name: string;
  testing: boolean;
  accountIds: number[];
  firstMovementDate: IsoDate | null;
  lastQuantityCheckOkDate: IsoDate | null;
}

/** A client's snapshot but its movements: what the scopes are made of. */
export interface ClientHeader {
  version: number;
  clientId: number;
  name: string;
  /** Every account of the client, testing ones included (scopes decide). */
  accounts: Map<number, Account & { testing: boolean }>;
  portfolios: PortfolioInfo[];
}

export interface ClientData extends ClientHeader {
  /** Approved movements by account id, in date order. */
  movementsByAccount: Map<number, Movement[]>;
}

/** The market as an API process holds it: its version and its encoding, which the engine's threads decode. */
export interface MarketHeld {
  version: number;
  bytes: SharedArrayBuffer;
}

/**
 * A client as an API process holds it: what the routes and jobs read (name, accounts, portfolios) and its encoding,
 * movements included, which the engine's threads decode.
 */
export interface ClientHeld extends ClientHeader {
  bytes: SharedArrayBuffer;
}

/** One analytics_versions id's snapshot as held: the market (id 0) or a client. */
export type SnapshotData = { id: typeof MARKET; market: MarketHeld } | { id: number; client: ClientHeld };

/** The map's value for a key, created first if missing. */
function entry<K, V>(map: Map<K, V>, key: K, create: () => V): V {
  let value = map.get(key);
  if (value === undefined) {
    value = create();
    map.set(key, value);
  }
  return value;
}

const numberOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** The database version of each id and the version of its stored snapshot (null: never built). */
export async function readStates(
  db: Queryable,
  ids: ReadonlyArray<number>,
): Promise<Map<number, { version: number; built: number | null }>> {
  const { rows } = await db.query<{ id: string; version: string | null; built: string | null }>(
    `select u.id, v.version, s.version as built
       from unnest($1::bigint[]) as u(id)
       left join analytics_versions v on v.client_id = u.id
       left join analytics_snapshots s on s.client_id = u.id`,
    [ids],
  );
  // A client never written has no analytics_versions row: version 0.
  return new Map(
    rows.map((r) => [Number(r.id), { version: Number(r.version ?? 0), built: numberOrNull(r.built) }] as const),
  );
}

/**
 * Reads one id's data at one version, in a repeatable-read transaction (the version and the rows from the same view of
 * the database), and stores it unless a newer snapshot is there already. The recalculation job's work.
 */
export async function buildSnapshot(db: Database, id: number): Promise<SnapshotData> {
  const data = await db.transaction(async (tx) => {
    await tx.query('set transaction isolation level repeatable read');
    const { rows } = await tx.query<{ version: string }>(
      'select version from analytics_versions where client_id = $1',
      [id],
    );
    const version = Number(rows[0]?.version ?? 0);
    // Encoded at once: the rows and the objects made of them are garbage when this returns.
    const built: SnapshotData =
      id === MARKET
        ? { id, market: { version, bytes: encodeMarket(await loadMarket(tx, version)) } }
        : { id, client: clientHeld(encodeClient(await loadClient(tx, id, version))) };
    return built;
  });
  const bytes = 'market' in data ? data.market.bytes : data.client.bytes;
  await db.query(
    `insert into analytics_snapshots (client_id, version, bytes) values ($1, $2, $3)
     on conflict (client_id) do update set version = excluded.version, bytes = excluded.bytes, built_at = now()
      where analytics_snapshots.version < excluded.version`,
    [id, versionOf(data), Buffer.from(bytes)],
  );
  return data;
}

/**
 * One id's data at the database's current version: the stored snapshot when it is current (the one the recalculation
 * job just stored), else built now from one consistent view and stored, as the job does.
 */
export async function currentSnapshot(db: Database, id: number): Promise<SnapshotData> {
  const state = (await readStates(db, [id])).get(id);
  if (state && state.built !== null && state.built >= state.version) {
    const stored = await readSnapshot(db, id);
    if (stored && versionOf(stored) >= state.version) return stored;
  }
  return buildSnapshot(db, id);
}

/** The stored snapshot of one id, or null when none was built. */
export async function readSnapshot(db: Queryable, id: number): Promise<SnapshotData | null> {
  const { rows } = await db.query<{ version: string; bytes: Uint8Array }>(
    'select version, bytes from analytics_snapshots where client_id = $1',
    [id],
  );
  if (!rows[0]) return null;
  const bytes = inSharedMemory(rows[0].bytes);
  return id === MARKET
    ? { id, market: { version: Number(rows[0].version), bytes } }
    : { id, client: clientHeld(bytes) };
}

export const versionOf = (d: SnapshotData): number => ('market' in d ? d.market.version : d.client.version);

/** The market's data as the database holds it now (in the caller's transaction). */
export async function loadMarket(db: Queryable, version: number): Promise<MarketData> {
  const { rows: ins } = await db.query<Record<string, unknown>>(
    `select i.id, i.isin, i.name, cur.iso as currency, i.asset_class, i.macro_asset_class, i.coupon_rate::float8 as coupon_rate,
        i.coupon_frequency, to_char(i.first_coupon_date, 'YYYY-MM-DD') as first_coupon_date,
        to_char(i.maturity_date, 'YYYY-MM-DD') as maturity_date
       from instruments i join currencies cur on cur.id = i.currency_id`,
  );
  const instruments = new Map<number, Instrument>();
  for (const r of ins) {
    const macro = r.macro_asset_class as MacroAssetClass;
    instruments.set(Number(r.id), {
      id: Number(r.id),
      isin: String(r.isin),
      name: String(r.name),
      currency: String(r.currency),
      assetClass: String(r.asset_class),
      macroAssetClass: macro,
      // DESIGN.md 4: bonds are quoted per 100 of nominal (the same rule as movements.ts PRICE_UNIT_SQL).
      priceUnit: macro === 'Bond' ? 100 : 1,
      couponRate: numberOrNull(r.coupon_rate),
      couponFrequency: numberOrNull(r.coupon_frequency) as Instrument['couponFrequency'],
      firstCouponDate: (r.first_coupon_date as string | null) ?? null,
      maturityDate: (r.maturity_date as string | null) ?? null,
    });
  }
  const { rows: px } = await db.query<{ instrument_id: string; date: string; price: number }>(
    `select instrument_id, to_char(date, 'YYYY-MM-DD') as date, price::float8 as price from prices
      order by instrument_id, date`,
  );
  const prices = new Map<number, PriceSeries>();
  for (const r of px) {
    const id = Number(r.instrument_id);
    const s = entry(prices, id, () => ({ instrumentId: id, points: [] }));
    (s.points as Array<{ date: string; price: number }>).push({ date: r.date, price: Number(r.price) });
  }
  const { rows: rates } = await db.query<{ iso: string; date: string; rate: number }>(
    `select cur.iso, to_char(f.date, 'YYYY-MM-DD') as date, f.rate::float8 as rate
       from fx_rates f join currencies cur on cur.id = f.currency_id order by cur.iso, f.date`,
  );
  const fx = new Map<string, FxSeries>();
  for (const r of rates) {
    const s = entry(fx, r.iso, () => ({ currency: r.iso, points: [] }));
    (s.points as Array<{ date: string; rate: number }>).push({ date: r.date, rate: Number(r.rate) });
  }
  return { version, instruments, prices, fx: [...fx.values()] };
}

/** A client's data as the database holds it now (in the caller's transaction). */
export async function loadClient(db: Queryable, clientId: number, version: number): Promise<ClientData> {
  const { rows: c } = await db.query<{ name: string }>(
    `select ${clientDisplayNameSql('c')} as name from clients c where c.id = $1`,
    [clientId],
  );
  const name = c[0]?.name ?? '';
  const { rows: acc } = await db.query<Record<string, unknown>>(
    `select a.id, a.name, a.account_type, cur.iso as currency, a.financial_intermediary_id, fi.name as intermediary_name,
        a.testing
       from accounts a
       join currencies cur on cur.id = a.currency_id
       join financial_intermediaries fi on fi.id = a.financial_intermediary_id
      where a.client_id = $1`,
    [clientId],
  );
  const accounts = new Map<number, Account & { testing: boolean }>();
  for (const r of acc) {
    accounts.set(Number(r.id), {
      id: Number(r.id),
      name: String(r.name),
      accountType: r.account_type as Account['accountType'],
      currency: String(r.currency),
      intermediaryId: Number(r.financial_intermediary_id),
      intermediaryName: String(r.intermediary_name),
      ownerId: clientId,
      ownerName: name,
      testing: Boolean(r.testing),
    });
  }
  const { rows: ptf } = await db.query<Record<string, unknown>>(
    `select p.id, p.name, p.testing, to_char(p.first_movement_date, 'YYYY-MM-DD') as first_movement_date,
        to_char(p.last_quantity_check_ok_date, 'YYYY-MM-DD') as last_check,
        coalesce(array_agg(pa.account_id order by pa.account_id) filter (where pa.account_id is not null), '{}') as account_ids
       from portfolios p left join portfolio_accounts pa on pa.portfolio_id = p.id
      where p.client_id = $1 group by p.id order by p.id`,
    [clientId],
  );
  const portfolios: PortfolioInfo[] = ptf.map((r) => ({
    id: Number(r.id),
    name: String(r.name),
    testing: Boolean(r.testing),
    accountIds: (r.account_ids as Array<string | number>).map(Number),
    firstMovementDate: (r.first_movement_date as string | null) ?? null,
    lastQuantityCheckOkDate: (r.last_check as string | null) ?? null,
  }));
  const { rows: mv } = await db.query<Record<string, unknown>>(
    `select m.id, m.account_id, m.offset_account_id, to_char(m.date_time, 'YYYY-MM-DD') as date, m.cause, m.subcause,
        cur.iso as currency, m.instrument_id, m.quantity::float8 as quantity, m.price::float8 as price,
        m.amount::float8 as amount
       from movements m join accounts a on a.id = m.account_id join currencies cur on cur.id = m.currency_id
      where a.client_id = $1 and m.status = 'APPROVED'
      order by m.date_time, m.id`,
    [clientId],
  );
  const movementsByAccount = new Map<number, Movement[]>();
  for (const r of mv) {
    const accountId = Number(r.account_id);
    entry(movementsByAccount, accountId, () => [] as Movement[]).push({
      id: Number(r.id),
      accountId,
      offsetAccountId: numberOrNull(r.offset_account_id),
      date: String(r.date),
      cause: r.cause as Movement['cause'],
      subcause: (r.subcause as Movement['subcause']) ?? null,
      currency: String(r.currency),
      instrumentId: numberOrNull(r.instrument_id),
      quantity: numberOrNull(r.quantity),
      price: numberOrNull(r.price),
      amount: Number(r.amount),
    });
  }
  return { version, clientId, name, accounts, portfolios, movementsByAccount };
}
