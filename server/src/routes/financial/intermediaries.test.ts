// Currencies, intermediaries and branches: reference data every role reads; ADMIN, BACK_OFFICE, PRO and DELEGATE
// add; only ADMIN, BACK_OFFICE or the creator edit and delete.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Harness, LOGINS, startHarness } from '../../testing/harness.ts';

let h: Harness;
let fiPro: number;
let branchPro: number;
const API = '/api/v1';

beforeAll(async () => {
  h = await startHarness();
  const r = await h.call('pro', 'POST', `${API}/financial-intermediary`, {
    name: 'Banca Popolare di Prova',
    fiType: 'CREDIT_INSTITUTE',
    abi: '05428',
    branch: { name: 'Filiale di Bergamo', cab: '11101', city: 'Bergamo' },
  });
  expect(r.status).toBe(200);
  fiPro = r.body.id;
  branchPro = r.body.branchId;
});
afterAll(async () => {
  await h?.t.close();
});

describe('currencies', () => {
  test.each(LOGINS)('%s reads the currency menu with the reference rows', async (login) => {
    const r = await h.call(login, 'GET', `${API}/currency/menu`);
    expect(r.status).toBe(200);
    const bySymbol = Object.fromEntries(r.body.map((c: { iso: string; symbol: string }) => [c.iso, c.symbol]));
    expect(bySymbol).toMatchObject({ EUR: '€', USD: '$', GBP: '£', CHF: 'CHF', JPY: '¥' });
  });
  test('without a token: 401', async () => {
    expect((await h.call(null, 'GET', `${API}/currency/menu`)).status).toBe(401);
  });
});

describe('intermediaries', () => {
  test('created with its first branch in one call, audited', async () => {
    expect(branchPro).toBeGreaterThan(0);
    const a = await h.one<{ n: number }>(
      "select count(*)::int as n from audit_log where entity in ('financialIntermediary', 'branch') and action = 'create'",
    );
    expect(a.n).toBe(2);
  });

  test.each(LOGINS)('%s reads intermediaries, the menu by type and the branches', async (login) => {
    const one = await h.call(login, 'GET', `${API}/financial-intermediary/${fiPro}`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ name: 'Banca Popolare di Prova', fiType: 'CREDIT_INSTITUTE', abi: '05428' });
    expect(one.body.editable).toBe(['admin', 'backoffice', 'pro'].includes(login));
    const menu = await h.call(login, 'GET', `${API}/financial-intermediary/menu?fiType=CREDIT_INSTITUTE`);
    expect(menu.body.map((m: { id: number }) => m.id)).toContain(fiPro);
    const trusts = await h.call(login, 'GET', `${API}/financial-intermediary/menu?fiType=TRUST`);
    expect(trusts.body.map((m: { id: number }) => m.id)).not.toContain(fiPro);
    const branches = await h.call(login, 'GET', `${API}/financial-intermediary/${fiPro}/branch`);
    expect(branches.body).toMatchObject({ total: 1, page: 1, size: 10000 });
    expect(branches.body.item[0]).toMatchObject({ id: branchPro, name: 'Filiale di Bergamo', cab: '11101' });
    const bm = await h.call(login, 'GET', `${API}/financial-intermediary/${fiPro}/branch/menu`);
    expect(bm.body).toEqual([{ id: branchPro, name: 'Filiale di Bergamo', financialIntermediaryId: fiPro }]);
  });

  test.each([
    ['admin', 200],
    ['backoffice', 200],
    ['pro', 200],
    ['delegate', 200],
    ['delegate2', 200],
    ['pro2', 200],
    ['client', 403],
  ] as const)('%s adding an intermediary: %i', async (login, status) => {
    const r = await h.call(login, 'POST', `${API}/financial-intermediary`, { name: `Trust ${login}`, fiType: 'TRUST' });
    expect(r.status).toBe(status);
    if (status === 200) expect(r.body.branchId).toBeNull();
  });

  test.each([
    ['admin', 200],
    ['backoffice', 200],
    ['pro', 200],
    ['pro2', 403],
    ['delegate', 403],
    ['client', 403],
  ] as const)('%s editing the intermediary pro created: %i', async (login, status) => {
    const r = await h.call(login, 'PUT', `${API}/financial-intermediary/${fiPro}`, {
      name: 'Banca Popolare di Prova',
      fiType: 'CREDIT_INSTITUTE',
      abi: '05428',
      bic: 'BPMOIT22',
    });
    expect(r.status).toBe(status);
  });

  test('an unknown id is 404; bad bodies are 400 with fields and write nothing', async () => {
    expect((await h.call('admin', 'GET', `${API}/financial-intermediary/999999`)).status).toBe(404);
    expect(
      (await h.call('admin', 'PUT', `${API}/financial-intermediary/999999`, { name: 'x', fiType: 'TRUST' })).status,
    ).toBe(404);
    const before = await h.counts();
    const cases = [
      [{ name: 'X', fiType: 'BANK' }, 'body.fiType'],
      [{ fiType: 'TRUST' }, 'body.name'],
      [{ name: 'X', fiType: 'TRUST', abi: '123' }, 'body.abi'],
      [{ name: 'X', fiType: 'TRUST', extra: 1 }, 'body.extra'],
      [{ name: 'X', fiType: 'TRUST', branch: { city: 'Roma' } }, 'body.branch.name'],
    ] as const;
    for (const [body, field] of cases) {
      const r = await h.call('pro', 'POST', `${API}/financial-intermediary`, body);
      expect(r.status).toBe(400);
      expect(r.body.fields.map((f: { field: string }) => f.field)).toContain(field);
    }
    expect((await h.call('pro', 'GET', `${API}/financial-intermediary/menu?fiType=NONE`)).status).toBe(400);
    expect(await h.counts()).toEqual(before);
  });
});

describe('branches', () => {
  test('add, list with search and paging, edit, delete', async () => {
    const add = await h.call('delegate', 'POST', `${API}/branch`, {
      financialIntermediaryId: fiPro,
      name: 'Filiale di Milano',
      city: 'Milano',
    });
    expect(add.status).toBe(200);
    const list = await h.call('client', 'GET', `${API}/financial-intermediary/${fiPro}/branch?q=milano`);
    expect(list.body).toMatchObject({ total: 1, item: [{ id: add.body.id, city: 'Milano' }] });
    const page = await h.call(
      'client',
      'GET',
      `${API}/financial-intermediary/${fiPro}/branch?size=1&page=2&sort=name,asc`,
    );
    expect(page.body).toMatchObject({ total: 2, page: 2, size: 1, item: [{ name: 'Filiale di Milano' }] });
    // The branch's creator (delegate) and the intermediary's creator (pro) may edit it; pro2 may not.
    expect((await h.call('pro2', 'PUT', `${API}/branch/${add.body.id}`, { name: 'X' })).status).toBe(403);
    expect((await h.call('client', 'PUT', `${API}/branch/${add.body.id}`, { name: 'X' })).status).toBe(403);
    const edit = await h.call('pro', 'PUT', `${API}/branch/${add.body.id}`, { name: 'Milano Centro', city: 'Milano' });
    expect(edit.status).toBe(200);
    expect(edit.body).toMatchObject({ name: 'Milano Centro', financialIntermediaryId: fiPro });
    expect((await h.call('pro2', 'DELETE', `${API}/branch/${add.body.id}`)).status).toBe(403);
    expect((await h.call('delegate', 'DELETE', `${API}/branch/${add.body.id}`)).status).toBe(200);
    expect((await h.call('delegate', 'DELETE', `${API}/branch/${add.body.id}`)).status).toBe(404);
    const audited = await h.one<{ n: number }>(
      "select count(*)::int as n from audit_log where entity = 'branch' and entity_id = $1",
      [String(add.body.id)],
    );
    expect(audited.n).toBe(3);
  });

  test('a branch of an unknown intermediary is 404; bad input is 400 and writes nothing', async () => {
    expect((await h.call('pro', 'POST', `${API}/branch`, { financialIntermediaryId: 999999, name: 'X' })).status).toBe(
      404,
    );
    const before = await h.counts();
    expect((await h.call('pro', 'POST', `${API}/branch`, { name: 'X' })).status).toBe(400);
    expect((await h.call('pro', 'POST', `${API}/branch`, { financialIntermediaryId: fiPro, name: '' })).status).toBe(
      400,
    );
    expect((await h.call('pro', 'PUT', `${API}/branch/${branchPro}`, { name: 'X', cab: 'abc' })).status).toBe(400);
    expect((await h.call('pro', 'GET', `${API}/financial-intermediary/${fiPro}/branch?sort=password`)).status).toBe(
      400,
    );
    expect((await h.call('pro', 'GET', `${API}/financial-intermediary/${fiPro}/branch?size=0`)).status).toBe(400);
    expect(await h.counts()).toEqual(before);
  });
});
