// Instruments: every signed-in role reads them, ADMIN and BACK_OFFICE write them; ISIN check digit, duplicates
// (409), rejected bodies write nothing, paging/sorting/search, price history newest first.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Harness, LOGINS, startHarness } from '../../testing/harness.ts';

const API = '/api/v1';
let h: Harness;
let btp: number;
let apple: number;

const BTP = {
  isin: 'IT0005438004',
  name: 'BTP 1,5% 2045',
  currency: 'EUR',
  assetClass: 'Government bond',
  macroAssetClass: 'Bond',
  couponRate: 0.015,
  couponFrequency: 2,
  firstCouponDate: '2021-09-01',
  maturityDate: '2045-04-30',
};
// Not in the demo catalogue, so the tests create them.
const APPLE = {
  isin: 'US5949181045',
  name: 'Microsoft Corp',
  currency: 'USD',
  assetClass: 'Stock',
  macroAssetClass: 'Equity',
};
const IWDA = {
  isin: 'IE00BK5BQT80',
  name: 'Vanguard FTSE All-World',
  currency: 'EUR',
  assetClass: 'ETF',
  macroAssetClass: 'Equity',
};

const TABLES = ['instruments', 'prices', 'audit_log'] as const;
const counts = async () => {
  const out = { instruments: 0, prices: 0, audit_log: 0 };
  for (const table of TABLES) out[table] = (await h.one<{ n: number }>(`select count(*)::int as n from ${table}`)).n;
  return out;
};

beforeAll(async () => {
  // The list assertions below are exact, so the demo catalogue (and the holdings that refer to it) goes first.
  h = await startHarness({ withoutDemoHoldings: true });
  await h.t.app.db.query('delete from instruments');
  const a = await h.call('admin', 'POST', `${API}/stock`, BTP);
  expect(a.status, JSON.stringify(a.body)).toBe(200);
  btp = a.body.id;
  const b = await h.call('backoffice', 'POST', `${API}/stock`, APPLE);
  expect(b.status, JSON.stringify(b.body)).toBe(200);
  apple = b.body.id;
  // Seven prices for the BTP, none for Apple.
  for (let d = 1; d <= 7; d++)
    await h.t.app.db.query('insert into prices (instrument_id, date, price) values ($1, $2, $3)', [
      btp,
      `2025-01-0${d}`,
      `${98 + d / 10}`,
    ]);
});
afterAll(async () => {
  await h?.t.close();
});

describe('who may call what', () => {
  test.each(LOGINS.map((login) => [login, login === 'admin' || login === 'backoffice' ? 200 : 403] as const))(
    '%s: reads 200, writes %i',
    async (login, write) => {
      expect((await h.call(login, 'GET', `${API}/stock`)).status).toBe(200);
      expect((await h.call(login, 'GET', `${API}/stock/${btp}`)).status).toBe(200);
      expect((await h.call(login, 'GET', `${API}/stock/999999`)).status).toBe(404);
      expect((await h.call(login, 'GET', `${API}/stock/${btp}/price`)).status).toBe(200);
      expect((await h.call(login, 'GET', `${API}/stock/999999/price`)).status).toBe(404);
      const before = await counts();
      const put = await h.call(login, 'PUT', `${API}/stock/${apple}`, { ...APPLE, name: `Apple Inc (${login})` });
      expect(put.status).toBe(write);
      if (write === 403) {
        expect(await counts()).toEqual(before);
        const post = await h.call(login, 'POST', `${API}/stock`, IWDA);
        expect(post.status).toBe(403);
        expect(await counts()).toEqual(before);
      } else {
        expect(put.body.name).toBe(`Apple Inc (${login})`);
        expect((await counts()).audit_log).toBe(before.audit_log + 1);
      }
    },
  );
  test('without a token: 401', async () => {
    expect((await h.call(null, 'GET', `${API}/stock`)).status).toBe(401);
    expect((await h.call(null, 'POST', `${API}/stock`, IWDA)).status).toBe(401);
  });
});

describe('reading', () => {
  test('one instrument with coupon data and its latest price', async () => {
    const r = await h.call('client', 'GET', `${API}/stock/${btp}`);
    expect(r.body).toEqual({
      id: btp,
      ...BTP,
      currencySymbol: '€',
      lastPrice: 98.7,
      lastPriceDate: '2025-01-07',
      lastPriceSource: 'upload',
      priceSources: {
        demo: 0,
        upload: 7,
        mixed: false,
        ranges: [{ source: 'upload', from: '2025-01-01', to: '2025-01-07', count: 7 }],
      },
    });
    const a = await h.call('pro', 'GET', `${API}/stock/${apple}`);
    expect(a.body).toMatchObject({
      currency: 'USD',
      currencySymbol: '$',
      couponRate: null,
      couponFrequency: null,
      lastPrice: null,
      lastPriceDate: null,
    });
  });

  test('paging, sort and search', async () => {
    const all = await h.call('pro', 'GET', `${API}/stock`);
    expect(all.body).toMatchObject({ total: 2, page: 1, size: 10 });
    expect(all.body.item.map((s: { id: number }) => s.id)).toEqual([apple, btp]); // name asc
    const desc = await h.call('pro', 'GET', `${API}/stock?sort=name,desc`);
    expect(desc.body.item.map((s: { id: number }) => s.id)).toEqual([btp, apple]);
    const cur = await h.call('pro', 'GET', `${API}/stock?sort=currency,desc`);
    expect(cur.body.item.map((s: { currency: string }) => s.currency)).toEqual(['USD', 'EUR']);
    const macro = await h.call('pro', 'GET', `${API}/stock?sort=macroAssetClass`);
    expect(macro.body.item.map((s: { id: number }) => s.id)).toEqual([btp, apple]); // Bond before Equity
    const macroDesc = await h.call('pro', 'GET', `${API}/stock?sort=macroAssetClass,desc`);
    expect(macroDesc.body.item.map((s: { id: number }) => s.id)).toEqual([apple, btp]);
    const p2 = await h.call('pro', 'GET', `${API}/stock?page=2&size=1`);
    expect(p2.body).toMatchObject({ total: 2, page: 2, size: 1 });
    expect(p2.body.item.map((s: { id: number }) => s.id)).toEqual([btp]);
    const big = await h.call('pro', 'GET', `${API}/stock?size=100000`);
    expect(big.body.size).toBe(100000);
    expect((await h.call('pro', 'GET', `${API}/stock?size=100001`)).status).toBe(400);
    expect((await h.call('pro', 'GET', `${API}/stock?sort=createdAt`)).status).toBe(400);
    const q = await h.call('pro', 'GET', `${API}/stock?q=btp`);
    expect(q.body.item.map((s: { id: number }) => s.id)).toEqual([btp]);
    expect(q.body.total).toBe(1);
    const qIsin = await h.call('pro', 'GET', `${API}/stock?q=us594918`);
    expect(qIsin.body.item.map((s: { id: number }) => s.id)).toEqual([apple]);
    // Wildcards are literal: only the BTP has a % in its name, nothing has an underscore.
    expect((await h.call('pro', 'GET', `${API}/stock?q=%25`)).body.item.map((s: { id: number }) => s.id)).toEqual([
      btp,
    ]);
    expect((await h.call('pro', 'GET', `${API}/stock?q=_`)).body.total).toBe(0);
  });

  test('price history: 5 rows by default, newest first, date filters', async () => {
    const r = await h.call('delegate', 'GET', `${API}/stock/${btp}/price`);
    expect(r.body).toMatchObject({ total: 7, page: 1, size: 5 });
    expect(r.body.item.map((p: { date: string }) => p.date)).toEqual([
      '2025-01-07',
      '2025-01-06',
      '2025-01-05',
      '2025-01-04',
      '2025-01-03',
    ]);
    expect(r.body.item[0]).toEqual({ date: '2025-01-07', price: 98.7, currency: 'EUR', source: 'upload' });
    const p2 = await h.call('delegate', 'GET', `${API}/stock/${btp}/price?page=2`);
    expect(p2.body.item.map((p: { date: string }) => p.date)).toEqual(['2025-01-02', '2025-01-01']);
    const f = await h.call('delegate', 'GET', `${API}/stock/${btp}/price?dateFrom=2025-01-02&dateTo=2025-01-03`);
    expect(f.body).toMatchObject({ total: 2, item: [{ date: '2025-01-03' }, { date: '2025-01-02' }] });
    const none = await h.call('delegate', 'GET', `${API}/stock/${apple}/price`);
    expect(none.body).toEqual({ item: [], total: 0, page: 1, size: 5 });
  });
});

describe('writing', () => {
  test('create is audited; lower-case ISIN is normalised', async () => {
    const before = await counts();
    const r = await h.call('admin', 'POST', `${API}/stock`, { ...IWDA, isin: 'ie00bk5bqt80' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ ...IWDA, lastPrice: null });
    const log = await h.one<{ action: string; entity: string; entity_id: string }>(
      'select action, entity, entity_id from audit_log order by id desc limit 1',
    );
    expect(log).toEqual({ action: 'create', entity: 'instrument', entity_id: String(r.body.id) });
    expect(await counts()).toEqual({ ...before, instruments: before.instruments + 1, audit_log: before.audit_log + 1 });
  });

  test('duplicate ISIN: 409 duplicate_instrument naming the instrument, nothing written', async () => {
    const before = await counts();
    const r = await h.call('backoffice', 'POST', `${API}/stock`, { ...BTP, name: 'Altro BTP' });
    expect(r.status).toBe(409);
    expect(r.body.code).toBe('duplicate_instrument');
    expect(r.body.message).toContain('BTP 1,5% 2045');
    const u = await h.call('admin', 'PUT', `${API}/stock/${apple}`, { ...APPLE, isin: BTP.isin, currency: 'EUR' });
    expect(u.status).toBe(409);
    expect(u.body.code).toBe('duplicate_instrument');
    expect(await counts()).toEqual(before);
    expect((await h.call('pro', 'GET', `${API}/stock/${apple}`)).body.isin).toBe(APPLE.isin);
  });

  test.each([
    ['bad check digit', { ...IWDA, isin: 'IE00B4L5Y984' }, 'body.isin'],
    ['short ISIN', { ...IWDA, isin: 'IE00B4L5Y98' }, 'body.isin'],
    ['unknown currency', { ...IWDA, isin: 'FR0000120271', currency: 'XYZ' }, 'body.currency'],
    ['coupon on equity', { ...APPLE, isin: 'FR0000120271', couponRate: 0.02 }, 'body.couponRate'],
    ['coupon rate as text', { ...BTP, isin: 'FR0000120271', couponRate: 'x' }, 'body.couponRate'],
    ['coupon frequency 3', { ...BTP, isin: 'FR0000120271', couponFrequency: 3 }, 'body.couponFrequency'],
    ['bad macro class', { ...APPLE, isin: 'FR0000120271', macroAssetClass: 'Cash' }, 'body.macroAssetClass'],
    ['missing name', { ...APPLE, isin: 'FR0000120271', name: undefined }, 'body.name'],
    ['extra field', { ...APPLE, isin: 'FR0000120271', foo: 1 }, 'body.foo'],
  ])('400 (%s) names the field and writes nothing', async (_label, body, field) => {
    const before = await counts();
    for (const [method, url] of [
      ['POST', `${API}/stock`],
      ['PUT', `${API}/stock/${apple}`],
    ] as const) {
      const r = await h.call('admin', method, url, body);
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      expect(r.body.fields.map((f: { field: string }) => f.field)).toContain(field);
    }
    expect(await counts()).toEqual(before);
  });

  test('update: 404 when missing, audited with before and after', async () => {
    expect((await h.call('admin', 'PUT', `${API}/stock/999999`, APPLE)).status).toBe(404);
    const r = await h.call('admin', 'PUT', `${API}/stock/${btp}`, { ...BTP, couponRate: null, maturityDate: null });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ couponRate: null, maturityDate: null, lastPrice: 98.7 });
    const zero = await h.call('admin', 'PUT', `${API}/stock/${btp}`, { ...BTP, couponRate: 0 });
    expect(zero.body.couponRate).toBe(0);
    const log = await h.one<{ action: string; before: { couponRate: number }; after: { couponRate: null } }>(
      "select action, before, after from audit_log where entity = 'instrument' order by id desc limit 1 offset 1",
    );
    expect(log.action).toBe('update');
    expect(log.before.couponRate).toBe(0.015);
    expect(log.after.couponRate).toBeNull();
  });
});

describe('currency changes (issue 13: a change relabelled the prices without converting them)', () => {
  const SAP = { isin: 'DE0007164600', name: 'SAP SE', currency: 'EUR', assetClass: 'Stock', macroAssetClass: 'Equity' };
  const stored = async (id: number) =>
    h.one<{ iso: string; prices: number; sum: string; audit: number }>(
      `select c.iso, (select count(*)::int from prices where instrument_id = i.id) as prices,
              (select coalesce(sum(price), 0)::text from prices where instrument_id = i.id) as sum,
              (select count(*)::int from audit_log) as audit
         from instruments i join currencies c on c.id = i.currency_id where i.id = $1`,
      [id],
    );

  test('409 currency_in_use with the counts while prices exist in the old currency; nothing changes', async () => {
    const before = await stored(btp);
    const r = await h.call('admin', 'PUT', `${API}/stock/${btp}`, { ...BTP, currency: 'USD' });
    expect(r.status, JSON.stringify(r.body)).toBe(409);
    expect(r.body).toMatchObject({
      code: 'currency_in_use',
      params: { currency: 'EUR', prices: 7, movements: 0 },
    });
    expect(r.body.message).toContain('7 prices');
    expect(await stored(btp)).toEqual(before);
    // The same body in the same currency is an ordinary edit.
    expect((await h.call('admin', 'PUT', `${API}/stock/${btp}`, BTP)).status).toBe(200);
  });

  test('409 counts the movements in the old currency; without prices or movements the change is made', async () => {
    const created = await h.call('admin', 'POST', `${API}/stock`, SAP);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const sap = created.body.id as number;
    const changed = await h.call('backoffice', 'PUT', `${API}/stock/${sap}`, { ...SAP, currency: 'USD' });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.currency).toBe('USD');
    // A purchase in USD, the instrument's currency now: the change back is refused, naming the one movement.
    const client = await h.one<{ id: number }>('select id from clients order by id limit 1');
    const fi = await h.one<{ id: number }>('select id from financial_intermediaries order by id limit 1');
    const account = await h.one<{ id: number }>(
      `insert into accounts (client_id, account_type, name, financial_intermediary_id)
       values ($1, 'CUSTODIA_TITOLI', 'Dossier valuta', $2) returning id`,
      [client.id, fi.id],
    );
    await h.t.app.db.query(
      `insert into movements (account_id, client_id, date_time, cause, currency_id, instrument_id, quantity, price,
         amount, status)
       values ($1, $2, '2025-01-02', 'BUY', (select id from currencies where iso = 'USD'), $3, 10, 200, 2000, 'APPROVED')`,
      [account.id, client.id, sap],
    );
    const before = await stored(sap);
    const r = await h.call('admin', 'PUT', `${API}/stock/${sap}`, { ...SAP, currency: 'EUR' });
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ code: 'currency_in_use', params: { currency: 'USD', prices: 0, movements: 1 } });
    expect(await stored(sap)).toEqual(before);
  });
});
