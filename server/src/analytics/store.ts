// The engine's inputs, read from the database and kept in memory: the market (instruments, prices, FX) and, per
// client, its accounts, portfolios and approved movements. Every write to those tables bumps a version in
// analytics_versions (migration 008, triggers), so the store knows what is stale whoever wrote the rows.
//
// Recalculation (issue 4): a request never waits for a reload of data it already has. Stale data is reloaded by a
// background job while requests keep answering from the previous copy with recalculationInProgress true; the portal
// polls every 15 s. Only data never loaded since start is read in the request itself (one client's rows).
import type {
  Account,
  FxSeries,
  Instrument,
  IsoDate,
  MacroAssetClass,
  Movement,
  PortfolioInput,
  PriceSeries,
} from '@patrimonio/engine';
import type { FastifyBaseLogger } from 'fastify';
import { clientDisplayNameSql } from '../db/client-name.ts';
import type { Queryable } from '../db/database.ts';

/** analytics_versions.client_id of the market data. */
const MARKET = 0;

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

export interface ClientData {
  version: number;
  clientId: number;
  name: string;
  /** Every account of the client, testing ones included (scopes decide). */
  accounts: Map<number, Account & { testing: boolean }>;
  portfolios: PortfolioInfo[];
  /** Approved movements by account id, in date order. */
  movementsByAccount: Map<number, Movement[]>;
}

/** A snapshot to compute from, and whether a newer version is being loaded. */
export interface Snapshot<T> {
  data: T;
  stale: boolean;
  /** The database versions of the market (0) and the clients read for this snapshot. */
  versions: ReadonlyMap<number, number>;
}

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

async function readVersions(db: Queryable, ids: number[]): Promise<Map<number, number>> {
  const { rows } = await db.query<{ client_id: string; version: string }>(
    'select client_id, version from analytics_versions where client_id = any($1::bigint[])',
    [ids],
  );
  // A client never written has no row: version 0.
  const out = new Map(ids.map((id) => [id, 0]));
  for (const r of rows) out.set(Number(r.client_id), Number(r.version));
  return out;
}

async function loadMarket(db: Queryable, version: number): Promise<MarketData> {
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

async function loadClient(db: Queryable, clientId: number, version: number): Promise<ClientData> {
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

/**
 * The engine input for a set of accounts of loaded clients: their movements (in date order), the instruments those
 * movements name with their prices, and every FX series. A trade's cash side on an account outside the set is left
 * out with that account (its portfolio sees it).
 */
export function inputFor(
  market: MarketData,
  parts: ReadonlyArray<{ client: ClientData; accountIds: ReadonlyArray<number> }>,
): PortfolioInput {
  const accounts: Account[] = [];
  const movements: Movement[] = [];
  const instrumentIds = new Set<number>();
  for (const { client, accountIds } of parts) {
    for (const id of accountIds) {
      const a = client.accounts.get(id);
      if (!a) continue;
      const { testing: _testing, ...account } = a;
      accounts.push(account);
      for (const m of client.movementsByAccount.get(id) ?? []) {
        movements.push(m);
        if (m.instrumentId != null) instrumentIds.add(m.instrumentId);
      }
    }
  }
  // One account set may mix clients (families): keep one date order across them (stable for equal dates).
  movements.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const instruments: Instrument[] = [];
  const prices: PriceSeries[] = [];
  for (const id of instrumentIds) {
    const i = market.instruments.get(id);
    if (!i) continue;
    instruments.push(i);
    const p = market.prices.get(id);
    if (p) prices.push(p);
  }
  return { accounts, instruments, movements, prices, fx: market.fx };
}

/** The in-memory copies and the background reloads. One per app (app.analytics). */
export class AnalyticsStore {
  private market: MarketData | null = null;
  private readonly clients = new Map<number, ClientData>();
  /** Reloads under way, by analytics_versions id, so that each runs once. */
  private readonly reloading = new Map<number, Promise<void>>();

  constructor(
    private readonly db: Queryable,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * The market and the clients' data to compute from. Data never loaded is read now; data with a newer version in
   * the database is reloaded in the background and answered from the previous copy with stale true.
   */
  async snapshot(clientIds: ReadonlyArray<number>): Promise<Snapshot<{ market: MarketData; clients: ClientData[] }>> {
    const ids = [MARKET, ...new Set(clientIds)];
    const versions = await readVersions(this.db, ids);
    let stale = false;
    const current = (id: number) => (id === MARKET ? this.market?.version : this.clients.get(id)?.version);
    const missing: number[] = [];
    for (const id of ids) {
      const have = current(id);
      if (have === undefined) missing.push(id);
      else if (have !== versions.get(id)) {
        stale = true;
        this.reloadInBackground(id);
      }
    }
    // First use since start: read now (a request can only compute from data it has).
    await Promise.all(missing.map((id) => this.reload(id, versions.get(id) ?? 0)));
    return {
      data: { market: this.market!, clients: clientIds.map((id) => this.clients.get(id)!) },
      stale: stale || ids.some((id) => this.reloading.has(id)),
      versions,
    };
  }

  /** Resolves when no reload is under way (tests, and an orderly shutdown). */
  async idle(): Promise<void> {
    while (this.reloading.size) await Promise.allSettled([...this.reloading.values()]);
  }

  /** Loads every client with financial data in the background, so that first requests find it (server start). */
  warmUp(): void {
    const run = async () => {
      const { rows } = await this.db.query<{ id: string }>('select distinct client_id as id from accounts');
      this.reloadInBackground(MARKET);
      for (const r of rows) this.reloadInBackground(Number(r.id));
      await this.idle();
    };
    run().catch((err) => this.log.error({ err }, 'analytics warm-up failed'));
  }

  private reloadInBackground(id: number): void {
    if (this.reloading.has(id)) return;
    const job = (async () => {
      // Read the version first: a write during the load bumps it again and the next request reloads.
      const version = (await readVersions(this.db, [id])).get(id) ?? 0;
      await this.reload(id, version);
    })()
      .catch((err) => this.log.error({ err, clientId: id }, 'analytics reload failed'))
      .finally(() => this.reloading.delete(id));
    this.reloading.set(id, job);
  }

  private async reload(id: number, version: number): Promise<void> {
    const started = performance.now();
    if (id === MARKET) this.market = await loadMarket(this.db, version);
    else this.clients.set(id, await loadClient(this.db, id, version));
    this.log.debug({ clientId: id, version, ms: Math.round(performance.now() - started) }, 'analytics data loaded');
  }
}
