// Portfolios and accounts: visible through the owner client, testing ones only to ADMIN, BACK_OFFICE (or an
// impersonating session), another tenant's ids 404, BASIC reads its own and writes nothing.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Harness, startHarness } from '../../testing/harness.ts';

const API = '/api/v1';
const IBAN = 'IT60X0542811101000000123456';
let h: Harness;
let rossi: number;
let ferrari: number;
let family: number;
let fi: number;
let ptfRossi: number;
let ptfFerrari: number;
let ptfTesting: number;
let accRossi: number;
let accFerrari: number;

beforeAll(async () => {
  h = await startHarness({ withoutDemoHoldings: true });
  rossi = (await h.one<{ id: number }>("select id from clients where tax_code = 'RSSMRA80A01H501U'")).id;
  ferrari = (await h.one<{ id: number }>("select id from clients where tax_code = 'FRRGNN58T10D612I'")).id;
  family = (await h.one<{ id: number }>('select id from families order by id limit 1')).id;
  fi = (
    await h.call('admin', 'POST', `${API}/financial-intermediary`, {
      name: 'Banca Test',
      fiType: 'CREDIT_INSTITUTE',
      abi: '05428',
    })
  ).body.id;
  const post = async (login: 'pro' | 'pro2' | 'admin', url: string, body: unknown) => {
    const r = await h.call(login, 'POST', `${API}${url}`, body);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.id as number;
  };
  ptfRossi = await post('pro', '/portfolio', { clientId: rossi, name: 'Portafoglio Rossi' });
  ptfFerrari = await post('pro2', '/portfolio', { clientId: ferrari, name: 'Portafoglio Ferrari' });
  ptfTesting = await post('admin', '/portfolio', { clientId: rossi, name: 'Prova interna', testing: true });
  accRossi = await post('pro', '/account', {
    clientId: rossi,
    accountType: 'CONTO_CORRENTE',
    name: 'Conto Rossi',
    iban: 'it60 x054 2811 1010 0000 0123 456',
    financialIntermediaryId: fi,
    portfolioIds: [ptfRossi],
  });
  accFerrari = await post('pro2', '/account', {
    clientId: ferrari,
    accountType: 'CUSTODIA_TITOLI',
    name: 'Dossier Ferrari',
    financialIntermediaryId: fi,
  });
  await h.t.app.db.query(
    "update portfolios set first_movement_date = '2022-03-01', last_quantity_check_ok_date = '2024-12-31' where id = $1",
    [ptfRossi],
  );
});
afterAll(async () => {
  await h?.t.close();
});

describe('portfolios: who reads which', () => {
  test.each([
    ['admin', 200, 200, 200],
    ['backoffice', 200, 200, 200],
    ['pro', 200, 404, 404],
    ['pro2', 404, 200, 404],
    ['delegate', 200, 404, 404],
    ['delegate2', 200, 404, 404],
    ['client', 200, 404, 404],
  ] as const)('%s: Rossi %i, Ferrari %i, testing %i', async (login, r, f, tst) => {
    const a = await h.call(login, 'GET', `${API}/portfolio/${ptfRossi}`);
    expect(a.status).toBe(r);
    if (r === 200)
      expect(a.body).toMatchObject({
        clientId: rossi,
        owner: 'Mario Rossi',
        name: 'Portafoglio Rossi',
        currencySymbol: '€',
        accountIds: [accRossi],
        firstMovementDate: '2022-03-01',
        testing: false,
      });
    expect((await h.call(login, 'GET', `${API}/portfolio/${ptfFerrari}`)).status).toBe(f);
    expect((await h.call(login, 'GET', `${API}/portfolio/${ptfTesting}`)).status).toBe(tst);
    expect((await h.call(login, 'GET', `${API}/portfolio/${ptfRossi}/account`)).status).toBe(r);
    expect((await h.call(login, 'GET', `${API}/portfolio/999999`)).status).toBe(404);
  });

  test('the menu: aggregate first, testing hidden from pro and shown to admin', async () => {
    const pro = await h.call('pro', 'GET', `${API}/portfolio/menu?clientId=${rossi}`);
    expect(pro.status).toBe(200);
    expect(pro.body).toEqual([
      {
        id: null,
        owner: 'Mario Rossi',
        ownerId: rossi,
        familyId: null,
        name: 'Aggregato',
        aggregate: true,
        currencySymbol: '€',
        firstMovementDate: '2022-03-01',
        lastQuantityCheckOkDate: '2024-12-31',
        testing: false,
      },
      {
        id: ptfRossi,
        owner: 'Mario Rossi',
        ownerId: rossi,
        familyId: null,
        name: 'Portafoglio Rossi',
        aggregate: false,
        currencySymbol: '€',
        firstMovementDate: '2022-03-01',
        lastQuantityCheckOkDate: '2024-12-31',
        testing: false,
      },
    ]);
    const admin = await h.call('admin', 'GET', `${API}/portfolio/menu?clientId=${rossi}`);
    expect(admin.body.map((p: { id: number | null }) => p.id)).toEqual([null, ptfRossi, ptfTesting]);
    const client = await h.call('client', 'GET', `${API}/portfolio/menu`);
    expect(client.body.map((p: { id: number | null }) => p.id)).toEqual([null, ptfRossi]);
    expect((await h.call('pro2', 'GET', `${API}/portfolio/menu?clientId=${rossi}`)).status).toBe(404);
    expect((await h.call('client', 'GET', `${API}/portfolio/menu?clientId=${ferrari}`)).status).toBe(404);
    expect((await h.call('pro', 'GET', `${API}/portfolio/menu`)).status).toBe(400);
  });

  test('the family menu: family aggregate, then the members’ portfolios with owner names', async () => {
    const r = await h.call('delegate', 'GET', `${API}/portfolio/menu?familyId=${family}`);
    expect(r.status).toBe(200);
    expect(r.body[0]).toMatchObject({
      id: null,
      aggregate: true,
      familyId: family,
      ownerId: null,
      owner: 'Famiglia Rossi Bianchi',
    });
    expect(r.body.slice(1)).toEqual([
      expect.objectContaining({
        id: ptfRossi,
        owner: 'Mario Rossi',
        ownerId: rossi,
        familyId: family,
        aggregate: false,
      }),
    ]);
    expect((await h.call('pro2', 'GET', `${API}/portfolio/menu?familyId=${family}`)).status).toBe(404);
    expect((await h.call('client', 'GET', `${API}/portfolio/menu?familyId=${family}`)).status).toBe(404);
  });
});

describe('portfolios: who writes', () => {
  test.each([
    ['admin', 200],
    ['backoffice', 200],
    ['pro', 200],
    ['delegate', 200],
    ['delegate2', 200],
    ['pro2', 404],
    ['client', 403],
  ] as const)('%s editing the Rossi portfolio: %i', async (login, status) => {
    const r = await h.call(login, 'PUT', `${API}/portfolio/${ptfRossi}`, { name: 'Portafoglio Rossi' });
    expect(r.status).toBe(status);
  });

  test.each([
    ['pro', 200],
    ['pro2', 404],
    ['client', 403],
  ] as const)('%s adding a portfolio for Rossi: %i', async (login, status) => {
    const r = await h.call(login, 'POST', `${API}/portfolio`, { clientId: rossi, name: `Nuovo ${login}` });
    expect(r.status).toBe(status);
    if (status === 200) {
      expect((await h.call('pro2', 'DELETE', `${API}/portfolio/${r.body.id}`)).status).toBe(404);
      expect((await h.call('client', 'DELETE', `${API}/portfolio/${r.body.id}`)).status).toBe(403);
      expect((await h.call('pro', 'DELETE', `${API}/portfolio/${r.body.id}`)).status).toBe(200);
      expect((await h.call('pro', 'GET', `${API}/portfolio/${r.body.id}`)).status).toBe(404);
      const audited = await h.one<{ n: number }>(
        "select count(*)::int as n from audit_log where entity = 'portfolio' and entity_id = $1",
        [String(r.body.id)],
      );
      expect(audited.n).toBe(2);
    }
  });

  test('only ADMIN or BACK_OFFICE flag testing; pro cannot touch the testing portfolio', async () => {
    expect(
      (await h.call('pro', 'POST', `${API}/portfolio`, { clientId: rossi, name: 'T', testing: true })).status,
    ).toBe(403);
    expect((await h.call('pro', 'PUT', `${API}/portfolio/${ptfTesting}`, { name: 'X' })).status).toBe(404);
    expect((await h.call('pro', 'DELETE', `${API}/portfolio/${ptfTesting}`)).status).toBe(404);
  });

  test('bad bodies are 400 with fields and write nothing', async () => {
    const before = await h.counts();
    const cases = [
      ['POST', '/portfolio', { name: 'X' }, 'body.clientId'],
      ['POST', '/portfolio', { clientId: rossi, name: '' }, 'body.name'],
      ['POST', '/portfolio', { clientId: rossi, name: 'X', owner: 1 }, 'body.owner'],
      ['POST', '/portfolio', { clientId: rossi, name: 'X', currencyId: 999 }, 'body.currencyId'],
      ['PUT', `/portfolio/${ptfRossi}`, { name: 'X', testing: 'yes' }, 'body.testing'],
      ['POST', '/account/account-ptf', { links: [] }, 'body.links'],
      ['POST', '/account/account-ptf', { links: [{ accountId: accFerrari, portfolioId: ptfRossi }] }, null],
    ] as const;
    for (const [method, url, body, field] of cases) {
      const r = await h.call('admin', method, `${API}${url}`, body);
      expect(r.status, `${method} ${url} ${JSON.stringify(body)}`).toBe(400);
      if (field) expect(r.body.fields.map((f: { field: string }) => f.field)).toContain(field);
    }
    expect((await h.call('pro', 'GET', `${API}/portfolio/abc`)).status).toBe(400);
    expect(await h.counts()).toEqual(before);
  });
});

describe('accounts', () => {
  test.each([
    ['admin', 200, 200],
    ['backoffice', 200, 200],
    ['pro', 200, 404],
    ['pro2', 404, 200],
    ['delegate', 200, 404],
    ['delegate2', 200, 404],
    ['client', 200, 404],
  ] as const)('%s: Rossi account %i, Ferrari account %i', async (login, r, f) => {
    const a = await h.call(login, 'GET', `${API}/account/${accRossi}`);
    expect(a.status).toBe(r);
    if (r === 200)
      expect(a.body).toMatchObject({
        accountType: 'CONTO_CORRENTE',
        iban: IBAN,
        user: 'Mario Rossi',
        intermediary: 'Banca Test',
        portfolioIds: [ptfRossi],
      });
    expect((await h.call(login, 'GET', `${API}/account/${accFerrari}`)).status).toBe(f);
  });

  test('the list and the menu: own clients only; a DELEGATE must select a client first', async () => {
    const pro = await h.call('pro', 'GET', `${API}/account`);
    expect(pro.body).toMatchObject({ total: 1, page: 1, size: 10000, item: [{ id: accRossi }] });
    const admin = await h.call('admin', 'GET', `${API}/account?size=1&page=2&sort=name,asc`);
    expect(admin.body).toMatchObject({ total: 2, page: 2, size: 1, item: [{ id: accFerrari }] });
    const delegate = await h.call('delegate', 'GET', `${API}/account/menu?accountType=1`);
    expect(delegate.status).toBe(400);
    expect(delegate.body.code).toBe('CLIENT_REQUIRED');
    expect((await h.call('delegate', 'GET', `${API}/account`)).status).toBe(400);
    const withClient = await h.call('delegate', 'GET', `${API}/account/menu?accountType=1&clientId=${rossi}`);
    expect(withClient.body).toEqual([
      expect.objectContaining({ id: accRossi, accountType: 'CONTO_CORRENTE', user: 'Mario Rossi' }),
    ]);
    expect((await h.call('delegate', 'GET', `${API}/account/menu?accountType=2&clientId=${rossi}`)).body).toEqual([]);
    expect((await h.call('delegate', 'GET', `${API}/account/menu?clientId=${ferrari}`)).status).toBe(404);
    expect((await h.call('client', 'GET', `${API}/account/menu`)).body.map((a: { id: number }) => a.id)).toEqual([
      accRossi,
    ]);
    expect((await h.call('pro2', 'GET', `${API}/account/menu?familyId=${family}`)).status).toBe(404);
    expect((await h.call('pro', 'GET', `${API}/account/menu?accountType=3`)).status).toBe(400);
  });

  test('testing accounts are hidden from pro and shown to admin', async () => {
    const r = await h.call('admin', 'POST', `${API}/account`, {
      clientId: rossi,
      accountType: 'CUSTODIA_TITOLI',
      name: 'Dossier di prova',
      financialIntermediaryId: fi,
      testing: true,
    });
    expect(r.status).toBe(200);
    expect((await h.call('pro', 'GET', `${API}/account/${r.body.id}`)).status).toBe(404);
    expect((await h.call('admin', 'GET', `${API}/account/${r.body.id}`)).status).toBe(200);
    const ids = async (login: 'pro' | 'admin') =>
      (await h.call(login, 'GET', `${API}/account?clientId=${rossi}`)).body.item.map((a: { id: number }) => a.id);
    expect(await ids('pro')).not.toContain(r.body.id);
    expect(await ids('admin')).toContain(r.body.id);
  });

  test.each([
    ['pro', 200],
    ['delegate', 200],
    ['pro2', 404],
    ['client', 403],
  ] as const)('%s editing the Rossi account: %i', async (login, status) => {
    const r = await h.call(login, 'PUT', `${API}/account/${accRossi}`, {
      accountType: 'CONTO_CORRENTE',
      name: 'Conto Rossi',
      financialIntermediaryId: fi,
    });
    expect(r.status).toBe(status);
    if (status === 200) expect(r.body).toMatchObject({ iban: IBAN, portfolioIds: [ptfRossi] });
  });

  test('linking accounts to portfolios: same owner, idempotent, audited; foreign ids 404', async () => {
    const other = await h.call('pro', 'POST', `${API}/portfolio`, { clientId: rossi, name: 'Secondo' });
    const links = { links: [{ accountId: accRossi, portfolioId: other.body.id }] };
    expect((await h.call('pro', 'POST', `${API}/account/account-ptf`, links)).body).toEqual({ added: 1 });
    expect((await h.call('pro', 'POST', `${API}/account/account-ptf`, links)).body).toEqual({ added: 0 });
    const list = await h.call('client', 'GET', `${API}/portfolio/${other.body.id}/account`);
    expect(list.body).toMatchObject({ total: 1, item: [{ id: accRossi }] });
    expect((await h.call('pro2', 'POST', `${API}/account/account-ptf`, links)).status).toBe(404);
    expect((await h.call('client', 'POST', `${API}/account/account-ptf`, links)).status).toBe(403);
    const foreign = { links: [{ accountId: accFerrari, portfolioId: other.body.id }] };
    expect((await h.call('pro', 'POST', `${API}/account/account-ptf`, foreign)).status).toBe(404);
  });

  test('bad account bodies are 400 with fields and write nothing; a duplicate IBAN is 409', async () => {
    const base = { clientId: rossi, accountType: 'CONTO_CORRENTE', name: 'Nuovo', financialIntermediaryId: fi };
    const before = await h.counts();
    const cases = [
      [{ ...base, iban: 'IT61X0542811101000000123456' }, 'body.iban'],
      [{ ...base, iban: 'IT60X054281110100000012345' }, 'body.iban'],
      [{ ...base, accountType: 'DEPOSITO' }, 'body.accountType'],
      [{ ...base, financialIntermediaryId: 999999 }, 'body.financialIntermediaryId'],
      [{ ...base, portfolioIds: [ptfFerrari] }, 'body.portfolioIds'],
      [{ ...base, owner: 'x' }, 'body.owner'],
    ] as const;
    for (const [body, field] of cases) {
      const r = await h.call('pro', 'POST', `${API}/account`, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.fields.map((f: { field: string }) => f.field)).toContain(field);
    }
    expect((await h.call('pro', 'POST', `${API}/account`, { ...base, iban: IBAN })).status).toBe(409);
    expect((await h.call('pro', 'POST', `${API}/account`, { ...base, clientId: ferrari })).status).toBe(404);
    expect((await h.call('pro', 'GET', `${API}/account?size=0`)).status).toBe(400);
    expect(await h.counts()).toEqual(before);
  });
});

describe('IBAN check', () => {
  test('valid: names the bank by ABI and the visible account that uses it', async () => {
    const pro = await h.call('pro', 'GET', `${API}/account/iban/${IBAN}`);
    expect(pro.body).toMatchObject({
      valid: true,
      reason: null,
      countryCode: 'IT',
      abi: '05428',
      cab: '11101',
      financialIntermediaryId: fi,
      accountId: accRossi,
    });
    const pro2 = await h.call('pro2', 'GET', `${API}/account/iban/${IBAN}`);
    expect(pro2.body).toMatchObject({ valid: true, accountId: null });
  });
  test.each([
    ['IT61X0542811101000000123456', 'checksum'],
    ['IT60X05428111010000001234', 'length'],
    ['XX', 'format'],
  ])('%s is not valid (%s)', async (iban, reason) => {
    const r = await h.call('client', 'GET', `${API}/account/iban/${iban}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ valid: false, reason, accountId: null });
  });
});
