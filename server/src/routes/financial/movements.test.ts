// Movements: visible through the account, another tenant's ids 404, BASIC reads its own and adds movements to its own
// accounts only as PENDING (origin CLIENT), never edits or deletes; pending movements need APPROVE_MOVEMENT for a
// DELEGATE. Amounts default to quantity x price in numeric; bad input writes
// nothing; bulk delete is all or nothing.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Harness, type Login, startHarness } from '../../testing/harness.ts';

const API = '/api/v1';
let h: Harness;
let rossi: number;
let ferrari: number;
let ptfRossi: number;
let ptfFerrari: number;
let ptfPaging: number;
let accRossi: number;
let accFerrari: number;
let accPaging: number;
let instrument: number;
let mRossi: number;
let mFerrari: number;

const id = async (sql: string, params: unknown[] = []) => Number((await h.one<{ id: number }>(sql, params)).id);
/** A movement written straight to the table (test data, not under test). */
const insertMovement = (accountId: number, dateTime = '2024-03-01 10:00', status = 'APPROVED', cause = 'DEPOSIT') =>
  id(
    `insert into movements (account_id, client_id, date_time, cause, currency_id, amount, status)
     select a.id, a.client_id, $2, $4, a.currency_id, 100, $3 from accounts a where a.id = $1 returning id`,
    [accountId, dateTime, status, cause],
  );
const tableCounts = async () => ({
  movements: (await h.one<{ n: number }>('select count(*)::int as n from movements')).n,
  audit: (await h.one<{ n: number }>('select count(*)::int as n from audit_log')).n,
});
const deposit = (accountId: number, extra: Record<string, unknown> = {}) => ({
  accountId,
  dateTime: '2024-05-02 09:30',
  cause: 'DEPOSIT',
  amount: 1000,
  ...extra,
});

beforeAll(async () => {
  h = await startHarness({ withoutDemoHoldings: true });
  rossi = await id("select id from clients where tax_code = 'RSSMRA80A01H501U'");
  ferrari = await id("select id from clients where tax_code = 'FRRGNN58T10D612I'");
  const fi = await id(
    "insert into financial_intermediaries (name, fi_type) values ('Banca Movimenti', 'CREDIT_INSTITUTE') returning id",
  );
  const portfolio = (client: number, name: string) =>
    id('insert into portfolios (client_id, name) values ($1, $2) returning id', [client, name]);
  const account = async (client: number, name: string, ptf: number) => {
    const acc = await id(
      `insert into accounts (client_id, account_type, name, financial_intermediary_id)
       values ($1, 'CUSTODIA_TITOLI', $2, $3) returning id`,
      [client, name, fi],
    );
    await h.t.app.db.query('insert into portfolio_accounts (portfolio_id, account_id) values ($1, $2)', [ptf, acc]);
    return acc;
  };
  ptfRossi = await portfolio(rossi, 'Portafoglio Rossi');
  ptfFerrari = await portfolio(ferrari, 'Portafoglio Ferrari');
  ptfPaging = await portfolio(rossi, 'Portafoglio Paginato');
  accRossi = await account(rossi, 'Dossier Rossi', ptfRossi);
  accFerrari = await account(ferrari, 'Dossier Ferrari', ptfFerrari);
  accPaging = await account(rossi, 'Dossier Paginato', ptfPaging);
  instrument = await id(
    // Enel is in the demo catalogue.
    `select id from instruments where isin = 'IT0003128367'`,
  );
  mRossi = await insertMovement(accRossi);
  mFerrari = await insertMovement(accFerrari);
});
afterAll(async () => {
  await h?.t.close();
});

describe('movements: who may do what', () => {
  // read own (Rossi), read foreign (Ferrari), add own, add foreign, edit and delete own, foreign, pending list
  test.each([
    ['admin', 200, 200, 200, 200, 200, 200, 200],
    ['backoffice', 200, 200, 200, 200, 200, 200, 200],
    ['pro', 200, 404, 200, 404, 200, 404, 200],
    ['pro2', 404, 200, 404, 200, 404, 200, 200],
    ['delegate', 200, 404, 200, 404, 200, 404, 200],
    ['delegate2', 200, 404, 200, 404, 200, 404, 403],
    ['client', 200, 404, 200, 404, 403, 403, 403],
  ] as const)(
    '%s: read %i/%i, add %i/%i, write %i/%i, pending %i',
    async (login: Login, r, f, cr, cf, wr, wf, pend) => {
      expect((await h.call(login, 'GET', `${API}/movement/${mRossi}`)).status).toBe(r);
      expect((await h.call(login, 'GET', `${API}/movement/${mFerrari}`)).status).toBe(f);
      expect((await h.call(login, 'GET', `${API}/movement/999999`)).status).toBe(404);
      const listR = await h.call(login, 'POST', `${API}/movement/list?ptfId=${ptfRossi}`, {});
      expect(listR.status).toBe(r);
      if (r === 200) expect(listR.body.item.map((m: { id: number }) => m.id)).toContain(mRossi);
      expect((await h.call(login, 'POST', `${API}/movement/list?ptfId=${ptfFerrari}`, {})).status).toBe(f);
      expect((await h.call(login, 'GET', `${API}/movement?ptfId=${ptfRossi}`)).status).toBe(r);
      expect((await h.call(login, 'GET', `${API}/movement?ptfId=${ptfFerrari}`)).status).toBe(f);
      expect((await h.call(login, 'GET', `${API}/movement?clientId=${ferrari}`)).status).toBe(f);

      // Without a portfolio: only the visible movements.
      const all = await h.call(login, 'GET', `${API}/movement?size=100000`);
      expect(all.status).toBe(200);
      const seen = all.body.item.map((m: { id: number }) => m.id);
      expect(seen.includes(mRossi)).toBe(r === 200);
      expect(seen.includes(mFerrari)).toBe(f === 200);

      for (const [acc, add, want] of [
        [accRossi, cr, wr],
        [accFerrari, cf, wf],
      ] as const) {
        const created = await h.call(login, 'POST', `${API}/movement`, deposit(acc));
        expect(created.status, JSON.stringify(created.body)).toBe(add);
        if (add === 200)
          expect(created.body).toMatchObject(
            login === 'client'
              ? { status: 'PENDING', origin: 'CLIENT', author: 'Mario Rossi' }
              : { status: 'APPROVED', origin: 'MANUAL', decidedAt: null, decidedBy: null, rejectReason: null },
          );
        if (add === 200 && want !== 200)
          await h.t.app.db.query('delete from movements where id = $1', [created.body.id]);
        const target = created.status === 200 && want === 200 ? created.body.id : await insertMovement(acc);
        const put = await h.call(login, 'PUT', `${API}/movement/${target}`, deposit(acc, { amount: 250.5 }));
        expect(put.status).toBe(want);
        if (want === 200) expect(put.body).toMatchObject({ id: target, amount: 250.5, status: 'APPROVED' });
        expect((await h.call(login, 'DELETE', `${API}/movement/${target}`)).status).toBe(want);
        expect((await h.call(login, 'DELETE', `${API}/movement`, { ids: [target] })).status).toBe(
          want === 200 ? 404 : want,
        );
        if (want !== 200) await h.t.app.db.query('delete from movements where id = $1', [target]);
      }
      expect((await h.call(login, 'GET', `${API}/movement/temporary/waiting`)).status).toBe(pend);
    },
  );

  test('no token: 401', async () => {
    expect((await h.call(null, 'GET', `${API}/movement/${mRossi}`)).status).toBe(401);
    expect((await h.call(null, 'POST', `${API}/movement`, deposit(accRossi))).status).toBe(401);
  });

  test('a family view may not fetch a single movement', async () => {
    const family = await id('select id from families order by id limit 1');
    const r = await h.call('admin', 'GET', `${API}/movement/${mRossi}?familyId=${family}`);
    expect(r.status).toBe(400);
    expect((await h.call('admin', 'GET', `${API}/movement?familyId=${family}`)).status).toBe(200);
  });
});

describe('movements: writing', () => {
  test('a bond BUY: quantity is the nominal and the price is per 100, so the amount is nominal x price / 100', async () => {
    // Worked example (DESIGN.md 4): 10,000 nominal of a BTP at 98.75 costs 10,000 x 98.75 / 100 = 9,875.00.
    const btp = await h.one<{ id: number }>(
      `insert into instruments (isin, name, currency_id, asset_class, macro_asset_class)
       values ('IT0005438004', 'BTP 1,5% 2045', 1, 'Titoli di Stato', 'Bond') returning id`,
    );
    const r = await h.call('pro', 'POST', `${API}/movement`, {
      accountId: accRossi,
      dateTime: '2024-06-05 11:00',
      cause: 'BUY',
      instrumentId: Number(btp.id),
      quantity: 10000,
      price: 98.75,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.amount).toBe(9875);
    await h.call('pro', 'DELETE', `${API}/movement/${r.body.id}`);
  });

  test('a BUY: amount defaults to quantity x price in numeric, the item carries its names', async () => {
    const r = await h.call('pro', 'POST', `${API}/movement`, {
      accountId: accRossi,
      dateTime: '2024-06-03 15:45',
      cause: 'BUY',
      instrumentId: instrument,
      quantity: 3,
      price: 101.25,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({
      dateTime: '2024-06-03 15:45',
      cause: 'BUY',
      subcause: null,
      accountId: accRossi,
      accountName: 'Dossier Rossi',
      currency: 'EUR',
      ownerId: rossi,
      owner: 'Mario Rossi',
      quantity: 3,
      price: 101.25,
      amount: 303.75,
      isin: 'IT0003128367',
      instrumentName: 'Enel',
      status: 'APPROVED',
    });
    // 3 x 0.1 is 0.30000000000000004 in doubles; numeric gives 0.30. By ISIN, ISO date-time without zone.
    const s = await h.call('delegate', 'POST', `${API}/movement`, {
      accountId: accRossi,
      dateTime: '2024-06-04T10:00:00',
      cause: 'SELL',
      isin: 'IT0003128367',
      quantity: 3,
      price: 0.1,
    });
    expect(s.status, JSON.stringify(s.body)).toBe(200);
    expect(
      (await h.one<{ amount: string }>('select amount::text from movements where id = $1', [s.body.id])).amount,
    ).toBe('0.30');
    const audit = await h.one<{ n: number }>(
      "select count(*)::int as n from audit_log where entity = 'movement' and action = 'create' and entity_id = $1",
      [String(r.body.id)],
    );
    expect(audit.n).toBe(1);
  });

  test('a FEE with its subcause; a given amount wins over quantity x price', async () => {
    const fee = await h.call('pro', 'POST', `${API}/movement`, {
      ...deposit(accRossi),
      cause: 'FEE',
      subcause: 'NEGOZIAZIONE',
      amount: 4.5,
    });
    expect(fee.status).toBe(200);
    expect(fee.body).toMatchObject({ cause: 'FEE', subcause: 'NEGOZIAZIONE', amount: 4.5 });
    const buy = await h.call('pro', 'POST', `${API}/movement`, {
      accountId: accRossi,
      dateTime: '2024-06-05 10:00',
      cause: 'BUY',
      instrumentId: instrument,
      quantity: 2,
      price: 10,
      amount: 20.4,
    });
    expect(buy.body.amount).toBe(20.4);
  });

  test.each([
    ['subcause on a DEPOSIT', deposit(0, { subcause: 'GESTIONE' }), 'body.subcause'],
    ['unknown subcause', deposit(0, { cause: 'FEE', subcause: 'ALTRO' }), 'body.subcause'],
    ['unknown cause', deposit(0, { cause: 'GIFT' }), 'body.cause'],
    ['negative amount', deposit(0, { amount: -5 }), 'body.amount'],
    ['no amount', deposit(0, { amount: undefined }), 'body.amount'],
    ['unknown currency', deposit(0, { currencyId: 999 }), 'body.currencyId'],
    ['impossible date', deposit(0, { dateTime: '2024-02-30 10:00' }), 'body.dateTime'],
    ['date-time with a zone', deposit(0, { dateTime: '2024-02-01T10:00:00Z' }), 'body.dateTime'],
    ['BUY without instrument', { ...deposit(0), cause: 'BUY', quantity: 1, price: 1 }, 'body.instrumentId'],
    [
      'BUY with unknown ISIN',
      { ...deposit(0), cause: 'BUY', isin: 'FR0000120271', quantity: 1, price: 1 },
      'body.isin',
    ],
    ['BUY quantity 0', { ...deposit(0), cause: 'BUY', isin: 'IT0003128367', quantity: 0, price: 1 }, 'body.quantity'],
    ['BUY without price', { ...deposit(0), cause: 'BUY', isin: 'IT0003128367', quantity: 1 }, 'body.price'],
    [
      'SELL negative price',
      { ...deposit(0), cause: 'SELL', isin: 'IT0003128367', quantity: 1, price: -1 },
      'body.price',
    ],
  ])('400 and nothing written: %s', async (_name, template, field) => {
    const body = { ...template, accountId: accRossi };
    const before = await tableCounts();
    const r = await h.call('pro', 'POST', `${API}/movement`, body);
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(r.body.fields.map((x: { field: string }) => x.field)).toContain(field);
    const put = await h.call('pro', 'PUT', `${API}/movement/${mRossi}`, body);
    expect(put.status).toBe(400);
    expect(await tableCounts()).toEqual(before);
    expect((await h.call('pro', 'GET', `${API}/movement/${mRossi}`)).body).toMatchObject({ amount: 100 });
  });

  test('bulk delete: all visible or 404 and nothing deleted', async () => {
    const a = await insertMovement(accRossi);
    const b = await insertMovement(accRossi);
    const before = await tableCounts();
    const mixed = await h.call('pro', 'DELETE', `${API}/movement`, { ids: [a, b, mFerrari] });
    expect(mixed.status).toBe(404);
    expect(await tableCounts()).toEqual(before);
    expect((await h.call('client', 'DELETE', `${API}/movement`, { ids: [a, b] })).status).toBe(403);
    const ok = await h.call('delegate', 'DELETE', `${API}/movement`, { ids: [a, b] });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ deleted: 2 });
    const after = await tableCounts();
    expect(after.movements).toBe(before.movements - 2);
    expect(after.audit).toBe(before.audit + 2);
    expect((await h.call('pro', 'DELETE', `${API}/movement`, { ids: [] })).status).toBe(400);
  });

  test("first movement date of the account's portfolios follows the movements", async () => {
    const first = async () =>
      (
        await h.one<{ d: string | null }>(
          "select to_char(first_movement_date, 'YYYY-MM-DD') as d from portfolios where id = $1",
          [ptfRossi],
        )
      ).d;
    const old = await h.call('pro', 'POST', `${API}/movement`, deposit(accRossi, { dateTime: '2019-01-05 08:00' }));
    expect(old.status).toBe(200);
    expect(await first()).toBe('2019-01-05');
    const moved = await h.call(
      'pro',
      'PUT',
      `${API}/movement/${old.body.id}`,
      deposit(accRossi, { dateTime: '2019-02-07 08:00' }),
    );
    expect(moved.status).toBe(200);
    expect(await first()).toBe('2019-02-07');
    expect((await h.call('pro', 'DELETE', `${API}/movement/${old.body.id}`)).status).toBe(200);
    expect(await first()).not.toBe('2019-02-07');
  });
});

describe('movements: lists', () => {
  let newest: number;
  beforeAll(async () => {
    await h.t.app.db.query(
      `insert into movements (account_id, client_id, date_time, cause, currency_id, amount, status, classification)
       select $1, $2, timestamp '2023-01-01 10:00' + g * interval '1 day', case when g % 2 = 0 then 'DEPOSIT' else 'TAX' end,
              1, g, 'APPROVED', 'riga ' || g
         from generate_series(1, 60) g`,
      [accPaging, rossi],
    );
    newest = await id('select id from movements where account_id = $1 order by date_time desc limit 1', [accPaging]);
  });

  test('default page: size 50, dateTime desc', async () => {
    const r = await h.call('pro', 'POST', `${API}/movement/list?ptfId=${ptfPaging}`, {});
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ total: 60, page: 1, size: 50 });
    expect(r.body.item).toHaveLength(50);
    expect(r.body.item[0]).toMatchObject({ id: newest, dateTime: '2023-03-02 10:00', amount: 60 });
    const times = r.body.item.map((m: { dateTime: string }) => m.dateTime);
    expect(times).toEqual([...times].sort().reverse());
    const p2 = await h.call('pro', 'POST', `${API}/movement/list?ptfId=${ptfPaging}&page=2`, {});
    expect(p2.body.item).toHaveLength(10);
    const asc = await h.call('pro', 'GET', `${API}/movement?ptfId=${ptfPaging}&sort=dateTime,asc&size=5`);
    expect(asc.body.item.map((m: { amount: number }) => m.amount)).toEqual([1, 2, 3, 4, 5]);
    expect((await h.call('pro', 'GET', `${API}/movement?ptfId=${ptfPaging}&sort=amount`)).status).toBe(400);
  });

  test('filters in the body and as query parameters', async () => {
    const body = await h.call('pro', 'POST', `${API}/movement/list?ptfId=${ptfPaging}`, {
      cause: ['TAX'],
      dateFrom: '2023-01-02',
      dateTo: '2023-01-11',
    });
    expect(body.body.total).toBe(5);
    const query = await h.call(
      'pro',
      'GET',
      `${API}/movement?ptfId=${ptfPaging}&cause=TAX&cause=DEPOSIT&text=riga%2060`,
    );
    expect(query.body.item.map((m: { amount: number }) => m.amount)).toEqual([60]);
    const acc = await h.call('admin', 'POST', `${API}/movement/list?clientId=${rossi}`, { accountId: accPaging });
    expect(acc.body.total).toBe(60);
    const isin = await h.call('pro', 'POST', `${API}/movement/list?clientId=${rossi}`, { isin: 'IT0003128367' });
    expect(isin.body.item.every((m: { isin: string }) => m.isin === 'IT0003128367')).toBe(true);
    expect((await h.call('pro', 'POST', `${API}/movement/list?ptfId=${ptfPaging}`, { cause: ['GIFT'] })).status).toBe(
      400,
    );
  });

  test('pending movements: the ones the caller sees, lastMonth narrows to the last month', async () => {
    const recent = new Date(Date.now() - 3 * 86400000).toISOString().slice(0, 16).replace('T', ' ');
    const created = await h.call(
      'delegate2',
      'POST',
      `${API}/movement`,
      deposit(accRossi, { dateTime: recent, status: 'pending' }),
    );
    expect(created.status).toBe(200);
    expect(created.body.status).toBe('PENDING');
    const old = await insertMovement(accRossi, '2022-01-01 10:00', 'PENDING');
    const foreign = await insertMovement(accFerrari, recent, 'PENDING');
    const ids = (r: { body: { item: { id: number }[] } }) => r.body.item.map((m) => m.id);
    const all = await h.call('delegate', 'GET', `${API}/movement/temporary/waiting`);
    expect(all.body.size).toBe(100000);
    expect(ids(all).sort()).toEqual([created.body.id, old].sort());
    const last = await h.call('delegate', 'GET', `${API}/movement/temporary/waiting?lastMonth=1`);
    expect(ids(last)).toEqual([created.body.id]);
    const admin = await h.call('admin', 'GET', `${API}/movement/temporary/waiting?lastMonth=0`);
    expect(ids(admin)).toEqual(expect.arrayContaining([created.body.id, old, foreign]));
    const pending = await h.call('pro', 'POST', `${API}/movement/list?ptfId=${ptfRossi}`, { status: 'PENDING' });
    expect(ids(pending).sort()).toEqual([created.body.id, old].sort());
  });
});
