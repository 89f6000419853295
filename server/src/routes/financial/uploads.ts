// File imports (multipart): movements of an account, instrument prices and FX rates, from CSV or XLSX in the
// templates of docs/import/README.md. Every row is checked; any rejection answers the rejected rows and stores
// nothing, otherwise all rows are stored in one transaction and the answer is []. 413 above 15,000,000 bytes. The
// file is read in a worker thread of the parse pool (import/parse-pool.ts), within limits on what it unpacks to, its
// rows and the time it takes (docs/import/README.md, "Limits"); 503 uploads_busy when every reader is busy. A body
// that is not well-formed multipart/form-data is a 400, never a 5xx.
// Movements: the account (and offset account) must be visible to a financial writer (404 otherwise, BASIC 403),
// as for POST /movement; the rows have origin IMPORT and are APPROVED when a PRO or a DELEGATE imports them, PENDING
// for the middle office when the back office or an admin does (routes/financial/pending-movements.ts). Prices and FX rates: ADMIN and BACK_OFFICE, upserted on (instrument, date) / (currency, date);
// an instrument's uploaded prices (a currency's uploaded rates) replace its demo prices (rates) over the range they
// cover. A file is refused whole (400 with a code) before any row is checked when it is not a table, lacks a template
// column or its numbers are ambiguous. The bank files of the controls (routes/controls/uploads.ts) are read with the
// same helpers. The movement, price and FX rate files are streamed (import/import-table.ts): the header is checked
// before any row is read, and each batch of rows is checked and stored while the worker reads the next, in one
// transaction rolled back at the first refusal of the file or when any row is rejected.
import multipart from '@fastify/multipart';
import {
  FEE_SUBCAUSES,
  ISIN_FORMAT,
  MOVEMENT_CAUSES,
  routes,
  STORED_ROWS_HEADER,
  UPLOAD_MAX_BYTES,
} from '@patrimonio/shared-api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { audit } from '../../access/audit.ts';
import { FINANCIAL_WRITERS } from '../../access/financial-visibility.ts';
import { currencyIdsByIso } from '../../data/currencies.ts';
import { visibleAccountOwnerAndCurrency } from '../../data/financial/accounts.ts';
import { instrumentIds, instrumentsByIsin } from '../../data/financial/instruments.ts';
import {
  keysWithDemoValues,
  replaceDemoSeries,
  type SeriesValue,
  upsertSeries,
} from '../../data/financial/market-data.ts';
import {
  advanceFirstMovementDate,
  insertMovementRows,
  type MovementFileRow as MovementRow,
} from '../../data/financial/movements.ts';
import type { Queryable } from '../../db/database.ts';
import type { AuthUser } from '../../identity/types.ts';
import { importTable } from '../../import/import-table.ts';
import { integerDigits, parseDate } from '../../import/parse.ts';
import { breathe, type NamedRow, namedRows, type Rejections } from '../../import/rows.ts';
import { caller } from '../../plugins/auth.ts';
import { badRequest, HttpError, notFound } from '../../plugins/errors.ts';
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

/**
 * Reads the file against its template, in the parse pool: the header first, then the rows and their number
 * convention.
 */
export const readRows = async (
  app: FastifyInstance,
  buf: Buffer,
  columns: readonly string[],
  numeric: readonly string[],
) => namedRows(await app.parsePool.table(buf, columns, numeric));

const CAUSES = new Set<string>(MOVEMENT_CAUSES);
const SUBCAUSES = new Set<string>(FEE_SUBCAUSES);
const TRADES = new Set(['BUY', 'SELL']);
const PRICE_ADMINS = ['ADMIN', 'BACK_OFFICE'] as const;
/** Whose movement imports wait for the middle office: the back office's and an admin's (not the adviser's own). */
const PENDING_IMPORTERS = new Set(['ADMIN', 'BACK_OFFICE']);

/** The multipart limits: one file of at most UPLOAD_MAX_BYTES, a few short text fields. */
export const MULTIPART_LIMITS = { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 10, fieldSize: 1000, parts: 20 };

/** A 400 refusing the request as a whole, with an upload code (shared-api UPLOAD_ERROR_CODES). */
const refused = (code: 'file_required' | 'malformed_multipart' | 'too_many_files', message: string) =>
  badRequest([{ field: 'file', message: code === 'file_required' ? 'required' : code }], message, code);

/**
 * The file and the text fields of a multipart request: 400 file_required when it is not multipart, too_many_files
 * for a second file, malformed_multipart for a body that is not well-formed (no boundary, cut short, a bad part
 * header), VALIDATION for a field beyond MULTIPART_LIMITS.fieldSize; 413 for a file or a body beyond the limits.
 */
export async function readUpload(
  request: FastifyRequest,
): Promise<{ file: Buffer | null; fields: Record<string, string> }> {
  if (!request.isMultipart()) throw refused('file_required', 'Send the file as multipart/form-data');
  let file: Buffer | null = null;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const buf = await part.toBuffer();
        if (part.fieldname === 'file') file = buf;
      } else if (part.valueTruncated || part.fieldnameTruncated)
        throw badRequest([{ field: part.fieldname, message: `longer than ${MULTIPART_LIMITS.fieldSize} characters` }]);
      else fields[part.fieldname] = String(part.value ?? '');
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    const { code, statusCode } = err as { code?: string; statusCode?: number };
    if (code === 'FST_FILES_LIMIT') throw refused('too_many_files', 'Send one file only');
    // The plugin's own refusals (413 file too large, limits of parts and fields, a prototype field name, a body cut
    // short) keep their status; whatever else the multipart parser throws is a body that is not well-formed.
    if (statusCode && statusCode >= 400 && statusCode < 500) throw err;
    throw refused('malformed_multipart', `The body is not well-formed multipart/form-data: ${(err as Error).message}`);
  }
  return { file, fields };
}

export function requireFile(file: Buffer | null): Buffer {
  if (!file) throw refused('file_required', 'The file is missing');
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
  const account = await visibleAccountOwnerAndCurrency(db, user, id);
  if (!account) throw notFound();
  return account;
}

/** A decimal cell: null when empty; a rejection when malformed, negative or too large. */
export function decimal(
  rej: Rejections,
  r: NamedRow,
  column: string,
  maxDigits: number,
  positive = false,
): string | null {
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

/** Checks movement rows (DESIGN.md 4), a batch of the file at a time: adds the rejections, answers the rows to store. */
async function checkMovementRows(
  db: Queryable,
  rows: NamedRow[],
  rej: Rejections,
  lookups: { instruments: Lookup<{ id: number; bond: boolean }>; currencies: Map<string, number> },
  accountCurrencyId: number,
): Promise<MovementRow[]> {
  const instruments = await lookups.instruments.of(
    db,
    rows.map((r) => r.get('isin').toUpperCase()).filter((s) => ISIN_FORMAT.test(s)),
  );
  const { currencies } = lookups;
  const ok: MovementRow[] = [];
  for (const [i, r] of rows.entries()) {
    await breathe(i);
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
  return ok;
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

/**
 * A look-up by key kept over the batches of one file (instruments by ISIN): each batch asks the database only for the
 * keys no batch asked for before.
 */
class Lookup<V> {
  private readonly known = new Map<string, V | null>();
  constructor(private readonly load: (db: Queryable, keys: string[]) => Promise<Map<string, V>>) {}

  /** The values of these keys that exist. */
  async of(db: Queryable, keys: string[]): Promise<Map<string, V>> {
    const missing = [...new Set(keys)].filter((k) => !this.known.has(k));
    if (missing.length) {
      const found = await this.load(db, missing);
      for (const k of missing) this.known.set(k, found.get(k) ?? null);
    }
    const out = new Map<string, V>();
    for (const k of keys) {
      const v = this.known.get(k);
      if (v) out.set(k, v);
    }
    return out;
  }
}

/** Uploaded values of a series (prices, FX rates), stored batch after batch: what the audit entry needs at the end. */
class SeriesStore {
  rows = 0;
  demoReplaced = 0;
  /** Each key's earliest and latest uploaded date. */
  private readonly ranges = new Map<number, { first: string; last: string }>();
  /** Whether each key met so far has demo values (a key without any needs no count of those replaced). */
  private readonly demo = new Map<number, boolean>();
  constructor(private readonly table: 'prices' | 'fx_rates') {}

  async store(tx: Queryable, ok: SeriesValue[]): Promise<void> {
    const fresh = [...new Set(ok.map((o) => o.id))].filter((id) => !this.demo.has(id));
    if (fresh.length) {
      const withDemo = await keysWithDemoValues(tx, this.table, fresh);
      for (const id of fresh) this.demo.set(id, withDemo.has(id));
    }
    const demo = ok.some((o) => this.demo.get(o.id));
    this.demoReplaced += await upsertSeries(tx, this.table, ok, demo);
    this.rows += ok.length;
    for (const { id, date } of ok) {
      const range = this.ranges.get(id);
      if (!range) this.ranges.set(id, { first: date, last: date });
      else if (date < range.first) range.first = date;
      else if (date > range.last) range.last = date;
    }
  }

  /**
   * After the last batch: the demo values left between each key's earliest and latest uploaded date go too (keys with
   * demo values only: the others have none to go).
   */
  async finish(tx: Queryable): Promise<void> {
    const bounds = [...this.ranges]
      .filter(([id]) => this.demo.get(id))
      .flatMap(([id, r]) => [
        { id, date: r.first },
        { id, date: r.last },
      ]);
    if (bounds.length) this.demoReplaced += await replaceDemoSeries(tx, this.table, bounds);
  }
}

/** The same key twice in one file (an upsert cannot apply both): the later row is rejected. */
export class Duplicates {
  private readonly rows = new Map<string, number>();
  constructor(private readonly rej: Rejections) {}
  check(row: number, key: string, label: string): void {
    const first = this.rows.get(key);
    if (first === undefined) this.rows.set(key, row);
    else this.rej.add(row, 'date', 'duplicate', { value: label, row: String(first) });
  }
}

export async function uploadRoutes(app: FastifyInstance): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: MULTIPART_LIMITS });

    route(
      scope,
      routes.uploadMovements,
      async (request, reply) => {
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
        const status = PENDING_IMPORTERS.has(user.role) ? 'PENDING' : 'APPROVED';
        const imported = await importTable(app, buf, MOVEMENT_COLUMNS, MOVEMENT_NUMBERS, () => {
          let lookups: Parameters<typeof checkMovementRows>[3] | undefined;
          const ids: number[] = [];
          let earliest: string | null = null;
          let storedRows = 0;
          return {
            check: async (tx, rows, rej) => {
              lookups ??= {
                instruments: new Lookup(instrumentIds),
                currencies: await currencyIdsByIso(tx),
              };
              return checkMovementRows(tx, rows, rej, lookups, account.currencyId);
            },
            store: async (tx, ok) => {
              const stored = await insertMovementRows(
                tx,
                user.userId,
                { id: accountId, ...account },
                offsetAccountId,
                ok,
                status,
              );
              if (stored.count === 0) return;
              // The audit names the first and the last movement of the file.
              if (ids.length === 0) ids.push(stored.first);
              ids[1] = stored.last;
              for (const r of ok) if (earliest === null || r.date < earliest) earliest = r.date;
              storedRows += stored.count;
            },
            finish: async (tx) => {
              await audit(tx, user, 'import', 'movement', accountId, null, {
                accountId,
                offsetAccountId,
                rows: storedRows,
                movementIds: [ids[0], ids[1]],
                status,
              });
              // Pending rows enter no figure, nor the first movement date, until approved.
              if (status === 'APPROVED') await advanceFirstMovementDate(tx, accountId, earliest!);
              return storedRows;
            },
          };
        });
        if ('rejected' in imported) return imported.rejected;
        const stored = imported.done;
        reply.header(STORED_ROWS_HEADER, String(stored));
        return [];
      },
      { roles: FINANCIAL_WRITERS },
    );

    route(
      scope,
      routes.uploadPrices,
      async (request) => {
        const user = caller(request);
        const file = requireFile((await readUpload(request)).file);
        const imported = await importTable(app, file, PRICE_COLUMNS, PRICE_NUMBERS, () => {
          const byIsin = new Lookup(instrumentsByIsin);
          let seen: Duplicates | undefined;
          const series = new SeriesStore('prices');
          return {
            check: async (tx, rows, rej) => {
              seen ??= new Duplicates(rej);
              const instruments = await byIsin.of(
                tx,
                rows.map((r) => r.get('isin').toUpperCase()),
              );
              const ok: SeriesValue[] = [];
              for (const [i, r] of rows.entries()) {
                await breathe(i);
                const before = rej.list.length;
                const isin = r.get('isin').toUpperCase();
                const ins = instruments.get(isin);
                if (!isin) rej.add(r.row, 'isin', 'required');
                else if (!ins) rej.add(r.row, 'isin', 'unknownInstrument', { value: isin });
                const iso = r.get('currency').toUpperCase();
                if (ins && iso && iso !== ins.iso)
                  rej.add(r.row, 'currency', 'priceCurrency', { isin, currency: ins.iso, value: iso });
                const { date, value } = dateAndValue(rej, r, 'price', false);
                if (ins && date) seen.check(r.row, `${ins.id}|${date}`, `${isin} on ${date}`);
                if (rej.list.length === before) ok.push({ id: ins!.id, date: date!, value: value! });
              }
              return ok;
            },
            store: (tx, ok) => series.store(tx, ok),
            finish: async (tx) => {
              await series.finish(tx);
              await audit(tx, user, 'import', 'price', null, null, {
                rows: series.rows,
                demoPricesReplaced: series.demoReplaced,
              });
              return [];
            },
          };
        });
        return 'rejected' in imported ? imported.rejected : imported.done;
      },
      { roles: PRICE_ADMINS },
    );

    route(
      scope,
      routes.uploadFxRates,
      async (request) => {
        const user = caller(request);
        const file = requireFile((await readUpload(request)).file);
        const imported = await importTable(app, file, FX_COLUMNS, FX_NUMBERS, () => {
          let currencies: Map<string, number> | undefined;
          let seen: Duplicates | undefined;
          const series = new SeriesStore('fx_rates');
          return {
            check: async (tx, rows, rej) => {
              currencies ??= await currencyIdsByIso(tx);
              seen ??= new Duplicates(rej);
              const ok: SeriesValue[] = [];
              for (const [i, r] of rows.entries()) {
                await breathe(i);
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
              return ok;
            },
            store: (tx, ok) => series.store(tx, ok),
            finish: async (tx) => {
              await series.finish(tx);
              await audit(tx, user, 'import', 'fx_rate', null, null, {
                rows: series.rows,
                demoRatesReplaced: series.demoReplaced,
              });
              return [];
            },
          };
        });
        return 'rejected' in imported ? imported.rejected : imported.done;
      },
      { roles: PRICE_ADMINS },
    );
  });
}
