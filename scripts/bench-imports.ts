// The imports part of `npm run bench` (issue 21, "Imports"): large files posted through the real upload routes, each
// figure printed with its target and MET or NOT MET. Nothing here fails the run.
//
// The files are generated deterministically (seeded mulberry32, no Math.random), in the templates of
// docs/import/README.md:
// - prices: 219,240 daily closes in one CSV, 60 instruments over 3,654 days (ten years of calendar days), the
//   instruments made for the bench (ISINs XSIMPB...), posted by the admin to POST /api/v1/stock/price/upload;
// - movements: 100,000 rows in one CSV (deposits, withdrawals, interest, fees, dividends of the bench instruments),
//   posted by the adviser to POST /api/v1/movement/upload onto an account of a new client of the adviser's;
// - a bad header: the same price file with its `price` column misnamed, which must be refused (400
//   missing_columns) before its rows are read;
// - a 120,000-row XLSX of movements (written by write-excel-file, as the export side writes them), onto another
//   account of that client.
// The bench client's accounts are apart from the demo portfolios, and what the bench stored is removed at its end, so
// that the rest of `npm run bench` measures what it did before.
//
// Alone: `npx tsx scripts/bench-imports.ts` starts the server on a fresh PGlite database with the demo data, as
// scripts/bench.ts does (DATABASE_URL=postgres://... for PostgreSQL, a fresh database; BENCH_PORT, default 18081).
import type { FastifyInstance } from 'fastify';
import writeXlsxFile from 'write-excel-file/node';
import type { Database } from '../server/src/db/database.ts';
import { mulberry32, type Rng } from '../server/src/db/demo/random.ts';
import { signIn } from '../server/src/identity/test-sign-in.ts';
import { startBenchServer } from './bench-server.ts';

export interface ImportsBenchContext {
  app: FastifyInstance;
  db: Database;
  /** The server's base address. */
  url: string;
  /** The adviser's (pro's) authorization header. */
  auth: Record<string, string>;
}

const INSTRUMENTS = 60;
const DAYS = 3_654;
const FIRST_DAY = Date.UTC(2016, 9, 31);
const MOVEMENTS = 100_000;
const XLSX_ROWS = 120_000;
const TARGET_PRICES_S = 5;
const TARGET_MOVEMENTS_S = 5;
const TARGET_BAD_HEADER_S = 1;
const ISIN_PREFIX = 'XSIMPB';

const int = (x: number) => x.toLocaleString('en-US');
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const verdict = (ok: boolean) => (ok ? 'MET' : 'NOT MET');
const dayOf = (d: number) => new Date(FIRST_DAY + d * 86_400_000).toISOString().slice(0, 10);
/** A ';' file writes the decimal comma (docs/import/README.md, "Numbers"). */
const comma = (x: number) => x.toFixed(2).replace('.', ',');

const isinOf = (k: number) => `${ISIN_PREFIX}${String(k).padStart(5, '0')}0`;

/** 219,240 closes: a random walk per instrument, every calendar day. */
function priceFile(rng: Rng, header = 'isin;date;price;currency'): string {
  const lines = [header];
  for (let k = 0; k < INSTRUMENTS; k++) {
    let price = 20 + rng.next() * 180;
    for (let d = 0; d < DAYS; d++) {
      price = Math.max(1, price * (1 + rng.normal() * 0.01));
      lines.push(`${isinOf(k)};${dayOf(d)};${comma(price)};EUR`);
    }
  }
  return lines.join('\n');
}

const CASH_CAUSES = ['DEPOSIT', 'WITHDRAWAL', 'INTEREST', 'FEE', 'DIVIDEND'] as const;

interface BenchMovement {
  day: number;
  cause: (typeof CASH_CAUSES)[number];
  isin: string | null;
  amount: number;
}

function movements(rng: Rng, n: number): BenchMovement[] {
  return Array.from({ length: n }, (_, i) => {
    const cause = rng.pick(CASH_CAUSES);
    return {
      day: i % DAYS,
      cause,
      isin: cause === 'DIVIDEND' ? isinOf(rng.int(0, INSTRUMENTS - 1)) : null,
      amount: rng.int(1, 1_000_000) / 100,
    };
  });
}

const MOVEMENT_HEADER = ['date', 'cause', 'subcause', 'isin', 'quantity', 'price', 'amount', 'currency', 'description'];

function movementFile(rows: BenchMovement[]): string {
  const lines = [MOVEMENT_HEADER.join(';')];
  for (const [i, m] of rows.entries())
    lines.push(
      `${dayOf(m.day)};${m.cause};${m.cause === 'FEE' ? 'CONTO_CORRENTE' : ''};${m.isin ?? ''};;;${comma(m.amount)};EUR;bench import ${i}`,
    );
  return lines.join('\n');
}

async function movementXlsx(rows: BenchMovement[]): Promise<Uint8Array> {
  const head = MOVEMENT_HEADER.map((value) => ({ value }));
  const data = rows.map((m, i) => [
    { value: new Date(FIRST_DAY + m.day * 86_400_000), type: Date, format: 'dd/mm/yyyy' },
    { value: m.cause },
    m.cause === 'FEE' ? { value: 'CONTO_CORRENTE' } : null,
    m.isin ? { value: m.isin } : null,
    null,
    null,
    { value: m.amount },
    { value: 'EUR' },
    { value: `bench xlsx ${i}` },
  ]);
  return new Uint8Array(await writeXlsxFile([head, ...data]).toBuffer());
}

/** The bench's instruments and a client of pro's with two EUR current accounts: the accounts' ids. */
async function setUp(db: Database): Promise<number[]> {
  return db.transaction(async (tx) => {
    const { rows: pro } = await tx.query<{ id: number }>(`select id from users where login = 'pro'`);
    const proId = Number(pro[0]!.id);
    const { rows: eur } = await tx.query<{ id: number }>(`select id from currencies where iso = 'EUR'`);
    const eurId = Number(eur[0]!.id);
    await tx.query(
      `insert into instruments (isin, name, currency_id, asset_class, macro_asset_class)
       select isin, 'Import bench ' || isin, $2, 'Azionario', 'Equity' from unnest($1::text[]) as t(isin)`,
      [Array.from({ length: INSTRUMENTS }, (_, k) => isinOf(k)), eurId],
    );
    const one = async (sql: string, params: unknown[]) =>
      Number((await tx.query<{ id: number }>(`${sql} returning id`, params)).rows[0]!.id);
    const clientId = await one(
      `insert into clients (first_name, last_name, email, created_by) values ('Ivo', 'Import', 'import@example.it', $1)`,
      [proId],
    );
    const fiId = await one(
      `insert into financial_intermediaries (name, fi_type, created_by) values ('Banca Import', 'CREDIT_INSTITUTE', $1)`,
      [proId],
    );
    const portfolioId = await one(
      `insert into portfolios (client_id, name, created_by) values ($1, 'Portafoglio import', $2)`,
      [clientId, proId],
    );
    const ids: number[] = [];
    for (const name of ['Conto import CSV', 'Conto import XLSX']) {
      const id = await one(
        `insert into accounts (client_id, account_type, name, currency_id, financial_intermediary_id, created_by)
         values ($1, 'CONTO_CORRENTE', $2, $3, $4, $5)`,
        [clientId, name, eurId, fiId, proId],
      );
      await tx.query('insert into portfolio_accounts (portfolio_id, account_id) values ($1, $2)', [portfolioId, id]);
      ids.push(id);
    }
    return ids;
  });
}

/** Posts one file; answers the time, the status and the answer's body. */
async function post(
  url: string,
  auth: Record<string, string>,
  path: string,
  file: string | Uint8Array,
  name: string,
  fields: Record<string, string> = {},
): Promise<{ ms: number; status: number; body: unknown; stored: string | null }> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([file as BlobPart]), name);
  const t0 = performance.now();
  const res = await fetch(`${url}${path}`, { method: 'POST', headers: auth, body: form });
  const body = (await res.json()) as unknown;
  return { ms: performance.now() - t0, status: res.status, body, stored: res.headers.get('x-stored-rows') };
}

/** What an answer says in a few words: stored, how many rows rejected, or the refusal's code. */
function outcome(r: { status: number; body: unknown }): string {
  if (Array.isArray(r.body)) return r.body.length === 0 ? 'stored' : `${int(r.body.length)} rows rejected`;
  const code = (r.body as { code?: string } | null)?.code;
  return `refused ${r.status}${code ? ` ${code}` : ''}`;
}

const accepted = (r: { status: number; body: unknown }) =>
  r.status === 200 && Array.isArray(r.body) && r.body.length === 0;

/**
 * Removes what the bench stored (its client, whose accounts, portfolio and movements go with it, the intermediary,
 * the instruments and their prices), so that the parts of `npm run bench` after it measure the data they did.
 */
async function cleanUp(db: Database, accountIds: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ client_id: number; fi: number }>(
      'select client_id, financial_intermediary_id as fi from accounts where id = $1',
      [accountIds[0]],
    );
    const { client_id: clientId, fi } = rows[0]!;
    await tx.query('delete from movements where account_id = any($1::bigint[])', [accountIds]);
    await tx.query('delete from portfolio_accounts where account_id = any($1::bigint[])', [accountIds]);
    await tx.query('delete from accounts where id = any($1::bigint[])', [accountIds]);
    await tx.query('delete from portfolios where client_id = $1', [clientId]);
    await tx.query('delete from clients where id = $1', [clientId]);
    await tx.query('delete from financial_intermediaries where id = $1', [fi]);
    await tx.query(
      `delete from prices where instrument_id in (select id from instruments where isin like '${ISIN_PREFIX}%')`,
    );
    await tx.query(`delete from instruments where isin like '${ISIN_PREFIX}%'`);
  });
}

export async function benchImports({ db, url, auth }: ImportsBenchContext): Promise<void> {
  const { rows: taken } = await db.query<{ n: number }>(
    `select count(*)::int as n from instruments where isin like '${ISIN_PREFIX}%'`,
  );
  if (Number(taken[0]?.n) > 0) {
    console.log('imports: the bench instruments exist already (not a fresh database): skipped');
    return;
  }
  const accounts = await setUp(db);
  const [csvAccount, xlsxAccount] = accounts as [number, number];
  const { accessToken } = await signIn(url, 'admin', 'patrimonio');
  const admin = { authorization: `Bearer ${accessToken}` };

  const rng = mulberry32(21);
  const prices = priceFile(rng);
  const badHeader = prices.replace(/^isin;date;price;currency/, 'isin;date;close;currency');
  const moves = movementFile(movements(rng, MOVEMENTS));
  const t0 = performance.now();
  const xlsx = await movementXlsx(movements(rng, XLSX_ROWS));
  const xlsxWritten = performance.now() - t0;
  const mb = (s: string | Uint8Array) =>
    `${((typeof s === 'string' ? Buffer.byteLength(s) : s.length) / 1e6).toFixed(1)} MB`;
  console.log(
    `imports (issue 21): prices ${int(INSTRUMENTS * DAYS)} rows (${mb(prices)} CSV), movements ${int(MOVEMENTS)} rows ` +
      `(${mb(moves)} CSV), XLSX ${int(XLSX_ROWS)} rows (${mb(xlsx)}, written in ${seconds(xlsxWritten)})`,
  );

  const bad = await post(url, admin, '/api/v1/stock/price/upload', badHeader, 'prices-bad-header.csv');
  const badOk = bad.status === 400 && (bad.body as { code?: string }).code === 'missing_columns';
  console.log(
    `  bad header (${int(INSTRUMENTS * DAYS)}-row price CSV, 'price' missing): ${seconds(bad.ms)}, ${outcome(bad)} ` +
      `(target: refused missing_columns under ${TARGET_BAD_HEADER_S} s) ${verdict(badOk && bad.ms < TARGET_BAD_HEADER_S * 1000)}`,
  );

  const p = await post(url, admin, '/api/v1/stock/price/upload', prices, 'prices.csv');
  console.log(
    `  POST /api/v1/stock/price/upload, ${int(INSTRUMENTS * DAYS)} CSV rows: ${seconds(p.ms)}, ${outcome(p)} ` +
      `(target: stored under ${TARGET_PRICES_S} s) ${verdict(accepted(p) && p.ms < TARGET_PRICES_S * 1000)}`,
  );

  const m = await post(url, auth, '/api/v1/movement/upload', moves, 'movements.csv', { accountId: String(csvAccount) });
  console.log(
    `  POST /api/v1/movement/upload, ${int(MOVEMENTS)} CSV rows: ${seconds(m.ms)}, ${outcome(m)}` +
      `${m.stored ? ` (${int(Number(m.stored))} stored)` : ''} (target: stored under ${TARGET_MOVEMENTS_S} s) ` +
      verdict(accepted(m) && m.ms < TARGET_MOVEMENTS_S * 1000),
  );

  const x = await post(url, auth, '/api/v1/movement/upload', xlsx, 'movements.xlsx', {
    accountId: String(xlsxAccount),
  });
  console.log(
    `  POST /api/v1/movement/upload, ${int(XLSX_ROWS)}-row XLSX: ${seconds(x.ms)}, ${outcome(x)}` +
      `${x.stored ? ` (${int(Number(x.stored))} stored)` : ''} (target: accepted) ${verdict(accepted(x))}`,
  );
  await cleanUp(db, accounts);
}

// Alone: the server as scripts/bench.ts starts it.
if (import.meta.main) {
  const server = await startBenchServer('bench-imports', Number(process.env.BENCH_PORT ?? 18081));
  console.log(`database: ${server.described}`);
  await benchImports({ app: server.app, db: server.db, url: server.url, auth: await server.signInPro() });
  await server.close();
}
