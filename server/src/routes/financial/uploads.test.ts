// File imports: CSV (';' with decimal comma and DD/MM/YYYY, or ',' with dots) and XLSX in one template; any bad row
// answers the rejected rows and stores nothing; 413 above 15 MB; the type is read from the content; the account
// must be visible to a financial writer (404), BASIC 403. Prices and FX rates: ADMIN/BACK_OFFICE, upserted.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import writeXlsxFile from 'write-excel-file/node';
import { signIn } from '../../identity/test-sign-in.ts';
import { IMPORT_BATCH_ROWS } from '../../import/import-table.ts';
import { type Harness, type Login, startHarness } from '../../testing/harness.ts';

const API = '/api/v1';
const HEADER = 'date;cause;subcause;isin;quantity;price;amount;currency;description';
let h: Harness;
let accRossi: number;
let cashRossi: number;
let accFerrari: number;
let rossi: number;
const tokens = new Map<Login, string>();

const id = async (sql: string, params: unknown[] = []) => Number((await h.one<{ id: number }>(sql, params)).id);
const count = async (sql: string, params: unknown[] = []) => (await h.one<{ n: number }>(sql, params)).n;
const movementsOf = (acc: number) => count('select count(*)::int as n from movements where account_id = $1', [acc]);

async function upload(
  login: Login,
  url: string,
  file: Uint8Array | string | null,
  fields: Record<string, string | number> = {},
  name = 'movimenti.csv',
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, String(v));
  if (file !== null) form.append('file', new Blob([file as BlobPart]), name);
  const res = await fetch(`${h.t.url}${url}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${tokens.get(login)}` },
    body: form,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}
const uploadMovements = (login: Login, file: Uint8Array | string | null, fields: Record<string, string | number>) =>
  upload(login, `${API}/movement/upload`, file, fields);

beforeAll(async () => {
  h = await startHarness();
  for (const login of ['admin', 'pro', 'pro2', 'client', 'backoffice'] as const)
    tokens.set(login, (await signIn(h.t.url, login, 'patrimonio')).accessToken);
  rossi = await id("select id from clients where tax_code = 'RSSMRA80A01H501U'");
  const ferrari = await id("select id from clients where tax_code = 'FRRGNN58T10D612I'");
  const fi = await id(
    "insert into financial_intermediaries (name, fi_type) values ('Banca Import', 'CREDIT_INSTITUTE') returning id",
  );
  const account = async (client: number, name: string, type = 'CUSTODIA_TITOLI') => {
    const acc = await id(
      `insert into accounts (client_id, account_type, name, financial_intermediary_id)
       values ($1, $2, $3, $4) returning id`,
      [client, type, name, fi],
    );
    const ptf = await id('insert into portfolios (client_id, name) values ($1, $2) returning id', [client, name]);
    await h.t.app.db.query('insert into portfolio_accounts (portfolio_id, account_id) values ($1, $2)', [ptf, acc]);
    return acc;
  };
  accRossi = await account(rossi, 'Dossier Import Rossi');
  cashRossi = await account(rossi, 'Conto Import Rossi', 'CONTO_CORRENTE');
  accFerrari = await account(ferrari, 'Dossier Import Ferrari');
  await h.t.app.db.query(
    `insert into instruments (isin, name, currency_id, asset_class, macro_asset_class)
     values ('IT0005438004', 'BTP 1.5% 2045', 1, 'Obbligazioni governative', 'Bond'),
            ('IE00B4L5Y983', 'iShares Core MSCI World', 1, 'ETF azionari', 'Equity'),
            ('US0378331005', 'Apple Inc.', 2, 'Azioni USA', 'Equity')
     on conflict (isin) do nothing`,
  );
});
afterAll(async () => {
  await h?.t.close();
});

describe('movement upload', () => {
  test("a ';' CSV with decimal comma and DD/MM/YYYY is stored whole, trades on the offset cash account", async () => {
    const csv = [
      HEADER,
      '02/01/2024;DEPOSIT;;;;;10.000,00;EUR;Bonifico iniziale',
      '03/01/2024;BUY;;IE00B4L5Y983;50;85,12;;;Acquisto ETF',
      '03/01/2024;FEE;NEGOZIAZIONE;;;;4,95;;Commissione acquisto',
      '15/01/2024;SELL;;IE00B4L5Y983;10;88,5;885;;',
      '31/01/2024;TAX;;;;;1,20;;Imposta di bollo',
    ].join('\r\n');
    const r = await uploadMovements('pro', csv, { accountId: accRossi, offsetAccountId: cashRossi });
    expect(r).toEqual({ status: 200, body: [] });
    const buy = await h.one<Record<string, string>>(
      `select amount::text, quantity::text, offset_account_id::text as off, classification, to_char(date_time, 'YYYY-MM-DD') as d
         from movements where account_id = $1 and cause = 'BUY'`,
      [accRossi],
    );
    expect(buy).toEqual({
      amount: '4256.00',
      quantity: '50.000000',
      off: String(cashRossi),
      classification: 'Acquisto ETF',
      d: '2024-01-03',
    });
    const deposit = await h.one<Record<string, string>>(
      "select amount::text, offset_account_id from movements where account_id = $1 and cause = 'DEPOSIT'",
      [accRossi],
    );
    expect(deposit).toEqual({ amount: '10000.00', offset_account_id: null });
    expect(await movementsOf(accRossi)).toBe(5);
    const ptf = await h.one<{ d: string }>(
      `select to_char(p.first_movement_date, 'YYYY-MM-DD') as d from portfolios p
         join portfolio_accounts pa on pa.portfolio_id = p.id where pa.account_id = $1`,
      [accRossi],
    );
    expect(ptf.d).toBe('2024-01-02');
  });

  test('the sample file of docs/import is stored (a bond nominal of "10.000" is ten thousand, priced per 100)', async () => {
    const sample = readFileSync(new URL('../../../../docs/import/movement-sample.csv', import.meta.url));
    const before = await movementsOf(cashRossi);
    const r = await upload('pro', `${API}/movement/upload`, new Uint8Array(sample), {
      accountId: cashRossi,
      offsetAccountId: accRossi,
    });
    expect(r).toEqual({ status: 200, body: [] });
    expect(await movementsOf(cashRossi)).toBe(before + 20);
    const btp = await h.one<Record<string, string>>(
      `select m.quantity::text as q, m.amount::text as a from movements m join instruments i on i.id = m.instrument_id
        where m.account_id = $1 and i.isin = 'IT0005083057' and m.cause = 'BUY'`,
      [cashRossi],
    );
    // 10,000 nominal at 88.40 per 100 = 8,840.00.
    expect(btp).toEqual({ q: '10000.000000', a: '8840.00' });
  });

  test('a good XLSX is stored (dates as dates, numbers as numbers)', async () => {
    const head = HEADER.split(';');
    const xlsx = await writeXlsxFile([
      head.map((value) => ({ value })),
      [
        { value: new Date(Date.UTC(2024, 1, 1)), type: Date, format: 'dd/mm/yyyy' },
        { value: 'BUY' },
        null,
        { value: 'US0378331005' },
        { value: 3 },
        { value: 185.25 },
        null,
        { value: 'USD' },
        { value: 'Acquisto Apple' },
      ],
      [
        { value: '2024-02-15' },
        { value: 'DIVIDEND' },
        null,
        { value: 'US0378331005' },
        null,
        null,
        { value: 0.72 },
        { value: 'USD' },
        null,
      ],
    ]).toBuffer();
    const before = await movementsOf(accRossi);
    const r = await upload('admin', `${API}/movement/upload`, new Uint8Array(xlsx), { accountId: accRossi }, 'm.xlsx');
    expect(r).toEqual({ status: 200, body: [] });
    expect(await movementsOf(accRossi)).toBe(before + 2);
    const buy = await h.one<Record<string, string>>(
      `select m.amount::text, to_char(m.date_time, 'YYYY-MM-DD') as d, c.iso from movements m
         join currencies c on c.id = m.currency_id where m.classification = 'Acquisto Apple'`,
    );
    expect(buy).toEqual({ amount: '555.75', d: '2024-02-01', iso: 'USD' });
  });

  test('one bad row among 5,000 stores nothing and is named; several faults each get a reason', async () => {
    const lines = [HEADER.replaceAll(';', ',')];
    for (let i = 0; i < 5000; i++) lines.push(`2024-03-${String((i % 28) + 1).padStart(2, '0')},DEPOSIT,,,,,100.50,,`);
    lines[3001] = '2024-03-05,DEPOSIT,,,,,-100,,'; // row 3002
    const before = await movementsOf(accRossi);
    const audits = await count('select count(*)::int as n from audit_log');
    const r = await uploadMovements('pro', lines.join('\n'), { accountId: accRossi });
    expect(r.status).toBe(200);
    expect(r.body).toEqual([
      { row: 3002, field: 'amount', code: 'negative', reason: 'must not be negative (the cause gives the direction)' },
    ]);
    expect(await movementsOf(accRossi)).toBe(before);
    expect(await count('select count(*)::int as n from audit_log')).toBe(audits);

    const bad = [
      HEADER,
      '31/02/2024;DEPOSIT;;;;;1;;',
      '2024-03-01;BONUS;;;;;1;;',
      '2024-03-01;DEPOSIT;GESTIONE;;;;1;;',
      '2024-03-01;FEE;VARIE;;;;1;;',
      '2024-03-01;BUY;;XX0000000000;1;1;;;',
      '2024-03-01;SELL;;;;;;;',
      '2024-03-01;DIVIDEND;;;;;abc;XYZ;',
      '2024-03-01;FEE;;;;;2,5;;ok',
    ].join('\n');
    const r2 = await uploadMovements('pro', bad, { accountId: accRossi });
    expect(r2.status).toBe(200);
    const byRow = (row: number) =>
      r2.body.filter((x: { row: number }) => x.row === row).map((x: { field: string }) => x.field);
    expect(byRow(2)).toEqual(['date']);
    expect(byRow(3)).toEqual(['cause']);
    expect(byRow(4)).toEqual(['subcause']);
    expect(byRow(5)).toEqual(['subcause']);
    expect(byRow(6)).toEqual(['isin']);
    expect(byRow(7)).toEqual(['isin', 'quantity', 'price']);
    expect(byRow(8).sort()).toEqual(['amount', 'currency']);
    expect(byRow(9)).toEqual([]);
    // Each fault has its code (the pages translate it) and the cell at fault where there is one.
    expect(r2.body.map((x: { row: number; code: string; params?: object }) => [x.row, x.code, x.params])).toEqual([
      [2, 'notDate', { value: '31/02/2024' }],
      [3, 'unknownCause', { value: 'BONUS' }],
      [4, 'subcauseNotFee', undefined],
      [5, 'unknownSubcause', { value: 'VARIE' }],
      [6, 'unknownInstrument', { value: 'XX0000000000' }],
      [7, 'tradeNeedsIsin', undefined],
      [7, 'tradeNeedsQuantity', undefined],
      [7, 'tradeNeedsPrice', undefined],
      ...r2.body
        .filter((x: { row: number }) => x.row === 8)
        .map((x: { code: string; params?: object }) => [8, x.code, x.params]),
    ]);
    expect(
      r2.body
        .filter((x: { row: number }) => x.row === 8)
        .map((x: { code: string }) => x.code)
        .sort(),
    ).toEqual(['notNumber', 'unknownCurrency']);
    expect(await movementsOf(accRossi)).toBe(before);
  });

  test('an oversized file is 413 and stores nothing', async () => {
    const before = await movementsOf(accRossi);
    const row = '2024-03-01;DEPOSIT;;;;;1;;\n';
    const big = `${HEADER}\n${row.repeat(Math.ceil(15_000_001 / row.length))}`;
    const r = await uploadMovements('pro', big, { accountId: accRossi });
    expect(r.status).toBe(413);
    expect(await movementsOf(accRossi)).toBe(before);
  });

  test('the type is read from the content; empty files, missing columns and fields are 400', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    expect((await uploadMovements('pro', png, { accountId: accRossi })).status).toBe(400);
    expect((await uploadMovements('pro', '', { accountId: accRossi })).status).toBe(400);
    const fakeZip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4]);
    expect((await uploadMovements('pro', fakeZip, { accountId: accRossi })).status).toBe(400);
    const cols = await uploadMovements('pro', 'date;cause;amount\n2024-01-01;DEPOSIT;1', { accountId: accRossi });
    expect(cols.status).toBe(400);
    expect(cols.body.fields.map((f: { field: string }) => f.field)).toContain('file.isin');
    expect(cols.body).toMatchObject({
      code: 'missing_columns',
      message: 'Missing template columns: subcause, isin, quantity, price, currency, description',
      params: { columns: 'subcause, isin, quantity, price, currency, description' },
    });
    expect(png.length && (await uploadMovements('pro', png, { accountId: accRossi })).body.code).toBe('not_a_table');
    expect((await uploadMovements('pro', '', { accountId: accRossi })).body.code).toBe('empty_file');
    expect((await uploadMovements('pro', null, { accountId: accRossi })).body.code).toBe('file_required');
    expect((await uploadMovements('pro', HEADER, { accountId: accRossi })).body.code).toBe('no_data_rows');
    expect((await uploadMovements('pro', null, { accountId: accRossi })).status).toBe(400);
    expect((await uploadMovements('pro', `${HEADER}\n2024-01-01;DEPOSIT;;;;;1;;`, {})).status).toBe(400);
    const same = await uploadMovements('pro', `${HEADER}\n2024-01-01;DEPOSIT;;;;;1;;`, {
      accountId: accRossi,
      offsetAccountId: accRossi,
    });
    expect(same.status).toBe(400);
  });

  // Issue 16: an import run by the back office or an admin waits for the middle office (PENDING), an adviser's own
  // is approved at once; both have origin IMPORT and their importer as author.
  test.each([
    ['admin', 'own client', accRossiOf, 200, 'PENDING'],
    ['backoffice', 'own client', accRossiOf, 200, 'PENDING'],
    ['pro', 'own client', accRossiOf, 200, 'APPROVED'],
    ['pro2', "pro's client", accRossiOf, 404, null],
    ['pro', 'foreign client', () => accFerrari, 404, null],
    ['client', 'own account', accRossiOf, 403, null],
  ] as const)('%s on %s: %i %s', async (login, _label, acc, status, stored) => {
    const before = await movementsOf(acc());
    const r = await uploadMovements(login, `${HEADER}\n2024-04-02;INTEREST;;;;;3,10;;`, { accountId: acc() });
    expect(r.status).toBe(status);
    expect(await movementsOf(acc())).toBe(before + (status === 200 ? 1 : 0));
    if (stored) {
      const row = await h.one<Record<string, string>>(
        `select m.status, m.origin, u.login from movements m join users u on u.id = m.created_by
          where m.account_id = $1 order by m.id desc limit 1`,
        [acc()],
      );
      expect(row).toEqual({ status: stored, origin: 'IMPORT', login });
    }
  });

  test('a stored import says how many rows it stored (header X-Stored-Rows); a refused one does not', async () => {
    const send = async (csv: string) => {
      const form = new FormData();
      form.append('accountId', String(accRossi));
      form.append('file', new Blob([csv]), 'movimenti.csv');
      return fetch(`${h.t.url}${API}/movement/upload`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tokens.get('backoffice')}` },
        body: form,
      });
    };
    const good = await send([HEADER, '2024-04-03;INTEREST;;;;;3,10;;', '2024-04-04;TAX;;;;;1,20;;'].join('\n'));
    expect(good.status).toBe(200);
    expect(good.headers.get('x-stored-rows')).toBe('2');
    expect(await good.json()).toEqual([]);
    const bad = await send([HEADER, '2024-04-03;INTEREST;;;;;3,10;;', '2024-04-04;NOPE;;;;;1,20;;'].join('\n'));
    expect(bad.status).toBe(200);
    expect(bad.headers.get('x-stored-rows')).toBeNull();
    expect(await bad.json()).toHaveLength(1);
  });

  test('an offset account the caller does not see is 404', async () => {
    const r = await uploadMovements('pro', `${HEADER}\n2024-04-02;INTEREST;;;;;3,10;;`, {
      accountId: accRossi,
      offsetAccountId: accFerrari,
    });
    expect(r.status).toBe(404);
  });
});

describe("the file's number convention (issue 13: a ';' file with decimal dots was misread)", () => {
  /** Rossi's figures fresh: the next analytics call answers the current data. */
  const settle = () => h.settle([rossi]);
  let acc: number;
  let ptf: number;
  const value = async () => {
    await settle();
    const r = await h.call('pro', 'GET', `${API}/report/${ptf}/sintetico?date=2024-12-31`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.reportSinteticoTotalComposition[0].controvalore as number;
  };
  const stored = () =>
    h.one<{ n: number; amounts: string[] }>(
      `select count(*)::int as n, coalesce(array_agg(amount::text order by id), '{}') as amounts
         from movements where account_id = $1`,
      [acc],
    );

  beforeAll(async () => {
    const fi = await id('select id from financial_intermediaries order by id limit 1');
    acc = await id(
      `insert into accounts (client_id, account_type, name, financial_intermediary_id)
       values ($1, 'CUSTODIA_TITOLI', 'Dossier separatori', $2) returning id`,
      [rossi, fi],
    );
    ptf = await id('insert into portfolios (client_id, name) values ($1, $2) returning id', [rossi, 'Separatori']);
    await h.t.app.db.query('insert into portfolio_accounts (portfolio_id, account_id) values ($1, $2)', [ptf, acc]);
    const first = await uploadMovements('pro', `${HEADER}\n02/01/2024;DEPOSIT;;;;;7.500,00;EUR;Versamento`, {
      accountId: acc,
    });
    expect(first).toEqual({ status: 200, body: [] });
  });

  test("the issue's file: 117.998, 9.95 and 60.94 in a ';' file are refused by row, nothing stored, value unchanged", async () => {
    const valueBefore = await value();
    expect(valueBefore).toBe(7500);
    const before = await stored();
    const audits = await count('select count(*)::int as n from audit_log');
    const misread = [
      HEADER,
      '03/01/2024;BUY;;IE00B4L5Y983;117.998;60.94;;EUR;Acquisto ETF',
      '03/01/2024;FEE;NEGOZIAZIONE;;;;9.95;EUR;Commissione',
    ].join('\n');
    const r = await uploadMovements('pro', misread, { accountId: acc });
    expect(r.status).toBe(200);
    const convention = { decimal: ',', group: '.' };
    expect(
      r.body.map((x: { row: number; field: string; code: string; params: object }) => [
        x.row,
        x.field,
        x.code,
        x.params,
      ]),
    ).toEqual([
      // 117.998 is well grouped, but the file uses '.' as its decimal point elsewhere: not read as 117,998.
      [2, 'quantity', 'ambiguousNumber', { value: '117.998', ...convention }],
      [2, 'price', 'thousandsGroup', { value: '60.94', ...convention }],
      [3, 'amount', 'thousandsGroup', { value: '9.95', ...convention }],
    ]);
    expect(r.body[1].reason).toBe(
      `"60.94": in this file ',' is the decimal separator and '.' groups thousands, so '.' must be followed by exactly three digits`,
    );
    expect(await stored()).toEqual(before);
    expect(await count('select count(*)::int as n from audit_log')).toBe(audits);
    expect(await value()).toBe(valueBefore);
  });

  test("a ';' file whose numbers only hold '.' and three digits is refused whole, naming the convention", async () => {
    const before = await stored();
    const ambiguous = [HEADER, '03/01/2024;BUY;;IE00B4L5Y983;117.998;60;;EUR;', '04/01/2024;DEPOSIT;;;;;1.500;EUR;'];
    const r = await uploadMovements('pro', ambiguous.join('\n'), { accountId: acc });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({
      code: 'ambiguous_numbers',
      params: { delimiter: ';', decimal: ',', group: '.', value: '117.998', row: '2' },
      message:
        "The file separates columns with ';', so ',' is the decimal separator and '.' groups thousands; its numbers use only '.' followed by three digits (\"117.998\" on row 2), which could be read either way: write decimals with a comma (117,998) or leave out the thousands separator (117998)",
    });
    // The same in a ',' file, with the characters swapped (a grouped number is quoted there).
    const comma = [HEADER.replaceAll(';', ','), '2024-01-04,DEPOSIT,,,,,"1,500",EUR,'].join('\n');
    const c = await uploadMovements('pro', comma, { accountId: acc });
    expect(c.status).toBe(400);
    expect(c.body.code).toBe('ambiguous_numbers');
    expect(c.body.message).toContain("separates columns with ',', so '.' is the decimal separator and ',' groups");
    expect(c.body.message).toContain('write decimals with a dot (1.500) or leave out the thousands separator (1500)');
    expect(await stored()).toEqual(before);
  });

  test("well-formed files are stored with the right values: '1.234,56' in a ';' file, '1,234.56' in a ',' file", async () => {
    const before = await stored();
    const italian = [HEADER, '05/01/2024;DEPOSIT;;;;;1.234,56;EUR;', '05/01/2024;DEPOSIT;;;;;117.998;EUR;'];
    expect(await uploadMovements('pro', italian.join('\n'), { accountId: acc })).toEqual({ status: 200, body: [] });
    const english = [
      HEADER.replaceAll(';', ','),
      '2024-01-06,DEPOSIT,,,,,"1,234.56",EUR,',
      '2024-01-06,FEE,,,,,9.95,EUR,',
    ];
    expect(await uploadMovements('pro', english.join('\n'), { accountId: acc })).toEqual({ status: 200, body: [] });
    // In the ';' file "117.998" is a hundred and seventeen thousand, since "1.234,56" shows the decimal comma.
    expect((await stored()).amounts).toEqual([...before.amounts, '1234.56', '117998.00', '1234.56', '9.95']);
    // A ',' file with a malformed group is refused by row.
    const bad = [HEADER.replaceAll(';', ','), '2024-01-07,DEPOSIT,,,,,"9,95",EUR,', '2024-01-07,FEE,,,,,1.50,EUR,'];
    const r = await uploadMovements('pro', bad.join('\n'), { accountId: acc });
    expect(r.body.map((x: { row: number; code: string; params: object }) => [x.row, x.code, x.params])).toEqual([
      [2, 'thousandsGroup', { value: '9,95', decimal: '.', group: ',' }],
    ]);
  });

  test('a missing column is refused at once, before any data row is read', async () => {
    // The data rows are not even CSV (an unclosed quote): the header alone decides.
    const r = await uploadMovements('pro', 'date;cause;amount;currency\n2024-01-01;"DEPOSIT;1;EUR\n', {
      accountId: acc,
    });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({
      code: 'missing_columns',
      params: { columns: 'subcause, isin, quantity, price, description' },
    });
    expect(r.body.fields.map((f: { field: string }) => f.field)).toEqual([
      'file.subcause',
      'file.isin',
      'file.quantity',
      'file.price',
      'file.description',
    ]);
    const prices = await upload('admin', `${API}/stock/price/upload`, 'isin;date\nIE00B4L5Y983;"02/01/2024\n');
    expect(prices).toMatchObject({
      status: 400,
      body: { code: 'missing_columns', params: { columns: 'price, currency' } },
    });
    const xlsx = await writeXlsxFile([
      [{ value: 'currency' }, { value: 'date' }],
      [{ value: 'USD' }, { value: '2024-01-02' }],
    ]).toBuffer();
    const fx = await upload('admin', `${API}/currency/rate/upload`, new Uint8Array(xlsx), {}, 'fx.xlsx');
    expect(fx).toMatchObject({ status: 400, body: { code: 'missing_columns', params: { columns: 'rate' } } });
  });

  test('prices and FX rates follow the same convention', async () => {
    const price = (csv: string) => upload('admin', `${API}/stock/price/upload`, csv);
    const at = () =>
      count(
        `select count(*)::int as n from prices p join instruments i on i.id = p.instrument_id
          where i.isin = 'IE00B4L5Y983' and p.date between '1998-01-01' and '1998-12-31'`,
      );
    const r = await price(
      'isin;date;price;currency\nIE00B4L5Y983;02/01/1998;85.10;EUR\nIE00B4L5Y983;05/01/1998;1.085;EUR\n',
    );
    expect(r.body.map((x: { row: number; code: string }) => [x.row, x.code])).toEqual([
      [2, 'thousandsGroup'],
      [3, 'ambiguousNumber'],
    ]);
    const whole = await price('isin;date;price;currency\nIE00B4L5Y983;02/01/1998;1.085;EUR\n');
    expect(whole).toMatchObject({ status: 400, body: { code: 'ambiguous_numbers' } });
    expect(await at()).toBe(0);
    expect(await price('isin;date;price;currency\nIE00B4L5Y983;02/01/1998;1.085,10;EUR\n')).toEqual({
      status: 200,
      body: [],
    });
    expect(await price('isin,date,price,currency\nIE00B4L5Y983,1998-01-05,"1,085.20",EUR\n')).toEqual({
      status: 200,
      body: [],
    });
    const stored = await h.t.app.db.query<{ price: string }>(
      `select p.price::text as price from prices p join instruments i on i.id = p.instrument_id
        where i.isin = 'IE00B4L5Y983' and p.date between '1998-01-01' and '1998-12-31' order by p.date`,
    );
    expect(stored.rows.map((x) => Number(x.price))).toEqual([1085.1, 1085.2]);

    const fx = (csv: string) => upload('admin', `${API}/currency/rate/upload`, csv);
    const bad = await fx('currency;date;rate\nUSD;02/01/1998;1.0956\n');
    expect(bad.body).toEqual([
      {
        row: 2,
        field: 'rate',
        code: 'thousandsGroup',
        params: { value: '1.0956', decimal: ',', group: '.' },
        reason: `"1.0956": in this file ',' is the decimal separator and '.' groups thousands, so '.' must be followed by exactly three digits`,
      },
    ]);
    expect((await fx('currency;date;rate\nJPY;02/01/1998;1.234\n')).body.code).toBe('ambiguous_numbers');
    expect(await fx('currency,date,rate\nUSD,1998-01-02,1.0956\n')).toEqual({ status: 200, body: [] });
    const usd = await h.one<{ rate: string }>(
      "select f.rate::text as rate from fx_rates f join currencies c on c.id = f.currency_id where c.iso = 'USD' and f.date = '1998-01-02'",
    );
    expect(Number(usd.rate)).toBe(1.0956);
  });

  test('an XLSX text cell "10.000" is refused as ambiguous, nothing stored; a number cell 1000.125 is read exactly', async () => {
    const head = HEADER.split(';').map((value) => ({ value }));
    const trade = (quantity: { value: number | string }) => [
      { value: '2024-03-01' },
      { value: 'BUY' },
      null,
      { value: 'IE00B4L5Y983' },
      quantity,
      { value: 10 },
      null,
      { value: 'EUR' },
      { value: 'Acquisto separatori XLSX' },
    ];
    const deposit = (amount: { value: number | string }) => [
      { value: '2024-03-01' },
      { value: 'DEPOSIT' },
      null,
      null,
      null,
      null,
      amount,
      { value: 'EUR' },
      { value: 'Versamento separatori XLSX' },
    ];
    const xlsx = async (rows: ReturnType<typeof trade>[]) =>
      new Uint8Array(await writeXlsxFile([head, ...rows]).toBuffer());
    const before = await stored();
    const r = await upload(
      'pro',
      `${API}/movement/upload`,
      await xlsx([trade({ value: 1000.125 }), deposit({ value: '10.000' }), deposit({ value: '1,500' })]),
      { accountId: acc },
      'm.xlsx',
    );
    expect(r.status).toBe(200);
    expect(r.body).toEqual([
      {
        row: 3,
        field: 'amount',
        code: 'ambiguousText',
        params: { value: '10.000' },
        reason: `"10.000" is a text cell with one '.' or ',' followed by three digits, so it could be read as a decimal or as thousands: type it as a number in the spreadsheet, or write it unambiguously (e.g. 10000 or 10.000,00 / 10,000.00)`,
      },
      expect.objectContaining({ row: 4, field: 'amount', code: 'ambiguousText', params: { value: '1,500' } }),
    ]);
    expect(await stored()).toEqual(before);

    // Unambiguous text cells and typed numbers are read: typed numbers never go through the text check, so 1.125 (as
    // text "1.125", which a text cell could not say) is one and an eighth.
    const ok = await upload(
      'pro',
      `${API}/movement/upload`,
      await xlsx([
        trade({ value: 1000.125 }),
        trade({ value: 1.125 }),
        deposit({ value: '10.000,00' }),
        deposit({ value: '1,234.56' }),
      ]),
      { accountId: acc },
      'm.xlsx',
    );
    expect(ok).toEqual({ status: 200, body: [] });
    const rows = await h.t.app.db.query<{ q: string | null; a: string }>(
      `select quantity::text as q, amount::text as a from movements
        where account_id = $1 and classification like '%separatori XLSX' order by id`,
      [acc],
    );
    expect(rows.rows).toEqual([
      { q: '1000.125000', a: '10001.25' },
      { q: '1.125000', a: '11.25' },
      { q: null, a: '10000.00' },
      { q: null, a: '1234.56' },
    ]);
  });
});

async function isinId(isin: string): Promise<number> {
  return Number((await h.one<{ id: string }>('select id from instruments where isin = $1', [isin])).id);
}

function accRossiOf() {
  return accRossi;
}

describe('price and FX uploads', () => {
  test('prices: upserted on (instrument, date); bad rows store nothing; ADMIN/BACK_OFFICE only', async () => {
    const csv = 'isin;date;price;currency\nIE00B4L5Y983;02/01/2024;85,10;EUR\nIE00B4L5Y983;03/01/2024;85,40;\n';
    expect(await upload('backoffice', `${API}/stock/price/upload`, csv)).toEqual({ status: 200, body: [] });
    const again = 'isin,date,price,currency\nIE00B4L5Y983,2024-01-03,86.00,EUR\n';
    expect(await upload('admin', `${API}/stock/price/upload`, again)).toEqual({ status: 200, body: [] });
    // The demo seed had a generated price for that day: the upload replaces it and it is no longer labelled demo.
    const p = await h.one<{ price: string; source: string }>(
      `select p.price::text as price, p.source from prices p join instruments i on i.id = p.instrument_id
        where i.isin = 'IE00B4L5Y983' and p.date = '2024-01-03'`,
    );
    expect(p).toEqual({ price: expect.any(String), source: 'upload' });
    expect(Number(p.price)).toBe(86);
    const history = await h.call(
      'pro',
      'GET',
      `${API}/stock/${await isinId('IE00B4L5Y983')}/price?dateTo=2024-01-04&size=2`,
    );
    expect(history.body.item.map((x: { date: string; source: string }) => [x.date, x.source])).toEqual([
      ['2024-01-04', 'demo'],
      ['2024-01-03', 'upload'],
    ]);
    const bad =
      'isin;date;price;currency\nIE00B4L5Y983;1999-01-04;1;EUR\nUS0378331005;1999-01-04;1;EUR\nIE00B4L5Y983;04/01/1999;2;EUR\n';
    const r = await upload('admin', `${API}/stock/price/upload`, bad);
    expect(r.body).toEqual([
      {
        row: 3,
        field: 'currency',
        code: 'priceCurrency',
        params: { isin: 'US0378331005', currency: 'USD', value: 'EUR' },
        reason: 'prices of US0378331005 are in USD, not EUR',
      },
      {
        row: 4,
        field: 'date',
        code: 'duplicate',
        params: { value: 'IE00B4L5Y983 on 1999-01-04', row: '2' },
        reason: 'IE00B4L5Y983 on 1999-01-04 is already on row 2',
      },
    ]);
    expect(await count("select count(*)::int as n from prices where date = '1999-01-04'")).toBe(0);
    expect((await upload('pro', `${API}/stock/price/upload`, csv)).status).toBe(403);
  });

  test('an uploaded series replaces the demo prices inside its range only, audited; the stock says the series mixes', async () => {
    const isin = 'IE00B5BMR087';
    const ins = await isinId(isin);
    const demoIn = (from: string, to: string) =>
      count(
        "select count(*)::int as n from prices where instrument_id = $1 and source = 'demo' and date between $2 and $3",
        [ins, from, to],
      );
    const inside = await demoIn('2024-03-01', '2024-03-28');
    const before = await demoIn('1900-01-01', '2024-02-29');
    const after = await demoIn('2024-03-29', '2100-01-01');
    expect(inside).toBeGreaterThan(3);
    expect(before).toBeGreaterThan(0);
    expect(after).toBeGreaterThan(0);
    // Three prices over March: the demo prices between them go too, not only those of the same dates.
    const csv = `isin;date;price;currency\n${isin};01/03/2024;500,10;\n${isin};15/03/2024;505,20;\n${isin};28/03/2024;510,30;\n`;
    expect(await upload('admin', `${API}/stock/price/upload`, csv)).toEqual({ status: 200, body: [] });
    expect(await demoIn('2024-03-01', '2024-03-28')).toBe(0);
    expect(await demoIn('1900-01-01', '2024-02-29')).toBe(before);
    expect(await demoIn('2024-03-29', '2100-01-01')).toBe(after);
    const prices = await h.t.app.db.query<{ date: string; price: string; source: string }>(
      `select to_char(date, 'YYYY-MM-DD') as date, price::text as price, source from prices
        where instrument_id = $1 and date between '2024-03-01' and '2024-03-28' order by date`,
      [ins],
    );
    expect(prices.rows.map((r) => [r.date, Number(r.price), r.source])).toEqual([
      ['2024-03-01', 500.1, 'upload'],
      ['2024-03-15', 505.2, 'upload'],
      ['2024-03-28', 510.3, 'upload'],
    ]);
    const log = await h.one<{ after: { rows: number; demoPricesReplaced: number } }>(
      "select after from audit_log where entity = 'price' order by id desc limit 1",
    );
    expect(log.after).toEqual({ rows: 3, demoPricesReplaced: inside });

    const stock = await h.call('pro', 'GET', `${API}/stock/${ins}`);
    expect(stock.status).toBe(200);
    const sources = stock.body.priceSources;
    expect(sources).toMatchObject({ demo: before + after, upload: 3, mixed: true });
    expect(sources.ranges).toEqual([
      { source: 'demo', from: expect.any(String), to: '2024-02-29', count: before },
      { source: 'upload', from: '2024-03-01', to: '2024-03-28', count: 3 },
      { source: 'demo', from: expect.any(String), to: expect.any(String), count: after },
    ]);
    expect(sources.ranges[2].from > '2024-03-28').toBe(true);
    // An instrument with demo prices only does not mix.
    const plain = await h.call('pro', 'GET', `${API}/stock/${await isinId('IE00B4ND3602')}`);
    expect(plain.body.priceSources).toMatchObject({ upload: 0, mixed: false });
  });

  test('FX rates: upserted on (currency, date); unknown currency rejected', async () => {
    const csv = 'currency;date;rate\nUSD;02/01/2024;1,0956\nGBP;02/01/2024;0,8651\n';
    expect(await upload('admin', `${API}/currency/rate/upload`, csv)).toEqual({ status: 200, body: [] });
    expect(await upload('admin', `${API}/currency/rate/upload`, 'currency;date;rate\nUSD;2024-01-02;1,1\n')).toEqual({
      status: 200,
      body: [],
    });
    const usd = await h.one<{ rate: string }>(
      "select f.rate::text as rate from fx_rates f join currencies c on c.id = f.currency_id where c.iso = 'USD' and f.date = '2024-01-02'",
    );
    expect(Number(usd.rate)).toBe(1.1);
    const r = await upload(
      'admin',
      `${API}/currency/rate/upload`,
      'currency;date;rate\nXYZ;2024-01-02;1\nUSD;2024-01-03;0\n',
    );
    expect(r.body.map((x: { row: number; field: string }) => [x.row, x.field])).toEqual([
      [2, 'currency'],
      [3, 'rate'],
    ]);
    expect((await upload('client', `${API}/currency/rate/upload`, csv)).status).toBe(403);
  });

  test('an uploaded FX series replaces the demo rates of its currency inside its range only, audited', async () => {
    const demoUsd = (from: string, to: string) =>
      count(
        `select count(*)::int as n from fx_rates f join currencies c on c.id = f.currency_id
          where c.iso = 'USD' and f.source = 'demo' and f.date between $1 and $2`,
        [from, to],
      );
    const inside = await demoUsd('2024-05-02', '2024-05-28');
    const before = await demoUsd('1900-01-01', '2024-05-01');
    const after = await demoUsd('2024-05-29', '2100-01-01');
    expect(inside).toBeGreaterThan(3);
    expect(before).toBeGreaterThan(0);
    expect(after).toBeGreaterThan(0);
    // Three USD rates over May: the demo rates between them go too. GBP's wider range (April to June) is its own:
    // it does not reach the USD demo rates of those months.
    const csv =
      'currency;date;rate\nUSD;02/05/2024;1,0701\nUSD;15/05/2024;1,0802\nUSD;28/05/2024;1,0903\n' +
      'GBP;02/04/2024;0,8551\nGBP;28/06/2024;0,8452\n';
    expect(await upload('admin', `${API}/currency/rate/upload`, csv)).toEqual({ status: 200, body: [] });
    expect(await demoUsd('2024-05-02', '2024-05-28')).toBe(0);
    expect(await demoUsd('1900-01-01', '2024-05-01')).toBe(before);
    expect(await demoUsd('2024-05-29', '2100-01-01')).toBe(after);
    const rates = await h.t.app.db.query<{ date: string; rate: string; source: string }>(
      `select to_char(f.date, 'YYYY-MM-DD') as date, f.rate::text as rate, f.source from fx_rates f
         join currencies c on c.id = f.currency_id
        where c.iso = 'USD' and f.date between '2024-05-02' and '2024-05-28' order by f.date`,
    );
    expect(rates.rows.map((r) => [r.date, Number(r.rate), r.source])).toEqual([
      ['2024-05-02', 1.0701, 'upload'],
      ['2024-05-15', 1.0802, 'upload'],
      ['2024-05-28', 1.0903, 'upload'],
    ]);
    const log = await h.one<{ after: { rows: number; demoRatesReplaced: number } }>(
      "select after from audit_log where entity = 'fx_rate' order by id desc limit 1",
    );
    expect(log.after).toEqual({ rows: 5, demoRatesReplaced: inside });
  });
});

// Issue 21: files are streamed, a batch of rows (IMPORT_BATCH_ROWS) checked and stored while the next is read, in one
// transaction. The files below span several batches, so that a refusal or a rejection late in the file must undo
// what the earlier batches stored, and a stored file must hold every row of every batch.
describe('large files, streamed in batches (issue 21)', () => {
  const ROWS = 2 * IMPORT_BATCH_ROWS + 5_000;
  const day = (d: number) => new Date(Date.UTC(1990, 0, 1) + d * 86_400_000).toISOString().slice(0, 10);
  const isin = (prefix: string, k: number) => `XS${prefix}${String(k).padStart(6, '0')}0`;
  const instruments = async (prefix: string, n: number) => {
    await h.t.app.db.query(
      `insert into instruments (isin, name, currency_id, asset_class, macro_asset_class)
       select isin, isin, 1, 'Azioni', 'Equity' from unnest($1::text[]) as t(isin) on conflict (isin) do nothing`,
      [Array.from({ length: n }, (_, k) => isin(prefix, k))],
    );
  };
  /** A ';' price file of `n` rows over 10 instruments, each price with eight decimals. */
  const priceRows = (prefix: string, n: number) =>
    Array.from({ length: n }, (_, i) => ({
      isin: isin(prefix, i % 10),
      date: day(Math.floor(i / 10)),
      price: `${1 + (i % 997)}.${String((i * 7919) % 100_000_000).padStart(8, '0')}`,
    }));
  const priceCsv = (rows: ReturnType<typeof priceRows>, header = 'isin;date;price;currency') =>
    [header, ...rows.map((r) => `${r.isin};${r.date};${r.price.replace('.', ',')};EUR`)].join('\n');
  /** What an import can write: the tables' row counts (a refused or rejected file changes none). */
  const written = async () => ({
    ...(await h.counts()),
    movements: await count('select count(*)::int as n from movements'),
    prices: await count('select count(*)::int as n from prices'),
    uploadedPrices: await count("select count(*)::int as n from prices where source = 'upload'"),
    analyticsVersions: await count('select coalesce(sum(version), 0)::int as n from analytics_versions'),
  });
  /** Sum of decimal texts, exactly (in units of 10^-scale). */
  const exactSum = (values: string[], scale: number) => {
    let sum = 0n;
    for (const v of values) {
      const [int, frac = ''] = v.split('.');
      sum += BigInt(int! + frac.padEnd(scale, '0'));
    }
    const s = sum.toString().padStart(scale + 1, '0');
    return `${s.slice(0, -scale)}.${s.slice(-scale)}`;
  };

  test('a bad header is refused before any row is read, and nothing is stored', async () => {
    await instruments('HDR', 10);
    const before = await written();
    const csv = priceCsv(priceRows('HDR', ROWS), 'isin;date;close;currency');
    const r = await upload('admin', `${API}/stock/price/upload`, csv, {}, 'prezzi.csv');
    expect(r).toMatchObject({
      status: 400,
      body: { code: 'missing_columns', params: { columns: 'price' }, fields: [{ field: 'file.price' }] },
    });
    const xlsx = await writeXlsxFile([
      [{ value: 'isin' }, { value: 'date' }, { value: 'close' }, { value: 'currency' }],
      [{ value: isin('HDR', 0) }, { value: '2024-01-02' }, { value: 10 }, { value: 'EUR' }],
    ]).toBuffer();
    const x = await upload('admin', `${API}/stock/price/upload`, new Uint8Array(xlsx), {}, 'prezzi.xlsx');
    expect(x).toMatchObject({ status: 400, body: { code: 'missing_columns', params: { columns: 'price' } } });
    expect(await written()).toEqual(before);
  });

  test('a multi-batch price file stores every row with its exact value, and replaces the demo prices of its range', async () => {
    await instruments('PRC', 10);
    const demo = await h.one<{ id: number; isin: string; first: string; last: string }>(
      `select i.id, i.isin, to_char(min(p.date) + 10, 'YYYY-MM-DD') as first, to_char(max(p.date) - 10, 'YYYY-MM-DD') as last
         from instruments i join prices p on p.instrument_id = i.id and p.source = 'demo'
        where i.isin not in ('IE00B5BMR087', 'IE00B4ND3602', 'IE00B4L5Y983', 'US0378331005', 'IT0005438004')
          and i.currency_id = 1
        group by i.id, i.isin order by i.isin limit 1`,
    );
    const demoInRange = await count(
      "select count(*)::int as n from prices where instrument_id = $1 and source = 'demo' and date between $2 and $3",
      [demo.id, demo.first, demo.last],
    );
    expect(demoInRange).toBeGreaterThan(10);
    // The demo instrument's first uploaded date is in the first batch, its last in the last one.
    const rows = [
      { isin: demo.isin, date: demo.first, price: '100.00000001' },
      ...priceRows('PRC', ROWS),
      { isin: demo.isin, date: demo.last, price: '200.00000002' },
    ];
    const r = await upload('admin', `${API}/stock/price/upload`, priceCsv(rows), {}, 'prezzi.csv');
    expect(r).toEqual({ status: 200, body: [] });
    const stored = await h.one<{ n: number; sum: string }>(
      `select count(*)::int as n, sum(p.price)::text as sum from prices p join instruments i on i.id = p.instrument_id
        where i.isin like 'XSPRC%'`,
    );
    expect(stored).toEqual({
      n: ROWS,
      sum: exactSum(
        priceRows('PRC', ROWS).map((p) => p.price),
        8,
      ),
    });
    // Rows on either side of the batch boundaries (file row = index + 3: the header and the demo row come first).
    for (const i of [0, IMPORT_BATCH_ROWS - 2, IMPORT_BATCH_ROWS - 1, 2 * IMPORT_BATCH_ROWS - 1, ROWS - 1]) {
      const p = priceRows('PRC', ROWS)[i]!;
      const got = await h.one<{ price: string; source: string }>(
        `select p.price::text as price, p.source from prices p join instruments i on i.id = p.instrument_id
          where i.isin = $1 and p.date = $2`,
        [p.isin, p.date],
      );
      expect(got).toEqual({ price: p.price, source: 'upload' });
    }
    expect(
      await count(
        "select count(*)::int as n from prices where instrument_id = $1 and source = 'demo' and date between $2 and $3",
        [demo.id, demo.first, demo.last],
      ),
    ).toBe(0);
    const log = await h.one<{ after: { rows: number; demoPricesReplaced: number } }>(
      "select after from audit_log where entity = 'price' order by id desc limit 1",
    );
    expect(log.after).toEqual({ rows: ROWS + 2, demoPricesReplaced: demoInRange });
  });

  /** A ';' movement file of deposits (amount i,cc), with a BUY every 100 rows whose amount SQL computes. */
  const movementRows = (n: number) =>
    Array.from({ length: n }, (_, i) =>
      i % 100 === 50
        ? `${day(i % 9000)};BUY;;IE00B4L5Y983;3;85,125;;EUR;acquisto ${i}`
        : `${day(i % 9000)};DEPOSIT;;;;;${i % 1000},${String(i % 100).padStart(2, '0')};EUR;riga ${i}`,
    );

  test('a multi-batch movement file stores every row with exact amounts, audited once with its first and last id', async () => {
    const acc = await id(
      `insert into accounts (client_id, account_type, name, financial_intermediary_id)
       select $1, 'CONTO_CORRENTE', 'Conto streaming', id from financial_intermediaries where name = 'Banca Import'
       returning id`,
      [rossi],
    );
    const lines = movementRows(ROWS);
    const r = await uploadMovements('pro', [HEADER, ...lines].join('\n'), { accountId: acc });
    expect(r).toEqual({ status: 200, body: [] });
    // Deposits as written; each BUY 3 x 85.125 = 255.375, rounded to 255.38.
    const amounts = lines.map((_, i) =>
      i % 100 === 50 ? '255.38' : `${i % 1000}.${String(i % 100).padStart(2, '0')}`,
    );
    const stored = await h.one<{ n: number; sum: string; first: number; last: number }>(
      'select count(*)::int as n, sum(amount)::text as sum, min(id) as first, max(id) as last from movements where account_id = $1',
      [acc],
    );
    expect({ n: stored.n, sum: stored.sum }).toEqual({ n: ROWS, sum: exactSum(amounts, 2) });
    for (const i of [0, 50, IMPORT_BATCH_ROWS - 1, IMPORT_BATCH_ROWS, 2 * IMPORT_BATCH_ROWS + 50, ROWS - 1]) {
      const m = await h.one<{ amount: string; classification: string }>(
        'select amount::text as amount, classification from movements where account_id = $1 and classification like $2',
        [acc, `% ${i}`],
      );
      expect(m).toEqual({ amount: amounts[i], classification: `${i % 100 === 50 ? 'acquisto' : 'riga'} ${i}` });
    }
    const log = await h.one<{ after: Record<string, unknown> }>(
      "select after from audit_log where entity = 'movement' and entity_id = $1 order by id desc limit 1",
      [acc],
    );
    expect(log.after).toMatchObject({ rows: ROWS, movementIds: [Number(stored.first), Number(stored.last)] });
    expect(
      await count("select count(*)::int as n from audit_log where entity = 'movement' and entity_id = $1", [acc]),
    ).toBe(1);
  });

  test('a bad row late in the file is rejected with its row number, and the earlier batches stored nothing', async () => {
    const before = await written();
    const lines = movementRows(ROWS);
    lines[ROWS - 10] = '31/02/2024;DEPOSIT;;;;;10,00;EUR;data impossibile';
    const r = await uploadMovements('pro', [HEADER, ...lines].join('\n'), { accountId: cashRossi });
    expect(r).toEqual({
      status: 200,
      body: [
        {
          row: ROWS - 8,
          code: 'notDate',
          params: { value: '31/02/2024' },
          reason: 'not a date (YYYY-MM-DD or DD/MM/YYYY): "31/02/2024"',
          field: 'date',
        },
      ],
    });
    // A duplicate price late in the file: the same.
    const prices = priceRows('PRC', ROWS);
    prices.push({ ...prices[3]!, price: '1.5' });
    const p = await upload('admin', `${API}/stock/price/upload`, priceCsv(prices), {}, 'prezzi.csv');
    expect(p.status).toBe(200);
    expect(p.body).toEqual([
      expect.objectContaining({
        row: ROWS + 2,
        code: 'duplicate',
        params: { value: `${prices[3]!.isin} on ${prices[3]!.date}`, row: '5' },
      }),
    ]);
    expect(await written()).toEqual(before);
  });

  test("the file's number convention is the whole file's, whichever batch shows it", async () => {
    const before = await written();
    // '117.998' early, whole numbers after it and nothing with a decimal comma: ambiguous, refused whole.
    const lines = Array.from(
      { length: ROWS },
      (_, i) => `${day(i % 9000)};DEPOSIT;;;;;${i === 0 ? '117.998' : String(1 + (i % 500))};EUR;riga ${i}`,
    );
    const refused = await uploadMovements('pro', [HEADER, ...lines].join('\n'), { accountId: cashRossi });
    expect(refused).toMatchObject({
      status: 400,
      body: { code: 'ambiguous_numbers', params: { value: '117.998', row: '2' } },
    });
    // '9.95' in the last batch shows the dot is the file's decimal point: both are row errors.
    lines[ROWS - 1] = `${day(1)};DEPOSIT;;;;;9.95;EUR;decimale col punto`;
    const rejected = await uploadMovements('pro', [HEADER, ...lines].join('\n'), { accountId: cashRossi });
    expect(rejected.status).toBe(200);
    expect(rejected.body.map((x: { row: number; code: string }) => [x.row, x.code])).toEqual([
      [2, 'ambiguousNumber'],
      [ROWS + 1, 'thousandsGroup'],
    ]);
    // A decimal comma in the last batch: '117.998' was thousands all along.
    lines[ROWS - 1] = `${day(1)};DEPOSIT;;;;;9,95;EUR;decimale con la virgola`;
    const acc = await id(
      `insert into accounts (client_id, account_type, name, financial_intermediary_id)
       select $1, 'CONTO_CORRENTE', 'Conto convenzione', id from financial_intermediaries where name = 'Banca Import'
       returning id`,
      [rossi],
    );
    expect(await uploadMovements('pro', [HEADER, ...lines].join('\n'), { accountId: acc })).toEqual({
      status: 200,
      body: [],
    });
    expect(
      await count('select count(*)::int as n from movements where account_id = $1 and amount = 117998', [acc]),
    ).toBe(1);
    const after = await written();
    expect(after.movements).toBe(before.movements! + ROWS);
  });

  test('an XLSX of more rows than the former limit (100,000) is read and stored', async () => {
    await instruments('XLS', 10);
    const n = 100_001;
    const rows = priceRows('XLS', n);
    const xlsx = await writeXlsxFile([
      [{ value: 'isin' }, { value: 'date' }, { value: 'price' }, { value: 'currency' }],
      ...rows.map((r) => [{ value: r.isin }, { value: r.date }, { value: Number(r.price) }, { value: 'EUR' }]),
    ]).toBuffer();
    const r = await upload('admin', `${API}/stock/price/upload`, new Uint8Array(xlsx), {}, 'prezzi.xlsx');
    expect(r).toEqual({ status: 200, body: [] });
    expect(
      await count(
        "select count(*)::int as n from prices p join instruments i on i.id = p.instrument_id where i.isin like 'XSXLS%'",
      ),
    ).toBe(n);
  }, 180_000);
});
