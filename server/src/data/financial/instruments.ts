// The instruments table (stocks, bonds, funds, ETFs by ISIN; reference data) and their end-of-day prices.
import type { routes } from '@patrimonio/shared-api';
import type { Static } from 'typebox';
import type { Queryable, Row } from '../../db/database.ts';
import { isoDate, likePattern, Params, paging } from '../sql.ts';

export type Stock = Static<(typeof routes.createStock.response)[200]>;
type StockDetail = Static<(typeof routes.getStock.response)[200]>;

const STOCK_SORT = {
  isin: 'i.isin',
  name: 'lower(i.name)',
  currency: 'cur.iso',
  assetClass: 'lower(i.asset_class)',
  macroAssetClass: 'i.macro_asset_class',
};

const STOCK_SELECT = `select i.*, cur.iso as currency_iso, cur.symbol as currency_symbol,
      lp.price as last_price, lp.date as last_price_date, lp.source as last_price_source
    from instruments i
    join currencies cur on cur.id = i.currency_id
    left join lateral (select p.price, p.date, p.source from prices p where p.instrument_id = i.id order by p.date desc limit 1) lp
      on true`;

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

function toStock(r: Row): Stock {
  return {
    id: Number(r.id),
    isin: String(r.isin),
    name: String(r.name),
    currency: String(r.currency_iso),
    currencySymbol: String(r.currency_symbol),
    assetClass: String(r.asset_class),
    macroAssetClass: r.macro_asset_class as Stock['macroAssetClass'],
    couponRate: num(r.coupon_rate),
    couponFrequency: num(r.coupon_frequency),
    firstCouponDate: isoDate(r.first_coupon_date),
    maturityDate: isoDate(r.maturity_date),
    lastPrice: num(r.last_price),
    lastPriceDate: isoDate(r.last_price_date),
    lastPriceSource: (r.last_price_source ?? null) as Stock['lastPriceSource'],
  };
}

/** The instrument with its last price, or undefined; with lock, locked for the rest of the transaction. */
export async function findStock(db: Queryable, id: number, lock = false): Promise<Stock | undefined> {
  const { rows } = await db.query(`${STOCK_SELECT} where i.id = $1${lock ? ' for update of i' : ''}`, [id]);
  return rows[0] ? toStock(rows[0]) : undefined;
}

/** One page of instruments matching q (name or ISIN), sorted `field[,asc|desc]` (default name ascending). */
export async function listStocks(db: Queryable, q: { q?: string; page?: number; size?: number; sort?: string }) {
  // A field without a direction sorts ascending.
  const sort = q.sort ? (q.sort.includes(',') ? q.sort : `${q.sort},asc`) : 'name,asc';
  const pg = paging({ page: q.page, size: q.size ?? 10, sort }, STOCK_SORT, 'i');
  const p = new Params();
  let where = 'true';
  if (q.q?.trim()) {
    const like = p.add(likePattern(q.q.trim()));
    where = `(i.name ilike ${like} or i.isin ilike ${like})`;
  }
  const total = await db.query<{ n: number }>(
    `select count(*)::int as n from instruments i join currencies cur on cur.id = i.currency_id where ${where}`,
    p.values,
  );
  const { rows } = await db.query(`${STOCK_SELECT} where ${where} order by ${pg.orderBy} ${pg.limit}`, p.values);
  return { item: rows.map(toStock), total: Number(total.rows[0]?.n ?? 0), page: pg.page, size: pg.size };
}

/** Where the prices come from: the counts of each source and the runs of one source in date order (gaps and islands). */
export async function priceSources(db: Queryable, id: number): Promise<StockDetail['priceSources']> {
  const { rows } = await db.query<{ source: string; from: unknown; to: unknown; n: number }>(
    `select source, min(date) as from, max(date) as to, count(*)::int as n
       from (select date, source,
                    row_number() over (order by date) - row_number() over (partition by source order by date) as run
               from prices where instrument_id = $1) p
      group by source, run
      order by min(date)`,
    [id],
  );
  const ranges = rows.map((r) => ({
    source: r.source as 'demo' | 'upload',
    from: String(isoDate(r.from)),
    to: String(isoDate(r.to)),
    count: Number(r.n),
  }));
  const total = (source: string) => ranges.filter((r) => r.source === source).reduce((sum, r) => sum + r.count, 0);
  const demo = total('demo');
  const upload = total('upload');
  return { demo, upload, mixed: demo > 0 && upload > 0, ranges };
}

/** The instrument's currency and how many prices and movements in that currency it has, or undefined. */
export async function currencyUsage(
  db: Queryable,
  id: number,
): Promise<{ iso: string; currencyId: number; prices: number; movements: number } | undefined> {
  const { rows } = await db.query<{ iso: string; currency_id: number; prices: number; movements: number }>(
    `select c.iso, i.currency_id,
            (select count(*)::int from prices p where p.instrument_id = i.id) as prices,
            (select count(*)::int from movements m where m.instrument_id = i.id and m.currency_id = i.currency_id) as movements
       from instruments i join currencies c on c.id = i.currency_id where i.id = $1`,
    [id],
  );
  const r = rows[0];
  return r
    ? {
        iso: String(r.iso),
        currencyId: Number(r.currency_id),
        prices: Number(r.prices),
        movements: Number(r.movements),
      }
    : undefined;
}

/** Another instrument (not exceptId) with this ISIN, or undefined. */
export async function instrumentWithIsin(
  db: Queryable,
  isin: string,
  exceptId: number | null,
): Promise<{ id: number; name: string } | undefined> {
  const { rows } = await db.query<{ id: number; name: string }>(
    'select id, name from instruments where isin = $1 and id is distinct from $2',
    [isin, exceptId],
  );
  return rows[0] ? { id: Number(rows[0].id), name: rows[0].name } : undefined;
}

export interface InstrumentValues {
  isin: string;
  name: string;
  currencyId: number;
  assetClass: string;
  macroAssetClass: string;
  couponRate: number | null;
  couponFrequency: number | null;
  firstCouponDate: string | null;
  maturityDate: string | null;
}

const instrumentParams = (v: InstrumentValues) => [
  v.isin,
  v.name,
  v.currencyId,
  v.assetClass,
  v.macroAssetClass,
  v.couponRate,
  v.couponFrequency,
  v.firstCouponDate,
  v.maturityDate,
];

/** Inserts an instrument and returns its id (a duplicate ISIN is a unique violation). */
export async function insertInstrument(db: Queryable, v: InstrumentValues): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `insert into instruments (isin, name, currency_id, asset_class, macro_asset_class, coupon_rate,
       coupon_frequency, first_coupon_date, maturity_date)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning id`,
    instrumentParams(v),
  );
  return Number(rows[0]?.id);
}

export async function updateInstrument(db: Queryable, id: number, v: InstrumentValues): Promise<void> {
  await db.query(
    `update instruments set isin = $2, name = $3, currency_id = $4, asset_class = $5, macro_asset_class = $6,
       coupon_rate = $7, coupon_frequency = $8, first_coupon_date = $9, maturity_date = $10, updated_at = now()
     where id = $1`,
    [id, ...instrumentParams(v)],
  );
}

/** One page of an instrument's prices, newest first, within the dates when given. */
export async function listPrices(
  db: Queryable,
  instrumentId: number,
  q: { dateFrom?: string; dateTo?: string; page: number; size: number },
): Promise<{ rows: { date: string; price: number; source: 'upload' | 'demo' }[]; total: number }> {
  const p = new Params();
  let where = `pr.instrument_id = ${p.add(instrumentId)}`;
  if (q.dateFrom) where += ` and pr.date >= ${p.add(q.dateFrom)}`;
  if (q.dateTo) where += ` and pr.date <= ${p.add(q.dateTo)}`;
  const total = await db.query<{ n: number }>(`select count(*)::int as n from prices pr where ${where}`, p.values);
  const { rows } = await db.query(
    `select pr.date, pr.price, pr.source from prices pr where ${where} order by pr.date desc limit ${q.size} offset ${(q.page - 1) * q.size}`,
    p.values,
  );
  return {
    rows: rows.map((r) => ({
      date: String(isoDate(r.date)),
      price: Number(r.price),
      source: r.source as 'upload' | 'demo',
    })),
    total: Number(total.rows[0]?.n ?? 0),
  };
}

/** The id of the instrument with this id and/or ISIN (both must match when both are given), or undefined. */
export async function findInstrumentId(
  db: Queryable,
  by: { id?: number | null; isin?: string | null },
): Promise<number | undefined> {
  const p = new Params();
  const conds: string[] = [];
  if (by.id != null) conds.push(`id = ${p.add(by.id)}`);
  if (by.isin) conds.push(`isin = ${p.add(by.isin.toUpperCase())}`);
  const { rows } = await db.query<{ id: number }>(`select id from instruments where ${conds.join(' and ')}`, p.values);
  return rows[0] ? Number(rows[0].id) : undefined;
}

/** ISIN -> instrument id and whether it is a bond, for these ISINs (one query). */
export async function instrumentIds(
  db: Queryable,
  isins: string[],
): Promise<Map<string, { id: number; bond: boolean }>> {
  const { rows } = await db.query<{ id: number; isin: string; macro_asset_class: string }>(
    'select id, isin, macro_asset_class from instruments where isin = any($1::text[])',
    [[...new Set(isins)]],
  );
  return new Map(rows.map((r) => [String(r.isin), { id: Number(r.id), bond: r.macro_asset_class === 'Bond' }]));
}

/** ISIN -> instrument id, name and the ISO code of its currency, for these ISINs (one query). */
export async function instrumentsByIsin(
  db: Queryable,
  isins: string[],
): Promise<Map<string, { id: number; name: string; iso: string; currencyId: number }>> {
  const { rows } = await db.query<{ id: number; isin: string; name: string; iso: string; currency_id: number }>(
    `select i.id, i.isin, i.name, c.iso, i.currency_id from instruments i join currencies c on c.id = i.currency_id
      where i.isin = any($1::text[])`,
    [[...new Set(isins)]],
  );
  return new Map(
    rows.map((k) => [
      String(k.isin),
      { id: Number(k.id), name: String(k.name), iso: String(k.iso), currencyId: Number(k.currency_id) },
    ]),
  );
}
