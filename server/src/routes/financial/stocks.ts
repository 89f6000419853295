// Instruments (stocks, bonds, funds, ETFs) and their end-of-day prices. Reference data: every signed-in role reads
// them; only ADMIN and BACK_OFFICE add or edit them (403 for the others). ISINs are checked (country, Luhn check
// digit); a duplicate ISIN answers 409 duplicate_instrument naming the instrument already there. The currency cannot
// change while prices or movements exist in the old one (409 currency_in_use with the counts): prices are stored in
// the instrument's currency, so the change would relabel them without converting them. GET /stock/{id} tells where
// the instrument's prices come from (demo seed or upload) and the date ranges of each.
import { checkIsin, routes } from '@patrimonio/shared-api';
import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import { audit } from '../../access/audit.ts';
import { isoDate, likePattern, Params, paging } from '../../data/sql.ts';
import type { Queryable, Row } from '../../db/database.ts';
import { conflictOnUnique } from '../../db/errors.ts';
import { caller } from '../../plugins/auth.ts';
import { badRequest, type FieldError, HttpError, notFound } from '../../plugins/errors.ts';
import { route } from '../../plugins/route.ts';

type Stock = Static<(typeof routes.createStock.response)[200]>;
type StockDetail = Static<(typeof routes.getStock.response)[200]>;
type StockInput = Static<typeof routes.createStock.body>;

export const STOCK_WRITERS = ['ADMIN', 'BACK_OFFICE'] as const;

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

async function getStock(db: Queryable, id: number, lock = false): Promise<Stock> {
  const { rows } = await db.query(`${STOCK_SELECT} where i.id = $1${lock ? ' for update of i' : ''}`, [id]);
  if (!rows[0]) throw notFound();
  return toStock(rows[0]);
}

/** Checks a body beyond its schema; answers the values to write. 400 lists every field at fault. */
async function checkInput(db: Queryable, body: StockInput) {
  const fields: FieldError[] = [];
  const isin = checkIsin(body.isin);
  if (!isin.valid) fields.push({ field: 'body.isin', message: `invalid ISIN (${isin.reason})` });
  const { rows } = await db.query<{ id: number }>('select id from currencies where iso = $1', [body.currency]);
  if (!rows[0]) fields.push({ field: 'body.currency', message: 'unknown currency' });
  const bond = body.macroAssetClass === 'Bond';
  for (const f of ['couponRate', 'couponFrequency'] as const)
    if (!bond && body[f] !== undefined && body[f] !== null)
      fields.push({ field: `body.${f}`, message: 'only for a Bond' });
  if (body.firstCouponDate && body.maturityDate && body.firstCouponDate > body.maturityDate)
    fields.push({ field: 'body.maturityDate', message: 'before the first coupon date' });
  if (fields.length || !isin.valid || !rows[0]) throw badRequest(fields);
  return {
    isin: isin.isin,
    name: body.name.trim(),
    currencyId: Number(rows[0].id),
    assetClass: body.assetClass.trim(),
    macroAssetClass: body.macroAssetClass,
    couponRate: body.couponRate ?? null,
    couponFrequency: body.couponFrequency ?? null,
    firstCouponDate: body.firstCouponDate ?? null,
    maturityDate: body.maturityDate ?? null,
  };
}

/** Where the prices come from: the counts of each source and the runs of one source in date order (gaps and islands). */
async function priceSources(db: Queryable, id: number): Promise<StockDetail['priceSources']> {
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

/**
 * 409 currency_in_use when the currency would change while prices (stored in the instrument's currency) or
 * movements of the instrument in the old currency exist: the change would relabel them without converting them.
 */
async function assertCurrencyFree(db: Queryable, id: number, currencyId: number): Promise<void> {
  const { rows } = await db.query<{ iso: string; currency_id: number; prices: number; movements: number }>(
    `select c.iso, i.currency_id,
            (select count(*)::int from prices p where p.instrument_id = i.id) as prices,
            (select count(*)::int from movements m where m.instrument_id = i.id and m.currency_id = i.currency_id) as movements
       from instruments i join currencies c on c.id = i.currency_id where i.id = $1`,
    [id],
  );
  const r = rows[0];
  if (!r || Number(r.currency_id) === currencyId) return;
  const prices = Number(r.prices);
  const movements = Number(r.movements);
  if (prices === 0 && movements === 0) return;
  throw new HttpError(
    409,
    `The instrument has ${prices} prices and ${movements} movements in ${r.iso}: changing its currency would relabel them without converting them`,
    'currency_in_use',
    undefined,
    { currency: String(r.iso), prices, movements },
  );
}

/** 409 when another instrument has this ISIN, naming it. */
async function assertIsinFree(db: Queryable, isin: string, exceptId: number | null): Promise<void> {
  const { rows } = await db.query<{ id: number; name: string }>(
    'select id, name from instruments where isin = $1 and id is distinct from $2',
    [isin, exceptId],
  );
  if (rows[0]) throw duplicate(isin, rows[0]);
}

const duplicate = (isin: string, other: { id: number; name: string }) =>
  new HttpError(
    409,
    `ISIN ${isin} already belongs to instrument "${other.name}" (id ${Number(other.id)})`,
    'duplicate_instrument',
  );

/** A unique violation raced past the check: the same 409 (the transaction is aborted, so no look-up). */
function onWriteError(err: unknown, isin: string): never {
  conflictOnUnique(err, 'duplicate_instrument', `ISIN ${isin} already belongs to another instrument`);
}

export async function stockRoutes(app: FastifyInstance): Promise<void> {
  route(app, routes.listStocks, async (request) => {
    const q = request.query;
    // A field without a direction sorts ascending.
    const sort = q.sort ? (q.sort.includes(',') ? q.sort : `${q.sort},asc`) : 'name,asc';
    const pg = paging({ page: q.page, size: q.size ?? 10, sort }, STOCK_SORT, 'i');
    const p = new Params();
    let where = 'true';
    if (q.q?.trim()) {
      const like = p.add(likePattern(q.q.trim()));
      where = `(i.name ilike ${like} or i.isin ilike ${like})`;
    }
    const total = await app.db.query<{ n: number }>(
      `select count(*)::int as n from instruments i join currencies cur on cur.id = i.currency_id where ${where}`,
      p.values,
    );
    const { rows } = await app.db.query(`${STOCK_SELECT} where ${where} order by ${pg.orderBy} ${pg.limit}`, p.values);
    return { item: rows.map(toStock), total: Number(total.rows[0]?.n ?? 0), page: pg.page, size: pg.size };
  });

  route(app, routes.getStock, async (request) => {
    const stock = await getStock(app.db, request.params.id);
    return { ...stock, priceSources: await priceSources(app.db, stock.id) };
  });

  route(
    app,
    routes.createStock,
    async (request) => {
      const user = caller(request);
      const v = await checkInput(app.db, request.body);
      return app.db.transaction(async (tx) => {
        await assertIsinFree(tx, v.isin, null);
        const { rows } = await tx
          .query<{ id: number }>(
            `insert into instruments (isin, name, currency_id, asset_class, macro_asset_class, coupon_rate,
               coupon_frequency, first_coupon_date, maturity_date)
             values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning id`,
            [
              v.isin,
              v.name,
              v.currencyId,
              v.assetClass,
              v.macroAssetClass,
              v.couponRate,
              v.couponFrequency,
              v.firstCouponDate,
              v.maturityDate,
            ],
          )
          .catch((err) => onWriteError(err, v.isin));
        const id = Number(rows[0]?.id);
        const after = await getStock(tx, id);
        await audit(tx, user, 'create', 'instrument', id, null, after);
        return after;
      });
    },
    { roles: STOCK_WRITERS },
  );

  route(
    app,
    routes.updateStock,
    async (request) => {
      const user = caller(request);
      const id = request.params.id;
      return app.db.transaction(async (tx) => {
        const before = await getStock(tx, id, true);
        const v = await checkInput(tx, request.body);
        await assertIsinFree(tx, v.isin, id);
        await assertCurrencyFree(tx, id, v.currencyId);
        await tx
          .query(
            `update instruments set isin = $2, name = $3, currency_id = $4, asset_class = $5, macro_asset_class = $6,
               coupon_rate = $7, coupon_frequency = $8, first_coupon_date = $9, maturity_date = $10, updated_at = now()
             where id = $1`,
            [
              id,
              v.isin,
              v.name,
              v.currencyId,
              v.assetClass,
              v.macroAssetClass,
              v.couponRate,
              v.couponFrequency,
              v.firstCouponDate,
              v.maturityDate,
            ],
          )
          .catch((err) => onWriteError(err, v.isin));
        const after = await getStock(tx, id);
        await audit(tx, user, 'update', 'instrument', id, before, after);
        return after;
      });
    },
    { roles: STOCK_WRITERS },
  );

  route(app, routes.stockPrices, async (request) => {
    const q = request.query;
    const stock = await getStock(app.db, request.params.id);
    const page = q.page ?? 1;
    const size = q.size ?? 5;
    const p = new Params();
    let where = `pr.instrument_id = ${p.add(stock.id)}`;
    if (q.dateFrom) where += ` and pr.date >= ${p.add(q.dateFrom)}`;
    if (q.dateTo) where += ` and pr.date <= ${p.add(q.dateTo)}`;
    const total = await app.db.query<{ n: number }>(
      `select count(*)::int as n from prices pr where ${where}`,
      p.values,
    );
    const { rows } = await app.db.query(
      `select pr.date, pr.price, pr.source from prices pr where ${where} order by pr.date desc limit ${size} offset ${(page - 1) * size}`,
      p.values,
    );
    return {
      item: rows.map((r) => ({
        date: String(isoDate(r.date)),
        price: Number(r.price),
        currency: stock.currency,
        source: r.source as 'upload' | 'demo',
      })),
      total: Number(total.rows[0]?.n ?? 0),
      page,
      size,
    };
  });
}
