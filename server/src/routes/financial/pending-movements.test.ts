// The middle office's pending movements (issue 16): who may (ADMIN and BACK_OFFICE all clients, a PRO its own, a
// DELEGATE only with APPROVE_MOVEMENT, BASIC never; another tenant's id 404 and nothing changes), the count, approve
// (each row once, audited, the figures follow only after it; 409 oversold naming the line), reject with a reason, edit
// before approving (409 not_pending), the rejected list (approvers, and every author for its own), and where PENDING
// rows come from (a BASIC client's own entry).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Harness, type Login, startHarness } from '../../testing/harness.ts';

const API = '/api/v1';
const T = `${API}/movement/temporary`;
let h: Harness;
let rossi: number;
let ferrari: number;
let fi: number;
let enel: number;
/** Rossi's (pro's client) custody account and current account in one portfolio, and a second account of his. */
let ptfR: number;
let accR: number;
let cashR: number;
let accR2: number;
/** Ferrari's (pro2's client) account. */
let accF: number;

const id = async (sql: string, params: unknown[] = []) => Number((await h.one<{ id: number }>(sql, params)).id);
const count = async (sql: string, params: unknown[] = []) => (await h.one<{ n: number }>(sql, params)).n;

async function account(client: number, name: string, type = 'CUSTODIA_TITOLI', portfolio?: number) {
  const acc = await id(
    `insert into accounts (client_id, account_type, name, financial_intermediary_id) values ($1, $2, $3, $4) returning id`,
    [client, type, name, fi],
  );
  const ptf =
    portfolio ??
    (await id('insert into portfolios (client_id, name) values ($1, $2) returning id', [
      client,
      `Portafoglio ${name}`,
    ]));
  await h.t.app.db.query('insert into portfolio_accounts (portfolio_id, account_id) values ($1, $2)', [ptf, acc]);
  return acc;
}

interface Row {
  cause?: string;
  dateTime?: string;
  status?: 'PENDING' | 'APPROVED' | 'REJECTED';
  quantity?: number | null;
  instrumentId?: number | null;
  amount?: number;
  subcause?: string | null;
  offset?: number | null;
  author?: Login;
}

/** A movement written straight to the table (test data, not under test). */
function insert(accountId: number, r: Row = {}): Promise<number> {
  const trade = ['BUY', 'SELL', 'TRANSFER_IN', 'TRANSFER_OUT'].includes(r.cause ?? '') && r.quantity !== null;
  return id(
    `insert into movements (account_id, client_id, date_time, cause, subcause, currency_id, instrument_id, quantity,
       price, amount, offset_account_id, status, origin, created_by, reject_reason)
     select a.id, a.client_id, $2, $3, $4, a.currency_id, $5, $6, $7, $8, $9, $10, 'IMPORT',
            (select id from users where login = $11), case when $10 = 'REJECTED' then 'Motivo di prova' end
       from accounts a where a.id = $1 returning id`,
    [
      accountId,
      r.dateTime ?? '2024-03-01 10:00',
      r.cause ?? 'DEPOSIT',
      r.subcause ?? null,
      r.instrumentId ?? (trade ? enel : null),
      r.quantity ?? null,
      trade ? 10 : null,
      r.amount ?? 100,
      r.offset ?? null,
      r.status ?? 'PENDING',
      r.author ?? 'backoffice',
    ],
  );
}

const statusOf = async (movementId: number) =>
  (await h.one<{ status: string }>('select status from movements where id = $1', [movementId])).status;
const audits = (action: string, movementIds: number[]) =>
  count(
    "select count(*)::int as n from audit_log where entity = 'movement' and action = $1 and entity_id = any($2::text[])",
    [action, movementIds.map(String)],
  );
/** The tables a refused call must leave as they were: movements (with their last change) and the audit log. */
const snapshot = () =>
  h.one(
    `select (select count(*)::int from movements) as movements, (select max(updated_at)::text from movements) as updated,
            (select md5(string_agg(id || status || coalesce(reject_reason, ''), ',' order by id)) from movements) as sum,
            (select count(*)::int from audit_log) as audit`,
  );
const ids = (body: { item: { id: number }[] }) => body.item.map((m) => m.id);

beforeAll(async () => {
  h = await startHarness({ withoutDemoHoldings: true });
  rossi = await id("select id from clients where tax_code = 'RSSMRA80A01H501U'");
  ferrari = await id("select id from clients where tax_code = 'FRRGNN58T10D612I'");
  fi = await id(
    "insert into financial_intermediaries (name, fi_type) values ('Banca Middle Office', 'CREDIT_INSTITUTE') returning id",
  );
  // Enel is in the demo catalogue (with demo prices).
  enel = await id("select id from instruments where isin = 'IT0003128367'");
  ptfR = await id("insert into portfolios (client_id, name) values ($1, 'Portafoglio Rossi MO') returning id", [rossi]);
  accR = await account(rossi, 'Dossier Rossi MO', 'CUSTODIA_TITOLI', ptfR);
  cashR = await account(rossi, 'Conto Rossi MO', 'CONTO_CORRENTE', ptfR);
  accR2 = await account(rossi, 'Secondo conto Rossi MO', 'CONTO_CORRENTE');
  accF = await account(ferrari, 'Dossier Ferrari MO');
});
afterAll(async () => {
  await h?.t.close();
});

describe('who may use the middle office', () => {
  // count, list, approve, reject, edit (on a movement of pro's client Rossi); the rejected list is everyone's
  test.each([
    ['admin', 200, 200],
    ['backoffice', 200, 200],
    ['pro', 200, 200],
    ['delegate', 200, 200],
    ['pro2', 200, 404],
    ['delegate2', 403, 403],
    ['client', 403, 403],
  ] as const)('%s: count and list %i, decisions on Rossi %i, rejected list 200', async (login, listing, deciding) => {
    expect((await h.call(login, 'GET', `${T}/count`)).status).toBe(listing);
    expect((await h.call(login, 'GET', `${T}/waiting`)).status).toBe(listing);
    expect((await h.call(login, 'GET', `${T}/rejected`)).status).toBe(200);
    const [a, b, c] = [await insert(cashR), await insert(cashR), await insert(cashR)];
    const before = await snapshot();
    const approve = await h.call(login, 'POST', `${T}/approve`, { ids: [a] });
    expect(approve.status, JSON.stringify(approve.body)).toBe(deciding);
    const reject = await h.call(login, 'POST', `${T}/reject`, { ids: [b], reason: 'Importo errato' });
    expect(reject.status).toBe(deciding);
    const edit = await h.call(login, 'PUT', `${T}/${c}`, { cause: 'INTEREST', accountId: cashR });
    expect(edit.status).toBe(deciding);
    if (deciding === 200) {
      expect(approve.body).toEqual({ done: [a], alreadyDecided: [] });
      expect(reject.body).toEqual({ done: [b], alreadyDecided: [] });
      expect(edit.body).toMatchObject({ id: c, cause: 'INTEREST', status: 'PENDING' });
      expect([await statusOf(a), await statusOf(b), await statusOf(c)]).toEqual(['APPROVED', 'REJECTED', 'PENDING']);
    } else {
      // Refused (403, or 404 for another tenant's id): nothing changed, nothing audited.
      expect(await snapshot()).toEqual(before);
      if (login === 'delegate2') expect(approve.body.message).toMatch(/APPROVE_MOVEMENT/);
    }
  });

  test("another tenant's movement is 404 for pro, alone or among its own, and nothing changes", async () => {
    const own = await insert(cashR);
    const foreign = await insert(accF);
    const before = await snapshot();
    for (const body of [{ ids: [foreign] }, { ids: [own, foreign] }]) {
      expect((await h.call('pro', 'POST', `${T}/approve`, body)).status).toBe(404);
      expect((await h.call('pro', 'POST', `${T}/reject`, { ...body, reason: 'No' })).status).toBe(404);
    }
    expect((await h.call('pro', 'PUT', `${T}/${foreign}`, { cause: 'DEPOSIT', accountId: accF })).status).toBe(404);
    expect((await h.call('pro', 'PUT', `${T}/${foreign}`, { cause: 'DEPOSIT', accountId: cashR })).status).toBe(404);
    // An account pro does not see, on pro's own movement: 404 too.
    expect((await h.call('pro', 'PUT', `${T}/${own}`, { cause: 'DEPOSIT', accountId: accF })).status).toBe(404);
    expect((await h.call('pro', 'POST', `${T}/approve`, { ids: [999999999] })).status).toBe(404);
    expect(await snapshot()).toEqual(before);
    expect([await statusOf(own), await statusOf(foreign)]).toEqual(['PENDING', 'PENDING']);
    // pro2 may decide its own client's.
    expect((await h.call('pro2', 'POST', `${T}/approve`, { ids: [foreign] })).body).toEqual({
      done: [foreign],
      alreadyDecided: [],
    });
  });

  test.each([
    ['no ids', { ids: [] }],
    ['an id twice', { ids: [1, 1] }],
    ['an id of 0', { ids: [0] }],
    ['not a list', { ids: 5 }],
    ['an unknown field', { ids: [1], force: true }],
  ])('approve with %s: 400, nothing changes', async (_what, body) => {
    const before = await snapshot();
    const r = await h.call('admin', 'POST', `${T}/approve`, body);
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(r.body.code).toBe('VALIDATION');
    expect(await snapshot()).toEqual(before);
  });
});

describe('the count and the list', () => {
  test('count: the pending movements the caller may approve, as the list shows them', async () => {
    const logins = ['admin', 'pro', 'pro2', 'delegate', 'backoffice'] as const;
    const counts = async () =>
      Object.fromEntries(
        await Promise.all(logins.map(async (l) => [l, (await h.call(l, 'GET', `${T}/count`)).body.count as number])),
      );
    const before = await counts();
    const a = await insert(cashR);
    const b = await insert(accR2, { cause: 'WITHDRAWAL' });
    const f = await insert(accF);
    await insert(cashR, { status: 'APPROVED' });
    await insert(cashR, { status: 'REJECTED' });
    expect(await counts()).toEqual({
      admin: before.admin + 3,
      backoffice: before.backoffice + 3,
      pro: before.pro + 2,
      delegate: before.delegate + 2,
      pro2: before.pro2 + 1,
    });
    for (const login of logins) {
      const list = await h.call(login, 'GET', `${T}/waiting`);
      expect(list.body.total, login).toBe((await counts())[login]);
    }
    const pro = await h.call('pro', 'GET', `${T}/waiting?clientId=${rossi}`);
    expect(ids(pro.body)).toEqual(expect.arrayContaining([a, b]));
    expect(ids(pro.body)).not.toContain(f);
    expect(pro.body.item.find((m: { id: number }) => m.id === a)).toMatchObject({
      status: 'PENDING',
      portfolios: ['Portafoglio Rossi MO'],
      origin: 'IMPORT',
      author: 'Bruno Backoffice',
      rejectReason: null,
      decidedAt: null,
      decidedBy: null,
    });
    await h.call('pro', 'POST', `${T}/approve`, { ids: [a] });
    expect((await h.call('pro', 'GET', `${T}/count`)).body.count).toBe(before.pro + 1);
    expect((await h.call('pro2', 'GET', `${T}/count`)).body.count).toBe(before.pro2 + 1);
  });
});

describe('approve', () => {
  test('approves each pending row once, records who and when, audits each, bumps the figures of the client', async () => {
    const version = () =>
      count('select coalesce(max(version), 0)::int as n from analytics_versions where client_id = $1', [rossi]);
    const a = await insert(cashR, { dateTime: '2024-04-02 09:00' });
    const b = await insert(cashR, { dateTime: '2024-04-03 09:00' });
    const v0 = await version();
    const r = await h.call('delegate', 'POST', `${T}/approve`, { ids: [b, a] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual({ done: [a, b], alreadyDecided: [] });
    expect(await version()).toBeGreaterThan(v0);
    const m = (await h.call('pro', 'GET', `${API}/movement/${a}`)).body;
    expect(m).toMatchObject({
      status: 'APPROVED',
      origin: 'IMPORT',
      author: 'Bruno Backoffice',
      decidedBy: 'Davide Assistente',
    });
    expect(m.decidedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(Math.abs(Date.parse(m.decidedAt) - Date.now())).toBeLessThan(600_000);
    expect(await audits('approve', [a, b])).toBe(2);
    const audit = await h.one<{ before: { status: string }; after: { status: string } }>(
      "select before, after from audit_log where action = 'approve' and entity_id = $1",
      [String(a)],
    );
    expect([audit.before.status, audit.after.status]).toEqual(['PENDING', 'APPROVED']);
    // Again: already decided, nothing new.
    const again = await h.call('pro', 'POST', `${T}/approve`, { ids: [a, b] });
    expect(again.body).toEqual({ done: [], alreadyDecided: [a, b] });
    expect(await audits('approve', [a, b])).toBe(2);
    // A rejected one is decided too.
    const c = await insert(cashR, { status: 'REJECTED' });
    expect((await h.call('pro', 'POST', `${T}/approve`, { ids: [c] })).body).toEqual({ done: [], alreadyDecided: [c] });
    expect(await statusOf(c)).toBe('REJECTED');
  });

  test("the portfolio's first movement date counts approved movements only", async () => {
    const acc = await account(rossi, 'Conto data iniziale', 'CONTO_CORRENTE');
    const ptf = await id('select portfolio_id as id from portfolio_accounts where account_id = $1', [acc]);
    const first = async () =>
      (
        await h.one<{ d: string | null }>(
          "select to_char(first_movement_date, 'YYYY-MM-DD') as d from portfolios where id = $1",
          [ptf],
        )
      ).d;
    const created = await h.call('pro', 'POST', `${API}/movement`, {
      accountId: acc,
      dateTime: '2022-05-02 10:00',
      cause: 'DEPOSIT',
      amount: 10,
    });
    expect(await first()).toBe('2022-05-02');
    const early = await h.call('client', 'POST', `${API}/movement`, {
      accountId: acc,
      dateTime: '2021-01-04 10:00',
      cause: 'DEPOSIT',
      amount: 10,
    });
    expect(early.body.status).toBe('PENDING');
    expect(await first()).toBe('2022-05-02');
    await h.call('pro', 'POST', `${T}/approve`, { ids: [early.body.id] });
    expect(await first()).toBe('2021-01-04');
    expect(created.status).toBe(200);
  });
});

describe('approve: no sale beyond what is held (409 oversold naming the line)', () => {
  test('a pending SELL of 15 with 10 held is refused with its line, and nothing of the call is approved', async () => {
    const acc = await account(rossi, 'Dossier vendita eccessiva');
    await insert(acc, { cause: 'BUY', quantity: 10, status: 'APPROVED', dateTime: '2024-02-01 10:00' });
    const sell = await insert(acc, { cause: 'SELL', quantity: 15, dateTime: '2024-03-01 11:00' });
    const other = await insert(cashR);
    const before = await snapshot();
    const r = await h.call('pro', 'POST', `${T}/approve`, { ids: [other, sell] });
    expect(r.status, JSON.stringify(r.body)).toBe(409);
    expect(r.body.code).toBe('oversold');
    expect(r.body.message).toBe(
      'Approving would sell more than is held: SELL of 15 IT0003128367 Enel on 2024-03-01, account Dossier vendita eccessiva, with 10 held',
    );
    expect(r.body.params).toMatchObject({
      movementId: sell,
      isin: 'IT0003128367',
      accountId: acc,
      date: '2024-03-01',
      held: 10,
      sold: 15,
      cause: 'SELL',
    });
    expect(await snapshot()).toEqual(before);
    expect([await statusOf(sell), await statusOf(other)]).toEqual(['PENDING', 'PENDING']);
    // With a pending BUY of 5 before it, approved in the same call, the sale is covered.
    const buy = await insert(acc, { cause: 'BUY', quantity: 5, dateTime: '2024-02-15 10:00' });
    const ok = await h.call('pro', 'POST', `${T}/approve`, { ids: [sell, buy, other] });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.done).toEqual([sell, buy, other].sort((x, y) => x - y));
  });

  test('an earlier pending sale that leaves a later approved sale short: the later line is named', async () => {
    const acc = await account(rossi, 'Dossier vendita successiva');
    await insert(acc, { cause: 'BUY', quantity: 10, status: 'APPROVED', dateTime: '2024-01-10 10:00' });
    const later = await insert(acc, { cause: 'SELL', quantity: 8, status: 'APPROVED', dateTime: '2024-06-10 10:00' });
    const earlier = await insert(acc, { cause: 'TRANSFER_OUT', quantity: 5, dateTime: '2024-03-10 10:00' });
    const r = await h.call('backoffice', 'POST', `${T}/approve`, { ids: [earlier] });
    expect(r.status).toBe(409);
    expect(r.body.params).toMatchObject({ movementId: later, date: '2024-06-10', held: 5, sold: 8 });
    expect(r.body.message).toContain('SELL of 8 IT0003128367 Enel on 2024-06-10');
    expect(await statusOf(earlier)).toBe('PENDING');
  });

  test("the same day in the engine's order: a sale before the buy of that day is short, after it is not", async () => {
    const acc = await account(rossi, 'Dossier stesso giorno');
    await insert(acc, { cause: 'BUY', quantity: 4, status: 'APPROVED', dateTime: '2024-05-06 14:00' });
    const before = await insert(acc, { cause: 'SELL', quantity: 4, dateTime: '2024-05-06 10:00' });
    const after = await insert(acc, { cause: 'SELL', quantity: 4, dateTime: '2024-05-06 15:00' });
    expect((await h.call('pro', 'POST', `${T}/approve`, { ids: [before] })).body.params).toMatchObject({
      movementId: before,
      held: 0,
      sold: 4,
    });
    expect((await h.call('pro', 'POST', `${T}/approve`, { ids: [after] })).body).toEqual({
      done: [after],
      alreadyDecided: [],
    });
  });

  test('an older shortfall the call does not worsen does not block it; rounding within 0.0005 is held', async () => {
    const acc = await account(rossi, 'Dossier dati storici');
    await insert(acc, { cause: 'SELL', quantity: 3, status: 'APPROVED', dateTime: '2024-02-01 10:00' });
    const buy = await insert(acc, { cause: 'BUY', quantity: 1, dateTime: '2024-01-15 10:00' });
    expect((await h.call('pro', 'POST', `${T}/approve`, { ids: [buy] })).status).toBe(200);
    const acc2 = await account(rossi, 'Dossier arrotondamenti');
    await insert(acc2, { cause: 'BUY', quantity: 10.0004, status: 'APPROVED', dateTime: '2024-02-01 10:00' });
    const sell = await insert(acc2, { cause: 'SELL', quantity: 10.0008, dateTime: '2024-02-02 10:00' });
    expect((await h.call('pro', 'POST', `${T}/approve`, { ids: [sell] })).status).toBe(200);
  });

  test('approving through an edit of the movement is an approval too: right, oversell, decision recorded', async () => {
    const acc = await account(rossi, 'Dossier modifica');
    const sell = await insert(acc, { cause: 'SELL', quantity: 2, dateTime: '2024-03-01 11:00' });
    const body = {
      accountId: acc,
      dateTime: '2024-03-01 11:00',
      cause: 'SELL',
      instrumentId: enel,
      quantity: 2,
      price: 10,
      status: 'APPROVED',
    };
    const before = await snapshot();
    expect((await h.call('delegate2', 'PUT', `${API}/movement/${sell}`, body)).status).toBe(403);
    const short = await h.call('pro', 'PUT', `${API}/movement/${sell}`, body);
    expect(short.status).toBe(409);
    expect(short.body.code).toBe('oversold');
    expect(await snapshot()).toEqual(before);
    await insert(acc, { cause: 'BUY', quantity: 2, status: 'APPROVED', dateTime: '2024-02-01 10:00' });
    const ok = await h.call('pro', 'PUT', `${API}/movement/${sell}`, body);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({ status: 'APPROVED', decidedBy: 'Paolo Consulente' });
  });
});

describe('two people approving the same rows at once', () => {
  test('every row is approved exactly once: no id in both answers, all of them in one, one audit each', async () => {
    const rows: number[] = [];
    for (let i = 0; i < 40; i++)
      rows.push(
        await insert(i % 2 ? cashR : accR2, { dateTime: `2024-07-${String(1 + (i % 28)).padStart(2, '0')} 10:00` }),
      );
    const first = rows.slice(0, 30);
    const second = rows.slice(10).reverse();
    // Two transactions at the same time (on PostgreSQL really concurrent, each on its own connection; PGlite runs
    // them one after the other).
    const [a, b] = await Promise.all([
      h.call('pro', 'POST', `${T}/approve`, { ids: first }),
      h.call('backoffice', 'POST', `${T}/approve`, { ids: second }),
    ]);
    expect([a.status, b.status], JSON.stringify([a.body, b.body])).toEqual([200, 200]);
    const done = [...a.body.done, ...b.body.done];
    expect(new Set(done).size).toBe(done.length);
    expect([...done].sort((x, y) => x - y)).toEqual([...rows].sort((x, y) => x - y));
    // What one did, the other found decided.
    expect([...a.body.done, ...a.body.alreadyDecided].sort()).toEqual([...first].sort());
    expect([...b.body.done, ...b.body.alreadyDecided].sort()).toEqual([...second].sort());
    for (const x of b.body.alreadyDecided) expect(a.body.done).toContain(x);
    for (const x of a.body.alreadyDecided) expect(b.body.done).toContain(x);
    const { rows: audit } = await h.t.app.db.query<{ entity_id: string; n: number }>(
      "select entity_id, count(*)::int as n from audit_log where action = 'approve' and entity_id = any($1::text[]) group by 1",
      [rows.map(String)],
    );
    expect(audit).toHaveLength(rows.length);
    expect(audit.every((x) => x.n === 1)).toBe(true);
    expect(
      await count("select count(*)::int as n from movements where id = any($1::bigint[]) and status = 'APPROVED'", [
        rows,
      ]),
    ).toBe(40);
  });
});

describe('reject', () => {
  test.each([
    ['no reason', {}],
    ['an empty reason', { reason: '' }],
    ['a blank reason', { reason: '   ' }],
    ['a reason of 501 characters', { reason: 'x'.repeat(501) }],
    ['a reason that is not text', { reason: 5 }],
  ])('%s: 400, nothing changes', async (_what, extra) => {
    const m = await insert(cashR);
    const before = await snapshot();
    const r = await h.call('pro', 'POST', `${T}/reject`, { ids: [m], ...extra });
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(r.body.fields.map((f: { field: string }) => f.field)).toContain('body.reason');
    expect(await snapshot()).toEqual(before);
  });

  test('keeps the reason, audits, leaves the movement out of the lists unless asked for, and shows it to the author', async () => {
    // delegate2 (no APPROVE_MOVEMENT) enters a pending movement by hand; the BASIC client enters one of its own.
    const byDelegate = await h.call('delegate2', 'POST', `${API}/movement`, {
      accountId: cashR,
      dateTime: '2024-08-01 10:00',
      cause: 'DEPOSIT',
      amount: 700,
      status: 'PENDING',
    });
    expect(byDelegate.body).toMatchObject({ status: 'PENDING', origin: 'MANUAL', author: 'Daria Assistente' });
    const byClient = await h.call('client', 'POST', `${API}/movement`, {
      accountId: cashR,
      dateTime: '2024-08-02 10:00',
      cause: 'DEPOSIT',
      amount: 800,
    });
    expect(byClient.body).toMatchObject({ status: 'PENDING', origin: 'CLIENT', author: 'Mario Rossi' });
    const [d, c] = [byDelegate.body.id, byClient.body.id];
    const r = await h.call('pro', 'POST', `${T}/reject`, { ids: [d], reason: '  Bonifico non ricevuto  ' });
    expect(r.body).toEqual({ done: [d], alreadyDecided: [] });
    const r2 = await h.call('delegate', 'POST', `${T}/reject`, { ids: [c, d], reason: 'Già registrato' });
    expect(r2.body).toEqual({ done: [c], alreadyDecided: [d] });
    expect(await audits('reject', [c, d])).toBe(2);
    const m = (await h.call('pro', 'GET', `${API}/movement/${d}`)).body;
    expect(m).toMatchObject({
      status: 'REJECTED',
      rejectReason: 'Bonifico non ricevuto',
      decidedBy: 'Paolo Consulente',
    });
    expect(m.decidedAt).toMatch(/Z$/);
    // Not in the lists, nor pending, unless the filter asks for them.
    const listed = async (url: string, body?: unknown) =>
      ids((await h.call('pro', body === undefined ? 'GET' : 'POST', url, body)).body);
    expect(await listed(`${API}/movement?ptfId=${ptfR}&size=100000`)).not.toContain(d);
    expect(await listed(`${API}/movement/list?clientId=${rossi}&size=100000`, {})).not.toContain(d);
    expect(await listed(`${API}/movement?ptfId=${ptfR}&status=REJECTED`)).toContain(d);
    expect(await listed(`${API}/movement/list?ptfId=${ptfR}`, { status: 'rejected' })).toEqual(
      expect.arrayContaining([c, d]),
    );
    expect(await listed(`${T}/waiting`)).not.toContain(d);
    // The rejected list: approvers see them all, newest decision first; an author without the right sees its own.
    const rejected = async (login: Login) => {
      const res = await h.call(login, 'GET', `${T}/rejected`);
      expect(res.status).toBe(200);
      return ids(res.body);
    };
    const pro = await rejected('pro');
    expect(pro.indexOf(c)).toBeLessThan(pro.indexOf(d));
    expect(pro.indexOf(c)).toBe(0);
    expect(await rejected('delegate2')).toEqual([d]);
    expect(await rejected('client')).toEqual([c]);
    expect(await rejected('pro2')).not.toContain(d);
    expect(await rejected('admin')).toEqual(expect.arrayContaining([c, d]));
    const page = await h.call('pro', 'GET', `${T}/rejected?size=1&page=2`);
    expect(page.body).toMatchObject({ page: 2, size: 1, total: pro.length });
    expect(ids(page.body)).toEqual([pro[1]]);
  });
});

describe('edit before approving', () => {
  test('cause, subcause, instrument and account of the same client; audited; the answer is the movement', async () => {
    const m = await insert(cashR, { cause: 'FEE', amount: 12 });
    const r = await h.call('backoffice', 'PUT', `${T}/${m}`, {
      cause: 'FEE',
      subcause: 'GESTIONE',
      instrumentId: enel,
      accountId: accR2,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({
      id: m,
      cause: 'FEE',
      subcause: 'GESTIONE',
      instrumentId: enel,
      isin: 'IT0003128367',
      accountId: accR2,
      accountName: 'Secondo conto Rossi MO',
      ownerId: rossi,
      amount: 12,
      status: 'PENDING',
    });
    expect(await audits('update', [m])).toBe(1);
    const trade = await insert(accR, { cause: 'DEPOSIT', quantity: 3, amount: 30 });
    const buy = await h.call('pro', 'PUT', `${T}/${trade}`, { cause: 'BUY', instrumentId: enel, accountId: accR });
    expect(buy.body).toMatchObject({ cause: 'BUY', quantity: 3, instrumentName: 'Enel' });
  });

  test.each([
    [
      'an account of another client (one the caller sees)',
      { cause: 'DEPOSIT', accountId: 'ferrari' },
      'body.accountId',
    ],
    ['a subcause on a DEPOSIT', { cause: 'DEPOSIT', subcause: 'GESTIONE' }, 'body.subcause'],
    ['a BUY without an instrument', { cause: 'BUY' }, 'body.instrumentId'],
    ['an unknown instrument', { cause: 'DEPOSIT', instrumentId: 999999999 }, 'body.instrumentId'],
    ['a BUY of a movement without a quantity', { cause: 'BUY', instrumentId: 'enel' }, 'body.cause'],
    ['an unknown cause', { cause: 'GIFT' }, 'body.cause'],
    ['an unknown subcause', { cause: 'FEE', subcause: 'ALTRO' }, 'body.subcause'],
    ['an unknown field', { cause: 'DEPOSIT', amount: 5 }, 'body.amount'],
  ])('%s: 400 naming the field, nothing changes', async (_what, edit, field) => {
    const m = await insert(cashR);
    const body: Record<string, unknown> = { accountId: cashR, ...edit };
    if (body.accountId === 'ferrari') body.accountId = accF;
    if (body.instrumentId === 'enel') body.instrumentId = enel;
    const before = await snapshot();
    const r = await h.call('admin', 'PUT', `${T}/${m}`, body);
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(r.body.fields.map((f: { field: string }) => f.field)).toContain(field);
    expect(await snapshot()).toEqual(before);
  });

  test('409 not_pending once approved or rejected; nothing changes', async () => {
    const approved = await insert(cashR, { status: 'APPROVED' });
    const rejected = await insert(cashR, { status: 'REJECTED' });
    const before = await snapshot();
    for (const m of [approved, rejected]) {
      const r = await h.call('pro', 'PUT', `${T}/${m}`, { cause: 'INTEREST', accountId: cashR });
      expect(r.status).toBe(409);
      expect(r.body.code).toBe('not_pending');
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe("a BASIC client's own entry", () => {
  test('always PENDING with origin CLIENT, on its own accounts only; no edit nor delete', async () => {
    const r = await h.call('client', 'POST', `${API}/movement`, {
      accountId: cashR,
      dateTime: '2024-09-02 10:00',
      cause: 'WITHDRAWAL',
      amount: 50,
      status: 'APPROVED',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ status: 'PENDING', origin: 'CLIENT', author: 'Mario Rossi', decidedAt: null });
    expect(await audits('create', [r.body.id])).toBe(1);
    const before = await snapshot();
    const deposit = { accountId: cashR, dateTime: '2024-09-02 10:00', cause: 'DEPOSIT', amount: 5 };
    expect((await h.call('client', 'POST', `${API}/movement`, { ...deposit, accountId: accF })).status).toBe(404);
    expect((await h.call('client', 'PUT', `${API}/movement/${r.body.id}`, deposit)).status).toBe(403);
    expect((await h.call('client', 'DELETE', `${API}/movement/${r.body.id}`)).status).toBe(403);
    expect((await h.call('client', 'POST', `${T}/approve`, { ids: [r.body.id] })).status).toBe(403);
    expect(await snapshot()).toEqual(before);
    // The client sees it, pending, in its movements.
    const own = await h.call('client', 'GET', `${API}/movement?clientId=${rossi}&size=100000`);
    expect(own.body.item.find((m: { id: number }) => m.id === r.body.id)).toMatchObject({ status: 'PENDING' });
  });
});

describe('the figures change only after approval', () => {
  /** Rossi's figures fresh: the next analytics call answers the current data. */
  const settle = () => h.settle([rossi]);
  const enelQuantity = async (ptf: number) => {
    await settle();
    const r = await h.call('pro', 'GET', `/api/v2/report/${ptf}/triplaA?dateFrom=2024-01-31&dateTo=2024-03-29`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.recalculationInProgress).toBe(false);
    return r.body.stockComposition.find((s: { isin: string }) => s.isin === 'IT0003128367')?.quantity;
  };

  test("a pending sale leaves the portfolio's position as it was until approved", async () => {
    const ptf = await id("insert into portfolios (client_id, name) values ($1, 'Portafoglio cifre') returning id", [
      rossi,
    ]);
    const custody = await account(rossi, 'Dossier cifre', 'CUSTODIA_TITOLI', ptf);
    const cash = await account(rossi, 'Conto cifre', 'CONTO_CORRENTE', ptf);
    await insert(cash, { amount: 10000, status: 'APPROVED', dateTime: '2024-01-02 10:00' });
    await insert(custody, {
      cause: 'BUY',
      quantity: 10,
      amount: 100,
      offset: cash,
      status: 'APPROVED',
      dateTime: '2024-02-01 10:00',
    });
    const sell = await insert(custody, {
      cause: 'SELL',
      quantity: 4,
      amount: 40,
      offset: cash,
      dateTime: '2024-03-01 10:00',
    });
    expect(await enelQuantity(ptf)).toBe(10);
    expect((await h.call('pro', 'POST', `${T}/approve`, { ids: [sell] })).status).toBe(200);
    expect(await enelQuantity(ptf)).toBe(6);
  });
});
