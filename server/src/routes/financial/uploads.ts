// File imports (multipart): movements of an account, instrument prices and FX rates, from CSV or XLSX in the
// templates of docs/import/README.md. Every row is checked; any rejection answers the rejected rows and stores
// nothing, otherwise all rows are stored in one transaction and the answer is []. 413 above 15,000,000 bytes.
// Movements: the account (and offset account) must be visible to a financial writer (404 otherwise, BASIC 403),
// as for POST /movement. Prices and FX rates: ADMIN and BACK_OFFICE, upserted on (instrument, date) / (currency, date);
// an instrument's uploaded prices (a currency's uploaded rates) replace its demo prices (rates) over the range they
// cover. A file is refused whole (400 with a code) before any row is checked when it is not a table, lacks a template
// column or its numbers are ambiguous.
import multipart from '@fastify/multipart';
import { FEE_SUBCAUSES, ISIN_FORMAT, MOVEMENT_CAUSES, routes } from '@patrimonio/shared-api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { audit } from '../../access/audit.ts';
import { FINANCIAL_WRITERS, visibleAccounts } from '../../access/financial-visibility.ts';
import { Params } from '../../data/sql.ts';
import type { Queryable } from '../../db/database.ts';
import type { AuthUser } from '../../identity/types.ts';
import { integerDigits, parseDate } from '../../import/parse.ts';
import { fileRefused, readTable } from '../../import/read-table.ts';
import { type NamedRow, namedRows, Rejections, type RowRejection } from '../../import/rows.ts';
import { caller } from '../../plugins/auth.ts';
import { badRequest, notFound } from '../../plugins/errors.ts';
import { route } from '../../plugins/route.ts';

export const MOVEMENT_COLUMNS = [
  'date',
  'cause',
  'subcause',
  'isin',
  'quantity',
  'price',
  'amount',
  'currency',
  'description',
] as const;
export const PRICE_COLUMNS = ['isin', 'date', 'price', 'currency'] as const;
export const FX_COLUMNS = ['currency', 'date', 'rate'] as const;
/** The number columns of each template, read under the file's convention (docs/import/README.md, "Numbers"). */
const MOVEMENT_NUMBERS = ['quantity', 'price', 'amount'] as const;
const PRICE_NUMBERS = ['price'] as const;
const FX_NUMBERS = ['rate'] as const;

/** Reads the file against its template: the header first, then the rows and their number convention. */
const readRows = async (buf: Buffer, columns: readonly string[], numeric: readonly string[]) =>
  namedRows(await readTable(buf, columns), columns, numeric);

const CAUSES = new Set<string>(MOVEMENT_CAUSES);
const SUBCAUSES = new Set<string>(FEE_SUBCAUSES);
const TRADES = new Set(['BUY', 'SELL']);
const PRICE_ADMINS = ['ADMIN', 'BACK_OFFICE'] as const;

/** The file and the text fields of a multipart request (one file at most, per the plugin's limits). */
async function readUpload(request: FastifyRequest): Promise<{ file: Buffer | null; fields: Record<string, string> }> {
  if (!request.isMultipart())
    throw fileRefused('file_required', 'Send the file as multipart/form-data', [
      { field: 'file', message: 'required' },
    ]);
  let file: Buffer | null = null;
  const fields: Record<string, string> = {};
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const buf = await part.toBuffer();
      if (part.fieldname === 'file') file = buf;
    } else fields[part.fieldname] = String(part.value ?? '');
  }
  return { file, fields };
}

function requireFile(file: Buffer | null): Buffer {
  if (!file) throw fileRefused('file_required', 'The file is missing', [{ field: 'file', message: 'required' }]);
  return file;
}

/** A positive integer id from a form field: 400 when missing (if required) or malformed. */
function idField(fields: Record<string, string>, name: string, required: boolean): number | null {
  const v = fields[name]?.trim() ?? '';
  if (v === '') {
    if (required) throw badRequest([{ field: name, message: 'required' }]);
    return null;
  }
  if (!/^[1-9]\d{0,15}$/.test(v)) throw badRequest([{ field: name, message: 'not an id' }]);
  return Number(v);
}

/** Visible account (404 otherwise): its owner and currency. */
async function visibleAccount(db: Queryable, user: AuthUser, id: number) {
  const p = new Params();
  const { rows } = await db.query<{ client_id: number; currency_id: number }>(
    `select a.client_id, a.currency_id from accounts a where a.id = ${p.add(id)} and ${p.visible(visibleAccounts, user)}`,
    p.values,
  );
  if (!rows[0]) throw notFound();
  return { clientId: Number(rows[0].client_id), currencyId: Number(rows[0].currency_id) };
}

/** ISIN -> instrument id and whether it is a bond, for the ISINs named in the file (one query). */
async function instrumentIds(db: Queryable, isins: string[]): Promise<Map<string, { id: number; bond: boolean }>> {
  const { rows } = await db.query<{ id: number; isin: string; macro_asset_class: string }>(
    'select id, isin, macro_asset_class from instruments where isin = any($1::text[])',
    [[...new Set(isins)]],
  );
  return new Map(rows.map((r) => [String(r.isin), { id: Number(r.id), bond: r.macro_asset_class === 'Bond' }]));
}

/** ISO code -> currency id. */
async function currencyIds(db: Queryable): Promise<Map<string, number>> {
  const { rows } = await db.query<{ id: number; iso: string }>('select id, iso from currencies');
  return new Map(rows.map((r) => [String(r.iso), Number(r.id)]));
}

/** A decimal cell: null when empty; a rejection when malformed, negative or too large. */
function decimal(rej: Rejections, r: NamedRow, column: string, maxDigits: number, positive = false): string | null {
  if (r.get(column) === '') return null;
  const n = r.number(column);
  if (!n.ok) {
    rej.add(r.row, column, n.code, n.params);
    return null;
  }
  const v = n.value;
  if (v.startsWith('-')) rej.add(r.row, column, 'negative');
  else if (positive && Number(v) === 0) rej.add(r.row, column, 'notPositive');
  else if (integerDigits(v) > maxDigits) rej.add(r.row, column, 'tooLarge');
  else return v;
  return null;
}

interface MovementRow {
  date: string;
  cause: string;
  subcause: string | null;
  instrumentId: number | null;
  /** 100 for a bond (prices per 100 of nominal, DESIGN.md 4), else 1: the default amount is quantity x price / unit. */
  priceUnit: number;
  quantity: string | null;
  price: string | null;
  amount: string | null;
  currencyId: number;
  description: string | null;
}

/** Checks every movement row (DESIGN.md 4): the rows to store, or the rejections. */
async function checkMovementRows(
  db: Queryable,
  rows: NamedRow[],
  accountCurrencyId: number,
): Promise<{ ok: MovementRow[]; rejected: RowRejection[] }> {
  const rej = new Rejections();
  const instruments = await instrumentIds(
    db,
    rows.map((r) => r.get('isin').toUpperCase()).filter((s) => ISIN_FORMAT.test(s)),
  );
  const currencies = await currencyIds(db);
  const ok: MovementRow[] = [];
  for (const r of rows) {
    const before = rej.list.length;
    const dateRaw = r.get('date');
    const date = parseDate(dateRaw);
    if (!dateRaw) rej.add(r.row, 'date', 'required');
    else if (!date) rej.add(r.row, 'date', 'notDate', { value: dateRaw });
    const cause = r.get('cause').toUpperCase();
    if (!cause) rej.add(r.row, 'cause', 'required');
    else if (!CAUSES.has(cause)) rej.add(r.row, 'cause', 'unknownCause', { value: r.get('cause') });
    const subRaw = r.get('subcause').toUpperCase();
    const subcause = subRaw === '' || subRaw === 'ALTRO' ? null : subRaw;
    if (subcause !== null && cause !== 'FEE') rej.add(r.row, 'subcause', 'subcauseNotFee');
    else if (subcause !== null && !SUBCAUSES.has(subcause))
      rej.add(r.row, 'subcause', 'unknownSubcause', { value: r.get('subcause') });
    const trade = TRADES.has(cause);
    const isin = r.get('isin').toUpperCase();
    let instrumentId: number | null = null;
    let priceUnit = 1;
    if (isin) {
      const known = instruments.get(isin);
      if (!ISIN_FORMAT.test(isin)) rej.add(r.row, 'isin', 'notIsin', { value: r.get('isin') });
      else if (!known) rej.add(r.row, 'isin', 'unknownInstrument', { value: isin });
      else [instrumentId, priceUnit] = [known.id, known.bond ? 100 : 1];
    } else if (trade) rej.add(r.row, 'isin', 'tradeNeedsIsin');
    const quantity = decimal(rej, r, 'quantity', 18, true);
    const price = decimal(rej, r, 'price', 16);
    const amount = decimal(rej, r, 'amount', 18);
    if (trade) {
      if (!r.get('quantity')) rej.add(r.row, 'quantity', 'tradeNeedsQuantity');
      if (!r.get('price')) rej.add(r.row, 'price', 'tradeNeedsPrice');
      if (
        amount === null &&
        quantity !== null &&
        price !== null &&
        integerDigits(String(Number(quantity) * Number(price))) > 17
      )
        rej.add(r.row, 'amount', 'amountTooLarge');
    } else if (!r.get('amount') && cause) rej.add(r.row, 'amount', 'required');
    const iso = r.get('currency').toUpperCase();
    let currencyId = accountCurrencyId;
    if (iso) {
      if (!currencies.has(iso)) rej.add(r.row, 'currency', 'unknownCurrency', { value: r.get('currency') });
      else currencyId = currencies.get(iso)!;
    }
    if (rej.list.length === before)
      ok.push({
        date: date!,
        cause,
        subcause,
        instrumentId,
        priceUnit,
        quantity,
        price,
        amount,
        currencyId,
        description: r.get('description') || null,
      });
  }
  return { ok, rejected: rej.sorted() };
}

/** Stores checked movement rows in one statement (numeric arithmetic in SQL); answers the new ids. */
async function insertMovements(
  tx: Queryable,
  user: AuthUser,
  account: { id: number; clientId: number },
  offsetAccountId: number | null,
  rows: MovementRow[],
): Promise<number[]> {
  const col = <K extends keyof MovementRow>(k: K) => rows.map((r) => r[k]);
  const { rows: ids } = await tx.query<{ id: number }>(
    `insert into movements (account_id, client_id, date_time, classification, cause, subcause, currency_id,
        instrument_id, quantity, price, amount, offset_account_id, status, created_by)
     select $1, $2, t.d::timestamp, t.descr, t.c, t.sc, t.cur, t.ins, t.q::numeric, t.p::numeric,
        coalesce(t.a::numeric, round(t.q::numeric * t.p::numeric / t.u, 2)),
        case when t.c in ('BUY', 'SELL') then $3::bigint end, 'APPROVED', $4
       from unnest($5::text[], $6::text[], $7::text[], $8::text[], $9::int[], $10::bigint[], $11::text[],
        $12::text[], $13::text[], $14::int[]) with ordinality as t(d, descr, c, sc, cur, ins, q, p, a, u, n)
      order by t.n
     returning id`,
    [
      account.id,
      account.clientId,
      offsetAccountId,
      user.userId,
      col('date'),
      col('description'),
      col('cause'),
      col('subcause'),
      col('currencyId'),
      col('instrumentId'),
      col('quantity'),
      col('price'),
      col('amount'),
      col('priceUnit'),
    ],
  );
  return ids.map((r) => Number(r.id));
}

/** first_movement_date of the portfolios holding the account: the new rows can only move it earlier. */
async function advanceFirstMovementDate(tx: Queryable, accountId: number, earliest: string): Promise<void> {
  await tx.query(
    `update portfolios set first_movement_date = least(coalesce(first_movement_date, $2::date), $2::date)
      where id in (select portfolio_id from portfolio_accounts where account_id = $1)`,
    [accountId, earliest],
  );
}

/** Prices and FX rates: the date, the value (> 0 for rates, >= 0 for prices) per row. */
function dateAndValue(rej: Rejections, r: NamedRow, column: string, positive: boolean) {
  const raw = r.get('date');
  const date = parseDate(raw);
  if (!raw) rej.add(r.row, 'date', 'required');
  else if (!date) rej.add(r.row, 'date', 'notDate', { value: raw });
  if (!r.get(column)) rej.add(r.row, column, 'required');
  const value = decimal(rej, r, column, 14, positive);
  return { date, value };
}

/** The same key twice in one file (an upsert cannot apply both): the later row is rejected. */
class Duplicates {
  private readonly rows = new Map<string, number>();
  constructor(private readonly rej: Rejections) {}
  check(row: number, key: string, label: string): void {
    const first = this.rows.get(key);
    if (first === undefined) this.rows.set(key, row);
    else this.rej.add(row, 'date', 'duplicate', { value: label, row: String(first) });
  }
}

/** The tables holding a series per key whose demo rows an upload replaces, and the column of the key. */
const DEMO_SERIES = { prices: 'instrument_id', fx_rates: 'currency_id' } as const;

/**
 * An uploaded series replaces the demo seed's rows (source 'demo') of its key (an instrument's prices, a currency's
 * FX rates) over the range it covers, from its earliest to its latest date, so that a series never mixes generated
 * and real values inside that range (demo rows outside it stay; for prices the stock's priceSources says so).
 * Answers how many demo rows went.
 */
async function replaceDemoSeries(
  tx: Queryable,
  table: keyof typeof DEMO_SERIES,
  rows: { id: number; date: string }[],
): Promise<number> {
  const key = DEMO_SERIES[table];
  const { rows: out } = await tx.query<{ n: number }>(
    `with covered as (
       select t.id, min(t.d) as first, max(t.d) as last from unnest($1::bigint[], $2::date[]) as t(id, d) group by t.id
     ), gone as (
       delete from ${table} s using covered c
        where s.${key} = c.id and s.date between c.first and c.last and s.source = 'demo'
       returning 1
     )
     select count(*)::int as n from gone`,
    [rows.map((r) => r.id), rows.map((r) => r.date)],
  );
  return Number(out[0]?.n ?? 0);
}

export async function uploadRoutes(app: FastifyInstance): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: 15_000_000, files: 1 } });

    route(
      scope,
      routes.uploadMovements,
      async (request) => {
        const user = caller(request);
        const { file, fields } = await readUpload(request);
        const accountId = idField(fields, 'accountId', true)!;
        const offsetAccountId = idField(fields, 'offsetAccountId', false);
        const buf = requireFile(file);
        const account = await visibleAccount(app.db, user, accountId);
        if (offsetAccountId !== null) {
          await visibleAccount(app.db, user, offsetAccountId);
          if (offsetAccountId === accountId)
            throw badRequest([{ field: 'offsetAccountId', message: 'must differ from the account' }]);
        }
        const rows = await readRows(buf, MOVEMENT_COLUMNS, MOVEMENT_NUMBERS);
        return app.db.transaction(async (tx) => {
          const { ok, rejected } = await checkMovementRows(tx, rows, account.currencyId);
          if (rejected.length) return rejected;
          const ids = await insertMovements(tx, user, { id: accountId, ...account }, offsetAccountId, ok);
          await audit(tx, user, 'import', 'movement', accountId, null, {
            accountId,
            offsetAccountId,
            rows: ids.length,
            movementIds: [ids[0], ids[ids.length - 1]],
          });
          await advanceFirstMovementDate(tx, accountId, ok.map((r) => r.date).sort()[0]!);
          return [];
        });
      },
      { roles: FINANCIAL_WRITERS },
    );

    route(
      scope,
      routes.uploadPrices,
      async (request) => {
        const user = caller(request);
        const rows = await readRows(requireFile((await readUpload(request)).file), PRICE_COLUMNS, PRICE_NUMBERS);
        return app.db.transaction(async (tx) => {
          const rej = new Rejections();
          const { rows: known } = await tx.query<{ id: number; isin: string; iso: string }>(
            `select i.id, i.isin, c.iso from instruments i join currencies c on c.id = i.currency_id
              where i.isin = any($1::text[])`,
            [[...new Set(rows.map((r) => r.get('isin').toUpperCase()))]],
          );
          const byIsin = new Map(known.map((k) => [String(k.isin), { id: Number(k.id), iso: String(k.iso) }]));
          const ok: { id: number; date: string; value: string }[] = [];
          const seen = new Duplicates(rej);
          for (const r of rows) {
            const before = rej.list.length;
            const isin = r.get('isin').toUpperCase();
            const ins = byIsin.get(isin);
            if (!isin) rej.add(r.row, 'isin', 'required');
            else if (!ins) rej.add(r.row, 'isin', 'unknownInstrument', { value: isin });
            const iso = r.get('currency').toUpperCase();
            if (ins && iso && iso !== ins.iso)
              rej.add(r.row, 'currency', 'priceCurrency', { isin, currency: ins.iso, value: iso });
            const { date, value } = dateAndValue(rej, r, 'price', false);
            if (ins && date) seen.check(r.row, `${ins.id}|${date}`, `${isin} on ${date}`);
            if (rej.list.length === before) ok.push({ id: ins!.id, date: date!, value: value! });
          }
          if (!rej.empty) return rej.sorted();
          const demoPricesReplaced = await replaceDemoSeries(tx, 'prices', ok);
          await tx.query(
            `insert into prices (instrument_id, date, price)
             select * from unnest($1::bigint[], $2::date[], $3::numeric[])
             on conflict (instrument_id, date) do update set price = excluded.price, source = 'upload'`,
            [ok.map((o) => o.id), ok.map((o) => o.date), ok.map((o) => o.value)],
          );
          await audit(tx, user, 'import', 'price', null, null, { rows: ok.length, demoPricesReplaced });
          return [];
        });
      },
      { roles: PRICE_ADMINS },
    );

    route(
      scope,
      routes.uploadFxRates,
      async (request) => {
        const user = caller(request);
        const rows = await readRows(requireFile((await readUpload(request)).file), FX_COLUMNS, FX_NUMBERS);
        return app.db.transaction(async (tx) => {
          const rej = new Rejections();
          const currencies = await currencyIds(tx);
          const ok: { id: number; date: string; value: string }[] = [];
          const seen = new Duplicates(rej);
          for (const r of rows) {
            const before = rej.list.length;
            const iso = r.get('currency').toUpperCase();
            const id = currencies.get(iso);
            if (!iso) rej.add(r.row, 'currency', 'required');
            else if (id === undefined) rej.add(r.row, 'currency', 'unknownCurrency', { value: r.get('currency') });
            else if (iso === 'EUR') rej.add(r.row, 'currency', 'eurRate');
            const { date, value } = dateAndValue(rej, r, 'rate', true);
            if (id !== undefined && date) seen.check(r.row, `${id}|${date}`, `${iso} on ${date}`);
            if (rej.list.length === before) ok.push({ id: id!, date: date!, value: value! });
          }
          if (!rej.empty) return rej.sorted();
          const demoRatesReplaced = await replaceDemoSeries(tx, 'fx_rates', ok);
          await tx.query(
            `insert into fx_rates (currency_id, date, rate)
             select * from unnest($1::int[], $2::date[], $3::numeric[])
             on conflict (currency_id, date) do update set rate = excluded.rate, source = 'upload'`,
            [ok.map((o) => o.id), ok.map((o) => o.date), ok.map((o) => o.value)],
          );
          await audit(tx, user, 'import', 'fx_rate', null, null, { rows: ok.length, demoRatesReplaced });
          return [];
        });
      },
      { roles: PRICE_ADMINS },
    );
  });
}
