// Issue 15, "Uploads must never stop the API": four zip bombs (XLSX) each froze the whole API for more than 60 s.
// Files are read in worker threads within limits on what an XLSX unpacks to, rows and time; a file beyond them is
// refused with its code and nothing is stored, and /live/version keeps answering meanwhile. Also "Bad input":
// malformed multipart bodies answer 4xx in the error shape, never 5xx. The limits are lowered for the test app (the
// defaults are in shared-api upload-limits.ts); the bombs are built here (../testing/zip-bombs.ts).
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signIn } from '../identity/test-sign-in.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import {
  part,
  repeatedPart,
  SHARED_STRINGS,
  SHEET,
  SHEET_HEAD,
  SHEET_TAIL,
  STRINGS_HEAD,
  STRINGS_TAIL,
  withParts,
  workbookParts,
  type ZipPart,
  zip,
} from '../testing/zip-bombs.ts';

const API = '/api/v1';
const MOVEMENTS = `${API}/movement/upload`;
const PRICES = `${API}/stock/price/upload`;
const FX = `${API}/currency/rate/upload`;
const LOGO = `${API}/user/logo-report`;
const MOVEMENT_HEADER = ['date', 'cause', 'subcause', 'isin', 'quantity', 'price', 'amount', 'currency', 'description'];
const LIMITS = {
  UPLOAD_MAX_UNCOMPRESSED_BYTES: '120000000',
  UPLOAD_MAX_ROWS: '1000',
  UPLOAD_PARSE_TIMEOUT_MS: '1000',
  UPLOAD_WORKERS: '1',
  UPLOAD_QUEUE: '1',
};
const MB = 1_000_000;

let t: TestApp;
const tokens: Record<'pro' | 'admin', string> = { pro: '', admin: '' };
let account: number;
/** A workbook of the movement template with one good row, whose parts the bombs replace. */
let movementParts: ZipPart[];
/** 200 MB of sheet rows, and of shared strings, each deflated to well under 1 MB. */
let sheetBomb: ZipPart;
let stringsBomb: ZipPart;
/**
 * 102 MB of shared strings: within the limit, but reading them takes seconds, twice the 1 s limit and more even on a
 * quiet machine (51 MB took about 1 s there, and was sometimes read before the limit).
 */
let slowStrings: ZipPart;

async function post(login: 'pro' | 'admin', url: string, body: BodyInit, headers: Record<string, string> = {}) {
  const res = await fetch(`${t.url}${url}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${tokens[login]}`, ...headers },
    body,
  });
  const text = await res.text();
  // biome-ignore lint/suspicious/noExplicitAny: bodies are checked by the assertions
  let parsed: any = text;
  try {
    parsed = JSON.parse(text);
  } catch {}
  return { status: res.status, headers: res.headers, body: parsed };
}

function form(file: Uint8Array | string | null, fields: Record<string, string | number> = {}, name = 'file.xlsx') {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, String(v));
  if (file !== null) f.append('file', new Blob([file as BlobPart]), name);
  return f;
}

const uploadMovements = (file: Uint8Array | string) =>
  post('pro', MOVEMENTS, form(file, { accountId: account }, typeof file === 'string' ? 'm.csv' : 'm.xlsx'));

/** Row counts of what an upload stores (movements, prices, FX rates, logos) and of the audit log. */
const STORED = ['movements', 'prices', 'fx_rates', 'report_logos', 'audit_log'] as const;
async function stored(): Promise<Record<(typeof STORED)[number], number>> {
  const out = { movements: 0, prices: 0, fx_rates: 0, report_logos: 0, audit_log: 0 };
  for (const table of STORED)
    out[table] = Number((await t.app.db.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]!.n);
  return out;
}

/** Runs `work` while polling /live/version; answers its result and how long each poll took. */
async function pollingLive<T>(work: () => Promise<T>): Promise<{ result: T; polls: number[] }> {
  const polls: number[] = [];
  let done = false;
  const polling = (async () => {
    while (!done) {
      const start = performance.now();
      const res = await fetch(`${t.url}${API}/live/version`);
      await res.text();
      expect(res.status).toBe(200);
      polls.push(performance.now() - start);
      await sleep(20);
    }
  })();
  try {
    return { result: await work(), polls };
  } finally {
    done = true;
    await polling;
  }
}

beforeAll(async () => {
  t = await createTestApp({ listen: true, env: LIMITS });
  for (const login of ['pro', 'admin'] as const) tokens[login] = (await signIn(t.url, login, 'patrimonio')).accessToken;
  const acc = await t.app.db.query<{ id: number }>(
    `select a.id from accounts a join clients c on c.id = a.client_id
      where c.tax_code = 'RSSMRA80A01H501U' order by a.id limit 1`,
  );
  account = Number(acc.rows[0]!.id);
  movementParts = await workbookParts([
    MOVEMENT_HEADER,
    ['2024-05-02', 'DEPOSIT', '', '', '', '', '100', 'EUR', 'Versamento'],
  ]);
  const row = '<row r="2"><c r="A2" t="inlineStr"><is><t>2024-05-02</t></is></c></row>';
  sheetBomb = await repeatedPart(SHEET, SHEET_HEAD, row, Math.ceil((200 * MB) / row.length), SHEET_TAIL);
  const si = '<si><t>patrimonio</t></si>';
  stringsBomb = await repeatedPart(SHARED_STRINGS, STRINGS_HEAD, si, Math.ceil((200 * MB) / si.length), STRINGS_TAIL);
  slowStrings = await repeatedPart(SHARED_STRINGS, STRINGS_HEAD, '<si><t>a</t></si>', 6_000_000, STRINGS_TAIL);
});
afterAll(async () => {
  await t?.close();
});

describe('zip bombs and oversized files are refused with their code, and nothing is stored', () => {
  test('the workbook of the bombs is read when nothing is wrong with it', async () => {
    const before = await stored();
    const r = await uploadMovements(zip(movementParts));
    expect(r, JSON.stringify(r.body)).toMatchObject({ status: 200, body: [] });
    expect((await stored()).movements).toBe(before.movements + 1);
  });

  test('a sheet that unpacks to 200 MB from a file of under 1 MB: 413 too_large_uncompressed', async () => {
    const bomb = zip(withParts(movementParts, sheetBomb));
    expect(sheetBomb.size).toBeGreaterThan(200 * MB);
    expect(bomb.length).toBeLessThan(MB);
    const before = await stored();
    const r = await uploadMovements(bomb);
    expect(r.status).toBe(413);
    expect(r.body).toMatchObject({
      statusCode: 413,
      error: 'Payload Too Large',
      code: 'too_large_uncompressed',
      params: { limit: '120000000' },
    });
    expect(await stored()).toEqual(before);
  });

  test('a lying central directory (and local header): the data unpacks beyond what they declare, 413', async () => {
    const before = await stored();
    // Both headers declare 10 kB; the data unpacks to 200 MB.
    const lying = zip(withParts(movementParts, { ...sheetBomb, directorySize: 10_000, localSize: 10_000 }));
    const r = await uploadMovements(lying);
    expect(r.status).toBe(413);
    expect(r.body).toMatchObject({ code: 'too_large_uncompressed', params: { limit: '120000000' } });
    expect(r.body.message).toContain('unpacks to more than it declares');
    // Only the central directory lies; its local header tells the truth.
    const directoryOnly = zip(withParts(movementParts, { ...sheetBomb, directorySize: 10_000 }));
    const d = await uploadMovements(directoryOnly);
    expect(d.status).toBe(413);
    expect(d.body.code).toBe('too_large_uncompressed');
    // The sizes disagree, both within the limit: no readable workbook.
    const good = movementParts.find((p) => p.name === SHEET)!;
    const disagree = zip(withParts(movementParts, { ...good, directorySize: good.size + 1 }));
    const n = await uploadMovements(disagree);
    expect(n.status).toBe(400);
    expect(n.body.code).toBe('not_a_table');
    expect(await stored()).toEqual(before);
  });

  test('a huge shared-strings part (200 MB), on the FX upload: 413 too_large_uncompressed', async () => {
    const parts = await workbookParts([
      ['currency', 'date', 'rate'],
      ['USD', '2024-05-02', '1.0801'],
    ]);
    const before = await stored();
    const r = await post('admin', FX, form(zip(withParts(parts, stringsBomb))));
    expect(r.status).toBe(413);
    expect(r.body).toMatchObject({ code: 'too_large_uncompressed', params: { limit: '120000000' } });
    expect(await stored()).toEqual(before);
  });

  test('cells that all repeat one long shared string (1,000 rows of 32 kB each): 413 too_large_uncompressed', async () => {
    // Small parts (the strings are shared), but 288 MB of text once the cells are read.
    const strings = [...MOVEMENT_HEADER, 'x'.repeat(32_000)].map((t) => `<si><t>${t}</t></si>`).join('');
    const cells = (r: number, string: (k: number) => number) =>
      MOVEMENT_HEADER.map((_, k) => `<c r="${String.fromCharCode(65 + k)}${r}" t="s"><v>${string(k)}</v></c>`).join('');
    const sheetRows = [`<row r="1">${cells(1, (k) => k)}</row>`];
    for (let r = 2; r <= 1001; r++) sheetRows.push(`<row r="${r}">${cells(r, () => MOVEMENT_HEADER.length)}</row>`);
    const amplified = zip(
      withParts(
        movementParts,
        part(SHARED_STRINGS, `${STRINGS_HEAD}${strings}${STRINGS_TAIL}`),
        part(SHEET, `${SHEET_HEAD}${sheetRows.join('')}${SHEET_TAIL}`),
      ),
    );
    expect(amplified.length).toBeLessThan(MB);
    const before = await stored();
    const r = await uploadMovements(amplified);
    expect(r.status).toBe(413);
    expect(r.body).toMatchObject({ code: 'too_large_uncompressed', params: { limit: '120000000' } });
    expect(r.body.message).toContain('more text in its cells than the limit');
    expect(await stored()).toEqual(before);
  });

  test('more data rows than the limit (1,000 here): 400 too_many_rows, for XLSX and CSV, prices too', async () => {
    const rows = Array.from({ length: 1001 }, (_, i) => [
      `2024-0${1 + (i % 9)}-1${i % 10}`,
      'DEPOSIT',
      '',
      '',
      '',
      '',
      String(i + 1),
      'EUR',
      '',
    ]);
    const before = await stored();
    const xlsx = await uploadMovements(zip(await workbookParts([MOVEMENT_HEADER, ...rows])));
    expect(xlsx.status).toBe(400);
    expect(xlsx.body).toMatchObject({ code: 'too_many_rows', params: { limit: '1000' } });
    const csv = await uploadMovements([MOVEMENT_HEADER, ...rows].map((r) => r.join(';')).join('\n'));
    expect(csv.status).toBe(400);
    expect(csv.body).toMatchObject({ code: 'too_many_rows', params: { limit: '1000' } });
    const prices = ['isin;date;price;currency', ...rows.map((_, i) => `IT0005438004;${rows[i]![0]};99,${i};EUR`)];
    const p = await post('admin', PRICES, form(prices.join('\n'), {}, 'p.csv'));
    expect(p.status).toBe(400);
    expect(p.body.code).toBe('too_many_rows');
    expect(await stored()).toEqual(before);
    // Exactly the limit is read.
    const atLimit = await uploadMovements([MOVEMENT_HEADER, ...rows.slice(1)].map((r) => r.join(';')).join('\n'));
    expect(atLimit.status, JSON.stringify(atLimit.body).slice(0, 300)).toBe(200);
    expect((await stored()).movements).toBe(before.movements + 1000);
  });

  test('a workbook within the size limit that takes longer than the time limit: 400 parse_timeout, worker stopped', async () => {
    const slow = zip(withParts(movementParts, slowStrings));
    expect(slowStrings.size).toBeLessThan(120 * MB);
    const before = await stored();
    const r = await uploadMovements(slow);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: 'parse_timeout', params: { seconds: '1' } });
    expect(await stored()).toEqual(before);
    // The stopped worker is replaced: the next file is read.
    const next = await uploadMovements(zip(movementParts));
    expect(next, JSON.stringify(next.body)).toMatchObject({ status: 200, body: [] });
  });

  test('/live/version answers in under 1 s while bombs are being refused', async () => {
    const before = await stored();
    const { result, polls } = await pollingLive(async () => [
      await uploadMovements(zip(withParts(movementParts, slowStrings))),
      await uploadMovements(zip(withParts(movementParts, { ...sheetBomb, directorySize: 10_000, localSize: 10_000 }))),
      await uploadMovements(zip(withParts(movementParts, sheetBomb))),
    ]);
    expect(result.map((r) => r.body.code)).toEqual([
      'parse_timeout',
      'too_large_uncompressed',
      'too_large_uncompressed',
    ]);
    // The slow workbook alone keeps a worker busy for the whole second of its limit.
    expect(polls.length).toBeGreaterThanOrEqual(5);
    expect(Math.max(...polls)).toBeLessThan(1000);
    expect(await stored()).toEqual(before);
  });

  test('with every reader busy and the queue full: 503 uploads_busy with Retry-After, nothing stored', async () => {
    const before = await stored();
    const slow = zip(withParts(movementParts, slowStrings));
    // One worker and a queue of one here: of four files at once, one is read, one waits, the others are turned away.
    const answers = await Promise.all([1, 2, 3, 4].map(() => uploadMovements(slow)));
    const busy = answers.filter((a) => a.status === 503);
    expect(busy.length).toBe(2);
    for (const b of busy) {
      expect(b.headers.get('retry-after')).toBe('5');
      expect(b.body).toMatchObject({
        statusCode: 503,
        error: 'Service Unavailable',
        code: 'uploads_busy',
        params: { retryAfter: 5 },
      });
    }
    expect(answers.filter((a) => a.status === 400).map((a) => a.body.code)).toContain('parse_timeout');
    expect(await stored()).toEqual(before);
  });

  test('an svg logo that takes longer than the time limit to read: 400 bad_file_generic, the logo unchanged', async () => {
    const shapes = '<rect x="1" y="1" width="2" height="2" fill="#123456"/>'.repeat(250_000);
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">${shapes}</svg>`;
    const before = await stored();
    const r = await post(
      'pro',
      LOGO,
      JSON.stringify({ logoStream: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` }),
      { 'content-type': 'application/json' },
    );
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: 'bad_file_generic' });
    expect(r.body.message).toContain('took longer than 1 s');
    expect(await stored()).toEqual(before);
  });
});

describe('malformed multipart bodies answer 4xx in the error shape, never 5xx, and store nothing', () => {
  const CRLF = '\r\n';
  const B = 'patrimonio-boundary';
  const csv = `${MOVEMENT_HEADER.join(';')}${CRLF}2024-05-03;DEPOSIT;;;;;5;EUR;`;
  const fieldPart = (name: string, value: string) =>
    `--${B}${CRLF}Content-Disposition: form-data; name="${name}"${CRLF}${CRLF}${value}${CRLF}`;
  const filePart = (name: string, filename: string | null, content: string) =>
    `--${B}${CRLF}Content-Disposition: form-data; name="${name}"${filename === null ? '' : `; filename="${filename}"`}${CRLF}` +
    `Content-Type: text/csv${CRLF}${CRLF}${content}${CRLF}`;
  const multipart = `multipart/form-data; boundary=${B}`;

  const cases: [string, string, string, number, string | undefined][] = [
    ['no boundary', 'multipart/form-data', `${fieldPart('accountId', '1')}--${B}--${CRLF}`, 400, 'malformed_multipart'],
    [
      'a body cut short',
      multipart,
      `${fieldPart('accountId', 'ACCOUNT')}${filePart('file', 'm.csv', csv)}`,
      400,
      undefined,
    ],
    [
      'a part without a header',
      multipart,
      `--${B}${CRLF}garbage without a colon${CRLF}${CRLF}x${CRLF}--${B}--${CRLF}`,
      400,
      undefined,
    ],
    ['not multipart (urlencoded)', 'application/x-www-form-urlencoded', 'accountId=1&file=x', 415, undefined],
    ['not multipart (JSON)', 'application/json', '{"accountId":1,"file":"x"}', 400, 'file_required'],
    ['not multipart (text)', 'text/plain', csv, 400, 'file_required'],
    [
      'the file part without a filename',
      multipart,
      `${fieldPart('accountId', 'ACCOUNT')}${filePart('file', null, csv)}--${B}--${CRLF}`,
      400,
      'file_required',
    ],
    [
      'two files',
      multipart,
      `${fieldPart('accountId', 'ACCOUNT')}${filePart('file', 'a.csv', csv)}${filePart('file', 'b.csv', csv)}--${B}--${CRLF}`,
      400,
      'too_many_files',
    ],
    [
      'a huge field',
      multipart,
      `${fieldPart('accountId', `ACCOUNT${' '.repeat(2_000_000)}`)}${filePart('file', 'm.csv', csv)}--${B}--${CRLF}`,
      400,
      'VALIDATION',
    ],
  ];

  test.each(cases)('%s: %s', async (_label, contentType, raw, status, code) => {
    const before = await stored();
    for (const url of [MOVEMENTS, PRICES, FX]) {
      const body = raw.replaceAll('ACCOUNT', String(account));
      const r = await post('admin', url, Buffer.from(body), { 'content-type': contentType });
      expect(r.status, `${url}: ${JSON.stringify(r.body).slice(0, 200)}`).toBe(status);
      expect(r.body).toMatchObject({ statusCode: status, error: expect.any(String), message: expect.any(String) });
      if (code) expect(r.body.code, url).toBe(code);
    }
    expect(await stored()).toEqual(before);
  });

  test('the well-formed body of the same parts is stored', async () => {
    const before = await stored();
    const body = `${fieldPart('accountId', String(account))}${filePart('file', 'm.csv', csv)}--${B}--${CRLF}`;
    const r = await post('admin', MOVEMENTS, Buffer.from(body), { 'content-type': multipart });
    expect(r, JSON.stringify(r.body)).toMatchObject({ status: 200, body: [] });
    expect((await stored()).movements).toBe(before.movements + 1);
  });
});
