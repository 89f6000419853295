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
import { currencyIdByIso } from '../../data/currencies.ts';
import {
  currencyUsage,
  findStock,
  insertInstrument,
  instrumentWithIsin,
  listPrices,
  listStocks,
  priceSources,
  type Stock,
  updateInstrument,
} from '../../data/financial/instruments.ts';
import type { Queryable } from '../../db/database.ts';
import { conflictOnUnique } from '../../db/errors.ts';
import { caller } from '../../plugins/auth.ts';
import { badRequest, type FieldError, HttpError, notFound } from '../../plugins/errors.ts';
import { route } from '../../plugins/route.ts';

type StockInput = Static<typeof routes.createStock.body>;

export const STOCK_WRITERS = ['ADMIN', 'BACK_OFFICE'] as const;

async function getStock(db: Queryable, id: number, lock = false): Promise<Stock> {
  const stock = await findStock(db, id, lock);
  if (!stock) throw notFound();
  return stock;
}

/** Checks a body beyond its schema; answers the values to write. 400 lists every field at fault. */
async function checkInput(db: Queryable, body: StockInput) {
  const fields: FieldError[] = [];
  const isin = checkIsin(body.isin);
  if (!isin.valid) fields.push({ field: 'body.isin', message: `invalid ISIN (${isin.reason})` });
  const currencyId = await currencyIdByIso(db, body.currency);
  if (currencyId === undefined) fields.push({ field: 'body.currency', message: 'unknown currency' });
  const bond = body.macroAssetClass === 'Bond';
  for (const f of ['couponRate', 'couponFrequency'] as const)
    if (!bond && body[f] !== undefined && body[f] !== null)
      fields.push({ field: `body.${f}`, message: 'only for a Bond' });
  if (body.firstCouponDate && body.maturityDate && body.firstCouponDate > body.maturityDate)
    fields.push({ field: 'body.maturityDate', message: 'before the first coupon date' });
  if (fields.length || !isin.valid || currencyId === undefined) throw badRequest(fields);
  return {
    isin: isin.isin,
    name: body.name.trim(),
    currencyId,
    assetClass: body.assetClass.trim(),
    macroAssetClass: body.macroAssetClass,
    couponRate: body.couponRate ?? null,
    couponFrequency: body.couponFrequency ?? null,
    firstCouponDate: body.firstCouponDate ?? null,
    maturityDate: body.maturityDate ?? null,
  };
}

/**
 * 409 currency_in_use when the currency would change while prices (stored in the instrument's currency) or
 * movements of the instrument in the old currency exist: the change would relabel them without converting them.
 */
async function assertCurrencyFree(db: Queryable, id: number, currencyId: number): Promise<void> {
  const r = await currencyUsage(db, id);
  if (!r || r.currencyId === currencyId) return;
  const { prices, movements } = r;
  if (prices === 0 && movements === 0) return;
  throw new HttpError(
    409,
    `The instrument has ${prices} prices and ${movements} movements in ${r.iso}: changing its currency would relabel them without converting them`,
    'currency_in_use',
    undefined,
    { currency: r.iso, prices, movements },
  );
}

/** 409 when another instrument has this ISIN, naming it. */
async function assertIsinFree(db: Queryable, isin: string, exceptId: number | null): Promise<void> {
  const other = await instrumentWithIsin(db, isin, exceptId);
  if (other) throw duplicate(isin, other);
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
  route(app, routes.listStocks, async (request) => listStocks(app.db, request.query));

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
        const id = await insertInstrument(tx, v).catch((err) => onWriteError(err, v.isin));
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
        await updateInstrument(tx, id, v).catch((err) => onWriteError(err, v.isin));
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
    const { rows, total } = await listPrices(app.db, stock.id, { dateFrom: q.dateFrom, dateTo: q.dateTo, page, size });
    return {
      item: rows.map((r) => ({ ...r, currency: stock.currency })),
      total,
      page,
      size,
    };
  });
}
