// The reconciliation controls (issue 16): the demo's bank files (most portfolios OK, one with a difference, one
// without bank data); the bank-file uploads (every row checked, all or nothing, a corrected file replaces the date's
// rows); the checks on the job queue (a difference shown in the detail, a corrected file turning the portfolio OK and
// moving lastQuantityCheckOkDate, never back); accepting a difference with a note; and who may do what.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import writeXlsxFile from 'write-excel-file/node';
import { DEMO_END_DATE } from '../../db/demo/catalog.ts';
import { DEMO_BANK_DATE } from '../../db/demo/controls.ts';
import { italianIban } from '../../db/demo/ids.ts';
import { signIn } from '../../identity/test-sign-in.ts';
import { ANALYTICS_RECALCULATION } from '../../jobs/analytics.ts';
import { CONTROLS_CHECK } from '../../jobs/controls.ts';
import { type Harness, LOGINS, type Login, startHarness } from '../../testing/harness.ts';

const API = '/api/v1';
let h: Harness;
const tokens = new Map<Login, string>();

const id = async (sql: string, params: unknown[] = []) => Number((await h.one<{ id: number }>(sql, params)).id);
const count = async (sql: string, params: unknown[] = []) => (await h.one<{ n: number }>(sql, params)).n;

/** A multipart upload of one file, as the portal sends it. */
async function upload(login: Login, kind: 'balances' | 'positions', file: string | Uint8Array, name = 'banca.csv') {
  const form = new FormData();
  form.append('file', new Blob([file as BlobPart]), name);
  const res = await fetch(`${h.t.url}${API}/controls/upload/${kind}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${tokens.get(login)}` },
    body: form,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

const busy = (state: string) => ['created', 'retry', 'active'].includes(state);

/**
 * Waits until the client's recalculation and controls-check jobs are all done (the check is queued after the upload,
 * the acceptance or a recalculation, and runs on the queue). Times out after 30 s with what it saw.
 */
async function settled(clientId: number): Promise<void> {
  const key = String(clientId);
  let seen: string[] = [];
  for (let i = 0; i < 600; i++) {
    await h.t.app.analytics.idle();
    const jobs = [
      ...(await h.t.app.jobs.find(ANALYTICS_RECALCULATION, key)),
      ...(await h.t.app.jobs.find(CONTROLS_CHECK, key)),
    ];
    seen = jobs.map((j) => j.state);
    if (!seen.some(busy)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`jobs of client ${clientId} still running: ${seen.join(', ')}`);
}

const listOf = async (login: Login, query = '') => {
  const r = await h.call(login, 'GET', `${API}/controls${query}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.item as Array<Record<string, unknown>>;
};
const detailOf = async (login: Login, clientId: number, portfolioId: number, date?: string) => {
  const r = await h.call(login, 'GET', `${API}/controls/${clientId}/${portfolioId}${date ? `?date=${date}` : ''}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
};

// The test client of pro: a current account and a securities account in one portfolio, with their movements.
let client: number;
let portfolio: number;
let cash: number;
let custody: number;
let cashIban: string;
let custodyIban: string;
let etf: number;
/** Ferrari's (pro2's) portfolio and a current account's IBAN, which pro does not see. */
let ferrari: number;
let ferrariPortfolio: number;
let ferrariIban: string;

beforeAll(async () => {
  h = await startHarness();
  for (const login of LOGINS) tokens.set(login, (await signIn(h.t.url, login, 'patrimonio')).accessToken);
  const pro = await id("select id from users where login = 'pro'");
  client = await id(
    "insert into clients (last_name, first_name, created_by) values ('Controlli', 'Carla', $1) returning id",
    [pro],
  );
  const fi = await id('select id from financial_intermediaries where abi is not null order by id limit 1');
  cashIban = italianIban('03069', '01600', '990001');
  custodyIban = italianIban('03069', '01600', '990002');
  const account = (type: string, name: string, iban: string | null) =>
    id(
      `insert into accounts (client_id, account_type, name, iban, financial_intermediary_id) values ($1, $2, $3, $4, $5)
       returning id`,
      [client, type, name, iban, fi],
    );
  cash = await account('CONTO_CORRENTE', 'Conto Controlli', cashIban);
  custody = await account('CUSTODIA_TITOLI', 'Dossier Controlli', custodyIban);
  portfolio = await id("insert into portfolios (client_id, name) values ($1, 'Portafoglio Controlli') returning id", [
    client,
  ]);
  await h.t.app.db.query('insert into portfolio_accounts (portfolio_id, account_id) values ($1, $2), ($1, $3)', [
    portfolio,
    cash,
    custody,
  ]);
  etf = await id("select id from instruments where isin = 'IE00B4L5Y983'");
  // Ours at 2024-01-31: cash 10,000 - 4,256 - 4.95 = 5,739.05 and 50 shares; at 2024-02-29: 5,739.05 + 885 = 6,624.05
  // and 40 shares. The pending deposit counts for nothing until approved.
  await h.t.app.db.query(
    `insert into movements (account_id, client_id, date_time, cause, subcause, currency_id, instrument_id, quantity, price,
        amount, offset_account_id, status)
     values ($1, $3, '2024-01-02 09:00', 'DEPOSIT', null, 1, null, null, null, 10000, null, 'APPROVED'),
            ($2, $3, '2024-01-03 10:00', 'BUY', null, 1, $4, 50, 85.12, 4256, $1, 'APPROVED'),
            ($1, $3, '2024-01-03 10:00', 'FEE', 'NEGOZIAZIONE', 1, null, null, null, 4.95, null, 'APPROVED'),
            ($1, $3, '2024-01-20 10:00', 'DEPOSIT', null, 1, null, null, null, 999, null, 'PENDING'),
            ($2, $3, '2024-02-15 10:00', 'SELL', null, 1, $4, 10, 88.5, 885, $1, 'APPROVED')`,
    [cash, custody, client, etf],
  );
  ferrari = await id("select id from clients where tax_code = 'FRRGNN58T10D612I'");
  ferrariPortfolio = await id('select id from portfolios where client_id = $1 order by id limit 1', [ferrari]);
  ferrariIban = (
    await h.one<{ iban: string }>(
      "select iban from accounts where client_id = $1 and account_type = 'CONTO_CORRENTE' and iban is not null limit 1",
      [ferrari],
    )
  ).iban;
});
afterAll(async () => {
  await h?.t.close();
});

describe('the demo', () => {
  test("pro's portfolios: OK where the bank's files match, one with a difference, one without bank data", async () => {
    const rows = await listOf('pro');
    const by = (portfolio: string, client: string) =>
      rows.find((r) => r.portfolio === portfolio && r.client === client);
    expect(by('Portafoglio Intesa', 'Mario Rossi')).toMatchObject({
      lastCheckDate: DEMO_BANK_DATE,
      status: 'OK',
      differences: 0,
      lastQuantityCheckOkDate: DEMO_BANK_DATE,
    });
    // The bank reports Romano's current account 150.00 higher: its last OK date stays the demo's.
    const romano = rows.find((r) => r.portfolio === 'Portafoglio Mediolanum' && r.status === 'DIFFERENCES');
    expect(romano).toMatchObject({
      lastCheckDate: DEMO_BANK_DATE,
      differences: 1,
      lastQuantityCheckOkDate: DEMO_END_DATE,
    });
    expect(rows.find((r) => r.portfolio === 'Mandato fiduciario')).toMatchObject({
      lastCheckDate: null,
      status: 'NO_BANK_DATA',
      differences: 0,
    });
    expect(rows.filter((r) => r.status === 'DIFFERENCES')).toHaveLength(1);
    expect(rows.filter((r) => r.status === 'OK').length).toBeGreaterThanOrEqual(5);
    // Testing portfolios only for ADMIN and BACK_OFFICE; pro2's clients only for pro2 and the staff.
    expect(rows.some((r) => r.portfolio === 'Simulazione UniCredit')).toBe(false);
    expect(rows.some((r) => r.clientId === ferrari)).toBe(false);
    const admin = await listOf('admin');
    expect(admin.find((r) => r.portfolio === 'Simulazione UniCredit')).toMatchObject({ status: 'OK' });
    expect(admin.filter((r) => r.clientId === ferrari).every((r) => r.status === 'NO_BANK_DATA')).toBe(true);
    const pro2 = await listOf('pro2');
    expect(pro2.length).toBeGreaterThan(0);
    expect(pro2.every((r) => r.status === 'NO_BANK_DATA')).toBe(true);
    expect(await listOf('delegate')).toEqual(rows);
  });

  test('filters by status and by client', async () => {
    const differences = await listOf('pro', '?status=DIFFERENCES');
    expect(differences.map((r) => r.portfolio)).toEqual(['Portafoglio Mediolanum']);
    const rossi = await id("select id from clients where tax_code = 'RSSMRA80A01H501U'");
    const own = await listOf('pro', `?clientId=${rossi}`);
    expect(own.map((r) => r.portfolio).sort()).toEqual(['Portafoglio Fineco', 'Portafoglio Intesa']);
    expect(own.every((r) => r.clientId === rossi && r.client === 'Mario Rossi')).toBe(true);
    const paged = await h.call('pro', 'GET', `${API}/controls?size=2&page=2`);
    expect(paged.body).toMatchObject({ page: 2, size: 2, total: (await listOf('pro')).length });
    expect(paged.body.item).toHaveLength(2);
  });

  test('the detail of a portfolio without bank data', async () => {
    const row = (await listOf('pro', '?status=NO_BANK_DATA')).find((r) => r.portfolio === 'Mandato fiduciario')!;
    expect(await detailOf('pro', row.clientId as number, row.portfolioId as number)).toEqual({
      clientId: row.clientId,
      client: row.client,
      portfolioId: row.portfolioId,
      portfolio: 'Mandato fiduciario',
      date: null,
      bankDates: [],
      previousCheckDate: null,
      status: 'NO_BANK_DATA',
      differences: 0,
      lastQuantityCheckOkDate: DEMO_END_DATE,
      balances: [],
      quantities: [],
      transactions: [],
      prices: [],
      accepted: null,
      recalculationInProgress: false,
    });
  });

  test("the detail of the portfolio with a difference shows it: the current account's balance 150.00 off", async () => {
    const row = (await listOf('pro', '?status=DIFFERENCES'))[0]!;
    const d = await detailOf('pro', row.clientId as number, row.portfolioId as number);
    expect(d).toMatchObject({
      date: DEMO_BANK_DATE,
      bankDates: [DEMO_BANK_DATE],
      previousCheckDate: null,
      status: 'DIFFERENCES',
      differences: 1,
      accepted: null,
    });
    expect(d.balances).toHaveLength(1);
    const [balance] = d.balances;
    expect(balance.ok).toBe(false);
    expect(balance.difference).toBe(-150);
    expect(balance.bank - balance.ours).toBeCloseTo(150, 6);
    expect(d.quantities.length).toBeGreaterThan(0);
    expect(d.quantities.every((q: { ok: boolean }) => q.ok)).toBe(true);
    // The bank quotes to the cent: the gaps are the rounding of our price, in percent of the bank's.
    for (const p of d.prices) {
      expect(p.ourPriceDate <= DEMO_BANK_DATE).toBe(true);
      expect(p.gapPercent).toBeCloseTo(((p.ourPrice - p.bankPrice) / p.bankPrice) * 100, 12);
    }
    // No earlier bank date: every approved movement up to the date.
    const approved = await count(
      `select count(*)::int as n from movements m join portfolio_accounts pa on pa.account_id = m.account_id
        where pa.portfolio_id = $1 and m.status = 'APPROVED' and m.date_time < $2::date + 1`,
      [row.portfolioId, DEMO_BANK_DATE],
    );
    expect(d.transactions).toHaveLength(approved);
    expect(d.transactions.every((m: { status: string }) => m.status === 'APPROVED')).toBe(true);
  });
});

describe('bank files and checks', () => {
  const balances = (...rows: string[]) => ['account;date;balance;currency', ...rows].join('\r\n');
  const positions = (...rows: string[]) => ['account;date;isin;quantity;price;currency', ...rows].join('\r\n');
  const stored = () =>
    h.t.app.db.query<{ date: string; balance: string }>(
      "select to_char(date, 'YYYY-MM-DD') as date, balance::text from bank_balances where account_id = $1 order by date",
      [cash],
    );
  const lastOk = async () =>
    (
      await h.one<{ d: string | null }>(
        "select to_char(last_quantity_check_ok_date, 'YYYY-MM-DD') as d from portfolios where id = $1",
        [portfolio],
      )
    ).d;

  test('a balance file with one difference: the detail shows it, a corrected file turns the portfolio OK', async () => {
    // By IBAN (spaces and lower case as a bank may write them), the securities account by our id.
    const spaced = `${cashIban.slice(0, 4)} ${cashIban.slice(4).toLowerCase()}`;
    expect(await upload('backoffice', 'balances', balances(`${spaced};31/01/2024;5.589,05;EUR`))).toEqual({
      status: 200,
      body: [],
    });
    expect(await upload('backoffice', 'positions', positions(`${custody};31/01/2024;IE00B4L5Y983;50;85;EUR`))).toEqual({
      status: 200,
      body: [],
    });
    await settled(client);
    expect((await listOf('pro', `?clientId=${client}`))[0]).toMatchObject({
      portfolioId: portfolio,
      lastCheckDate: '2024-01-31',
      status: 'DIFFERENCES',
      differences: 1,
      lastQuantityCheckOkDate: null,
    });
    const d = await detailOf('pro', client, portfolio);
    expect(d).toMatchObject({
      date: '2024-01-31',
      status: 'DIFFERENCES',
      differences: 1,
      recalculationInProgress: false,
    });
    expect(d.balances).toEqual([
      {
        accountId: cash,
        accountName: 'Conto Controlli',
        iban: cashIban,
        currency: 'EUR',
        ours: 5739.05,
        bank: 5589.05,
        difference: 150,
        ok: false,
      },
    ]);
    expect(d.quantities).toEqual([
      {
        accountId: custody,
        accountName: 'Dossier Controlli',
        instrumentId: etf,
        isin: 'IE00B4L5Y983',
        instrumentName: expect.any(String),
        ours: 50,
        bank: 50,
        difference: 0,
        ok: true,
      },
    ]);
    const [price] = d.prices;
    expect(price).toMatchObject({ isin: 'IE00B4L5Y983', currency: 'EUR', bankPrice: 85 });
    const ours = await h.one<{ price: number; d: string }>(
      `select price::float8 as price, to_char(date, 'YYYY-MM-DD') as d from prices where instrument_id = $1
        and date <= '2024-01-31' order by date desc limit 1`,
      [etf],
    );
    expect(price).toMatchObject({
      ourPrice: ours.price,
      ourPriceDate: ours.d,
      gapPercent: ((ours.price - 85) / 85) * 100,
    });
    // The three approved movements up to the date; not the pending deposit, nor February's sale.
    expect(d.transactions.map((m: { cause: string }) => m.cause).sort()).toEqual(['BUY', 'DEPOSIT', 'FEE']);

    // The corrected file (a ',' CSV: decimal dot) replaces the date's balance.
    expect(await upload('pro', 'balances', `account,date,balance,currency\n${cash},2024-01-31,5739.05,\n`)).toEqual({
      status: 200,
      body: [],
    });
    expect((await stored()).rows).toEqual([{ date: '2024-01-31', balance: '5739.05' }]);
    await settled(client);
    expect((await listOf('pro', `?clientId=${client}`))[0]).toMatchObject({
      status: 'OK',
      differences: 0,
      lastQuantityCheckOkDate: '2024-01-31',
    });
    expect(await detailOf('pro', client, portfolio)).toMatchObject({ status: 'OK', differences: 0 });
    const audits = await count(
      "select count(*)::int as n from audit_log where entity = 'bank_balance' and after->>'replaced' = '1'",
    );
    expect(audits).toBe(1);
  });

  test('a position we hold that the bank does not list counts as bank 0; one it lists that we do not hold as ours 0', async () => {
    // February: 40 shares held. The bank lists none of them, and 12 shares of another ISIN.
    expect(await upload('delegate', 'balances', balances(`${cashIban};29/02/2024;6.624,05;EUR`))).toEqual({
      status: 200,
      body: [],
    });
    expect(
      await upload('delegate', 'positions', positions(`${custodyIban};29/02/2024;US0378331005;12;170,5;USD`)),
    ).toEqual({ status: 200, body: [] });
    await settled(client);
    const d = await detailOf('pro', client, portfolio, '2024-02-29');
    expect(d).toMatchObject({
      date: '2024-02-29',
      bankDates: ['2024-02-29', '2024-01-31'],
      previousCheckDate: '2024-01-31',
      status: 'DIFFERENCES',
      differences: 2,
    });
    expect(d.balances[0]).toMatchObject({ ours: 6624.05, bank: 6624.05, difference: 0, ok: true });
    expect(d.quantities.map((q: Record<string, unknown>) => [q.isin, q.ours, q.bank, q.difference, q.ok])).toEqual([
      ['IE00B4L5Y983', 40, null, 40, false],
      ['US0378331005', 0, 12, -12, false],
    ]);
    // The transactions since the previous check: February's sale only.
    expect(d.transactions.map((m: { cause: string }) => m.cause)).toEqual(['SELL']);
    expect((await listOf('pro', `?clientId=${client}`))[0]).toMatchObject({
      lastCheckDate: '2024-02-29',
      status: 'DIFFERENCES',
      differences: 2,
      lastQuantityCheckOkDate: '2024-01-31',
    });

    // A corrected positions file replaces all the date's positions of the account.
    expect(await upload('pro', 'positions', positions(`${custodyIban};29/02/2024;IE00B4L5Y983;40;;`))).toEqual({
      status: 200,
      body: [],
    });
    const left = await h.t.app.db.query<{ isin: string; quantity: string; price: string | null }>(
      "select isin, quantity::text, price::text from bank_positions where account_id = $1 and date = '2024-02-29'",
      [custody],
    );
    expect(left.rows).toEqual([{ isin: 'IE00B4L5Y983', quantity: '40.000000', price: null }]);
    await settled(client);
    expect((await listOf('pro', `?clientId=${client}`))[0]).toMatchObject({
      status: 'OK',
      lastQuantityCheckOkDate: '2024-02-29',
    });
    const p = await detailOf('pro', client, portfolio, '2024-02-29');
    expect(p.prices[0]).toMatchObject({ bankPrice: null, gapPercent: null });
  });

  test('an earlier bank date checked OK never moves lastQuantityCheckOkDate back', async () => {
    // Before the first movement: nothing held, nothing in cash.
    const xlsx = await writeXlsxFile([
      ['account', 'date', 'balance', 'currency'].map((value) => ({ value })),
      [
        { value: cashIban },
        { value: new Date(Date.UTC(2023, 11, 29)), type: Date, format: 'dd/mm/yyyy' },
        { value: 0, type: Number },
        { value: 'EUR' },
      ],
    ]).toBuffer();
    // An XLSX is read as one whatever its name says.
    expect(await upload('pro', 'balances', new Uint8Array(xlsx), 'saldi.csv')).toEqual({ status: 200, body: [] });
    await settled(client);
    const results = await h.t.app.db.query<{ d: string; status: string }>(
      "select to_char(date, 'YYYY-MM-DD') as d, status from control_results where portfolio_id = $1 order by date",
      [portfolio],
    );
    expect(results.rows).toEqual([
      { d: '2023-12-29', status: 'OK' },
      { d: '2024-01-31', status: 'OK' },
      { d: '2024-02-29', status: 'OK' },
    ]);
    expect(await lastOk()).toBe('2024-02-29');
  });

  test('approving a movement re-checks: the recalculation of the figures queues the check', async () => {
    // The pending deposit of January 20 approved (as the middle office does): ours at January's and February's
    // dates grow by 999, which the bank's files do not show.
    await h.t.app.db.query(
      "update movements set status = 'APPROVED' where account_id = $1 and status = 'PENDING' and amount = 999",
      [cash],
    );
    // A reader of the list finds the client's figures behind and has them rebuilt; the rebuild re-checks.
    await listOf('pro', `?clientId=${client}`);
    await settled(client);
    expect((await listOf('pro', `?clientId=${client}`))[0]).toMatchObject({
      lastCheckDate: '2024-02-29',
      status: 'DIFFERENCES',
      differences: 1,
      lastQuantityCheckOkDate: '2024-02-29',
    });
    const d = await detailOf('pro', client, portfolio, '2024-02-29');
    expect(d.balances[0]).toMatchObject({ ours: 7623.05, bank: 6624.05, difference: 999, ok: false });
    expect(d.recalculationInProgress).toBe(false);
  });

  test('accepting a difference: a note is required, the date becomes OK, audited', async () => {
    const url = `${API}/controls/${client}/${portfolio}/accept`;
    const auditsBefore = await count("select count(*)::int as n from audit_log where entity = 'control'");
    for (const note of ['', '   ']) {
      const r = await h.call('pro', 'POST', url, { date: '2024-02-29', note });
      expect(r.status).toBe(400);
    }
    expect((await h.call('pro', 'POST', url, { date: '2024-02-29' })).status).toBe(400);
    const notBankDate = await h.call('pro', 'POST', url, { date: '2024-02-28', note: 'Bonifico in arrivo' });
    expect(notBankDate.status).toBe(400);
    expect(notBankDate.body.fields).toEqual([
      { field: 'body.date', message: 'not a date with bank data for the portfolio' },
    ]);
    expect((await h.call('pro', 'POST', url, { date: '2024-02-31', note: 'x' })).status).toBe(400);
    expect(await count("select count(*)::int as n from audit_log where entity = 'control'")).toBe(auditsBefore);
    expect(await count('select count(*)::int as n from control_acceptances')).toBe(0);

    const r = await h.call('delegate', 'POST', url, {
      date: '2024-02-29',
      note: ' Versamento registrato dopo la data ',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({
      date: '2024-02-29',
      status: 'OK',
      differences: 0,
      lastQuantityCheckOkDate: '2024-02-29',
      accepted: { date: '2024-02-29', note: 'Versamento registrato dopo la data', by: 'Davide Assistente' },
    });
    expect(r.body.balances[0]).toMatchObject({ difference: 999, ok: false });
    const audit = await h.one<{ role: string; after: { date: string; note: string } }>(
      "select actor_role as role, after from audit_log where entity = 'control' order by id desc limit 1",
    );
    expect(audit).toMatchObject({
      role: 'DELEGATE',
      after: { date: '2024-02-29', note: 'Versamento registrato dopo la data' },
    });
    await settled(client);
    expect((await listOf('pro', `?clientId=${client}`))[0]).toMatchObject({ status: 'OK', differences: 0 });
    expect(await lastOk()).toBe('2024-02-29');
  });

  test('an accepted earlier date moves lastQuantityCheckOkDate forward only', async () => {
    // A March file with a difference, accepted: the last OK date moves to March.
    expect(await upload('pro', 'balances', balances(`${cash};28/03/2024;1,00;`))).toEqual({ status: 200, body: [] });
    await settled(client);
    expect(await lastOk()).toBe('2024-02-29');
    const url = `${API}/controls/${client}/${portfolio}/accept`;
    const r = await h.call('pro', 'POST', url, { date: '2024-03-28', note: 'Estratto conto provvisorio' });
    expect(r.body).toMatchObject({ status: 'OK', lastQuantityCheckOkDate: '2024-03-28' });
    // Accepting January again (already OK) leaves it there.
    const again = await h.call('pro', 'POST', url, { date: '2024-01-31', note: 'Ricontrollato' });
    expect(again.body).toMatchObject({ date: '2024-01-31', lastQuantityCheckOkDate: '2024-03-28' });
    await settled(client);
    expect(await lastOk()).toBe('2024-03-28');
  });

  test('the sample files of docs/import are stored (by IBAN, spaces and all; a bond nominal of "10.000")', async () => {
    const sample = (name: string) =>
      new Uint8Array(readFileSync(new URL(`../../../../docs/import/${name}`, import.meta.url)));
    expect(await upload('pro', 'balances', sample('bank-balances-sample.csv'))).toEqual({ status: 200, body: [] });
    expect(await upload('pro', 'positions', sample('bank-positions-sample.csv'))).toEqual({ status: 200, body: [] });
    const rossi = await id("select id from clients where tax_code = 'RSSMRA80A01H501U'");
    const rows = await h.t.app.db.query<Record<string, string | null>>(
      `select b.isin, b.quantity::text as quantity, b.price::text as price, c.iso from bank_positions b
         join accounts a on a.id = b.account_id join currencies c on c.id = b.currency_id
        where a.client_id = $1 and b.date = '2026-11-03' order by b.isin`,
      [rossi],
    );
    expect(rows.rows).toEqual([
      { isin: 'IE00B4L5Y983', quantity: '350.000000', price: '98.42000000', iso: 'EUR' },
      { isin: 'IT0005083057', quantity: '10000.000000', price: '88.40000000', iso: 'EUR' },
      { isin: 'US0378331005', quantity: '40.000000', price: null, iso: 'USD' },
    ]);
    const balances = await h.t.app.db.query<{ d: string; balance: string }>(
      `select to_char(b.date, 'YYYY-MM-DD') as d, b.balance::text as balance from bank_balances b
         join accounts a on a.id = b.account_id where a.client_id = $1 and b.date > $2 order by b.date`,
      [rossi, DEMO_BANK_DATE],
    );
    expect(balances.rows).toEqual([
      { d: '2026-11-03', balance: '12450.37' },
      { d: '2026-11-04', balance: '-1250.00' },
    ]);
    await settled(rossi);
  });

  test('positions of a securities account in no portfolio are stored (checked once it is in one)', async () => {
    const loose = await id(
      `insert into accounts (client_id, account_type, name, iban, financial_intermediary_id)
       select $1, 'CUSTODIA_TITOLI', 'Dossier senza portafoglio', null, financial_intermediary_id from accounts where id = $2
       returning id`,
      [client, custody],
    );
    expect(await upload('pro', 'positions', positions(`${loose};2024-01-31;IE00B4L5Y983;5;85,00;EUR`))).toEqual({
      status: 200,
      body: [],
    });
    expect(await count('select count(*)::int as n from bank_positions where account_id = $1', [loose])).toBe(1);
    await settled(client);
  });
});

describe('refusals', () => {
  const balances = (...rows: string[]) => ['account;date;balance;currency', ...rows].join('\r\n');
  const positions = (...rows: string[]) => ['account;date;isin;quantity;price;currency', ...rows].join('\r\n');
  const bankCounts = async () => ({
    balances: await count('select count(*)::int as n from bank_balances'),
    positions: await count('select count(*)::int as n from bank_positions'),
    audit: await count('select count(*)::int as n from audit_log'),
  });

  test('rows naming no account the caller sees, an ambiguous IBAN, the wrong type or currency: nothing stored', async () => {
    // The same IBAN on current accounts of two of pro's clients (allowed: each client's IBANs are unique).
    const fi = await id('select financial_intermediary_id as id from accounts where id = $1', [cash]);
    const twin = italianIban('03069', '01600', '990077');
    for (const c of [client, await id("select id from clients where tax_code = 'RSSMRA80A01H501U'")])
      await id(
        `insert into accounts (client_id, account_type, name, iban, financial_intermediary_id)
         values ($1, 'CONTO_CORRENTE', 'Conto gemello', $2, $3) returning id`,
        [c, twin, fi],
      );
    const before = await bankCounts();
    const r = await upload(
      'pro',
      'balances',
      balances(
        `${cashIban};30/04/2024;100,00;EUR`,
        `${ferrariIban};30/04/2024;100,00;EUR`,
        '999999999;30/04/2024;100,00;EUR',
        `${twin};30/04/2024;100,00;EUR`,
        `${custodyIban};30/04/2024;100,00;EUR`,
        `${cash};29/04/2024;100,00;USD`,
        `${cash};28/04/2024;100,00;XYZ`,
        `${cashIban};30/04/2024;-1,50;EUR`,
        `;30/04/2024;1;EUR`,
        `${cash};31/02/2024;abc;EUR`,
      ),
    );
    expect(r.status).toBe(200);
    expect(r.body.map((x: { row: number; code: string; field: string }) => [x.row, x.field, x.code])).toEqual([
      [3, 'account', 'unknownAccount'],
      [4, 'account', 'unknownAccount'],
      [5, 'account', 'ambiguousAccount'],
      [6, 'account', 'accountType'],
      [7, 'currency', 'accountCurrency'],
      [8, 'currency', 'unknownCurrency'],
      [9, 'date', 'duplicate'],
      [10, 'account', 'required'],
      [11, 'date', 'notDate'],
      [11, 'balance', 'notNumber'],
    ]);
    expect(r.body[0]).toMatchObject({ params: { value: ferrariIban }, reason: expect.stringContaining(ferrariIban) });
    expect(r.body[2].params).toEqual({ value: twin, accounts: '2' });
    expect(r.body[3].params).toEqual({ value: custodyIban, type: 'CUSTODIA_TITOLI', expected: 'CONTO_CORRENTE' });
    expect(r.body[4].params).toEqual({ account: String(cash), currency: 'EUR', value: 'USD' });
    for (const x of r.body) expect(x.reason).toEqual(expect.any(String));
    expect(await bankCounts()).toEqual(before);

    const p = await upload(
      'pro',
      'positions',
      positions(
        `${cash};30/04/2024;IE00B4L5Y983;1;;`,
        `${custody};30/04/2024;IE00B4L5Y98;1;;`,
        `${custody};30/04/2024;IE00B4L5Y983;-1;;`,
        `${custody};30/04/2024;IT0003132476;1;10;USD`,
        `${custody};30/04/2024;US0378331005;;;`,
      ),
    );
    expect(p.body.map((x: { row: number; code: string; field: string }) => [x.row, x.field, x.code])).toEqual([
      [2, 'account', 'accountType'],
      [3, 'isin', 'notIsin'],
      [4, 'quantity', 'negative'],
      [5, 'currency', 'priceCurrency'],
      [6, 'quantity', 'required'],
    ]);
    expect(await bankCounts()).toEqual(before);
    // Staff see every client: Ferrari's IBAN is theirs to upload.
    expect(await upload('admin', 'balances', balances(`${ferrariIban};30/04/2024;100,00;EUR`))).toEqual({
      status: 200,
      body: [],
    });
    await settled(ferrari);
  });

  test('an oversized file is 413 and stores nothing', async () => {
    const before = await bankCounts();
    const row = `${cash};30/04/2024;1,00;EUR\n`;
    const big = `account;date;balance;currency\n${row.repeat(Math.ceil(15_000_001 / row.length))}`;
    expect((await upload('pro', 'balances', big)).status).toBe(413);
    expect(await bankCounts()).toEqual(before);
  });

  test('a file that is not a table, or lacks a column, is refused whole', async () => {
    const before = await bankCounts();
    expect((await upload('pro', 'balances', 'account;date;balance\r\nX;1;2')).body).toMatchObject({
      code: 'missing_columns',
      params: { columns: 'currency' },
    });
    expect((await upload('pro', 'positions', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3]))).body).toMatchObject(
      { code: 'not_a_table' },
    );
    expect(await bankCounts()).toEqual(before);
  });

  test('who: a DELEGATE without MANAGE_CONTROL and BASIC get 403 on every call', async () => {
    const calls = [
      ['GET', `${API}/controls`],
      ['GET', `${API}/controls/${client}/${portfolio}`],
      ['POST', `${API}/controls/${client}/${portfolio}/accept`, { date: '2024-01-31', note: 'x' }],
    ] as const;
    for (const login of ['delegate2', 'client'] as const)
      for (const [method, url, body] of calls) expect((await h.call(login, method, url, body)).status).toBe(403);
    const before = await bankCounts();
    for (const login of ['delegate2', 'client'] as const) {
      expect((await upload(login, 'balances', balances(`${cash};30/04/2024;1;`))).status).toBe(403);
      expect((await upload(login, 'positions', positions(`${custody};30/04/2024;IE00B4L5Y983;1;;`))).status).toBe(403);
    }
    expect(await bankCounts()).toEqual(before);
  });

  test("404: another tenant's client or portfolio, a portfolio not of the client, a testing portfolio for pro", async () => {
    const forPro = [
      `${API}/controls/${ferrari}/${ferrariPortfolio}`,
      `${API}/controls/${client}/${ferrariPortfolio}`,
      `${API}/controls/${ferrari}/${portfolio}`,
    ];
    for (const url of forPro) {
      expect((await h.call('pro', 'GET', url)).status).toBe(404);
      expect((await h.call('pro', 'POST', `${url}/accept`, { date: '2024-01-31', note: 'x' })).status).toBe(404);
    }
    expect((await h.call('pro', 'GET', `${API}/controls?clientId=${ferrari}`)).status).toBe(404);
    // Staff see pro2's (with the balance ADMIN uploaded above), but a portfolio still belongs to one client.
    expect((await h.call('admin', 'GET', `${API}/controls/${ferrari}/${ferrariPortfolio}`)).body).toMatchObject({
      status: 'DIFFERENCES',
      date: '2024-04-30',
      bankDates: ['2024-04-30'],
      balances: [{ iban: ferrariIban, bank: 100 }],
    });
    expect((await h.call('admin', 'GET', `${API}/controls/${client}/${ferrariPortfolio}`)).status).toBe(404);
    const testing = await id(
      "select id from portfolios where client_id = (select id from clients where tax_code = 'RSSMRA80A01H501U') and testing",
    );
    const rossi = await id("select id from clients where tax_code = 'RSSMRA80A01H501U'");
    expect((await h.call('pro', 'GET', `${API}/controls/${rossi}/${testing}`)).status).toBe(404);
    expect((await h.call('backoffice', 'GET', `${API}/controls/${rossi}/${testing}`)).body).toMatchObject({
      date: DEMO_BANK_DATE,
      status: 'OK',
    });
  });

  test('400: a detail date that is no bank date of the portfolio, or not a date', async () => {
    const url = `${API}/controls/${client}/${portfolio}`;
    const r = await h.call('pro', 'GET', `${url}?date=2024-02-01`);
    expect(r.status).toBe(400);
    expect(r.body.fields).toEqual([
      { field: 'querystring.date', message: 'not a date with bank data for the portfolio' },
    ]);
    expect((await h.call('pro', 'GET', `${url}?date=2024-13-01`)).status).toBe(400);
    expect((await h.call('pro', 'GET', `${API}/controls?status=MAYBE`)).status).toBe(400);
  });
});
