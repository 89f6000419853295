// Route tests for the foundation's calls, signed in through the real issuer as each demo account: version and
// docs, the profile, the tour state, and who may see which client and family (DESIGN.md section 3).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signIn } from '../identity/test-sign-in.ts';
import { callApi, DEMO_LOGINS, type DemoLogin } from '../testing/api-caller.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
const tokens = new Map<string, string>();
const LOGINS = DEMO_LOGINS;
type Login = DemoLogin;

beforeAll(async () => {
  t = await createTestApp({ listen: true });
  for (const login of LOGINS) tokens.set(login, (await signIn(t.url, login, 'patrimonio')).accessToken);
});
afterAll(async () => {
  await t?.close();
});

function call(login: Login | null, method: string, url: string, body?: unknown) {
  return callApi(t, tokens, login, method, url, body);
}

async function idOf(sql: string, params: unknown[]): Promise<number> {
  const { rows } = await t.app.db.query<{ id: number }>(sql, params);
  return rows[0]!.id;
}

describe('live and docs', () => {
  test('GET /api/v1/live/version answers the server version without a token', async () => {
    const r = await call(null, 'GET', '/api/v1/live/version');
    expect(r.status).toBe(200);
    expect(r.body.version).toMatch(/^\d+\.\d+\.\d+/);
  });
  test('the OpenAPI document lists the contract routes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = JSON.parse(res.body);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/live/version',
        '/api/v1/user/me',
        '/api/v1/user/client/{id}',
        '/api/v1/family/{id}',
      ]),
    );
  });
  test('an unknown API path is a JSON 404', async () => {
    const r = await call('pro', 'GET', '/api/v1/nothing-here');
    expect(r.status).toBe(404);
    expect(r.body.statusCode).toBe(404);
  });
});

describe('authentication on every call', () => {
  test('no token, a malformed header or a forged token answer 401', async () => {
    expect((await call(null, 'GET', '/api/v1/user/me')).status).toBe(401);
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/user/me', headers: { authorization: 'Basic abc' } });
    expect(res.statusCode).toBe(401);
    const [h, p] = tokens.get('client')!.split('.');
    const payload = JSON.parse(Buffer.from(p!, 'base64url').toString());
    const forged = `${h}.${Buffer.from(JSON.stringify({ ...payload, role: 'ADMIN' })).toString('base64url')}.x`;
    const res2 = await t.app.inject({
      method: 'GET',
      url: '/api/v1/user/me',
      headers: { authorization: `Bearer ${forged}` },
    });
    expect(res2.statusCode).toBe(401);
  });
  test('the profile carries role, permissions and links', async () => {
    const delegate = await call('delegate', 'GET', '/api/v1/user/me');
    expect(delegate.body).toMatchObject({ role: 'DELEGATE', permissions: ['APPROVE_MOVEMENT', 'MANAGE_CONTROL'] });
    expect(delegate.body.proId).toBe(String(await idOf("select id from users where login = 'pro'", [])));
    const client = await call('client', 'GET', '/api/v1/user/me');
    expect(client.body).toMatchObject({ role: 'BASIC', name: 'Mario Rossi', impersonator: null });
    expect(client.body.clientId).toBe(await idOf("select client_id as id from users where login = 'client'", []));
  });
});

describe('tour state', () => {
  test('starts at -1, records steps once each, and is audited', async () => {
    expect((await call('pro2', 'GET', '/api/v1/user/data-tour')).body).toBe('-1');
    expect((await call('pro2', 'PATCH', '/api/v1/user/data-tour', { tourStep: 'addClient' })).body).toBe('addClient');
    expect((await call('pro2', 'PATCH', '/api/v1/user/data-tour', { tourStep: 'overview' })).body).toBe(
      'addClient,overview',
    );
    expect((await call('pro2', 'PATCH', '/api/v1/user/data-tour', { tourStep: 'addClient' })).body).toBe(
      'addClient,overview',
    );
    expect((await call('pro2', 'GET', '/api/v1/user/data-tour')).body).toBe('addClient,overview');
    const { rows } = await t.app.db.query<{ n: number }>(
      "select count(*)::int as n from audit_log where entity = 'tour' and action = 'update'",
    );
    expect(rows[0]!.n).toBe(3);
  });
  test('a bad body answers 400 with the field at fault and changes nothing', async () => {
    const before = (await call('pro', 'GET', '/api/v1/user/data-tour')).body;
    const bad = await call('pro', 'PATCH', '/api/v1/user/data-tour', { tourStep: 'everything' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.map((f: { field: string }) => f.field)).toContain('body.tourStep');
    const extra = await call('pro', 'PATCH', '/api/v1/user/data-tour', { tourStep: 'overview', admin: true });
    expect(extra.status).toBe(400);
    expect((await call('pro', 'GET', '/api/v1/user/data-tour')).body).toBe(before);
  });
});

describe('who sees which client and family', () => {
  let rossi: number;
  let ferrari: number;
  let family: number;
  beforeAll(async () => {
    rossi = await idOf("select id from clients where tax_code = 'RSSMRA80A01H501U'", []);
    ferrari = await idOf("select id from clients where tax_code = 'FRRGNN58T10D612I'", []);
    family = await idOf('select id from families order by id limit 1', []);
  });

  test.each([
    ['admin', true, true],
    ['backoffice', true, true],
    ['pro', true, false],
    ['pro2', false, true],
    ['delegate', true, false],
    ['delegate2', true, false],
    ['client', true, false],
  ] as const)('%s: Rossi visible %s, Ferrari visible %s', async (login, seesRossi, seesFerrari) => {
    const a = await call(login, 'GET', `/api/v1/user/client/${rossi}`);
    expect(a.status).toBe(seesRossi ? 200 : 404);
    if (seesRossi) expect(a.body).toMatchObject({ id: rossi, firstName: 'Mario', lastName: 'Rossi', subscribe: true });
    expect((await call(login, 'GET', `/api/v1/user/client/${ferrari}`)).status).toBe(seesFerrari ? 200 : 404);
  });

  test("an id that does not exist is 404 like another tenant's; a non-numeric id is 400", async () => {
    expect((await call('admin', 'GET', '/api/v1/user/client/999999')).status).toBe(404);
    expect((await call('admin', 'GET', '/api/v1/user/client/abc')).status).toBe(400);
  });

  test.each([
    ['admin', 200],
    ['backoffice', 200],
    ['pro', 200],
    ['delegate', 200],
    ['pro2', 404],
    ['client', 404],
  ] as const)('%s reading the Rossi Bianchi family: %i', async (login, status) => {
    const r = await call(login, 'GET', `/api/v1/family/${family}`);
    expect(r.status).toBe(status);
    if (status === 200) {
      expect(r.body.name).toBe('Famiglia Rossi Bianchi');
      expect(r.body.users).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ name: 'Mario Rossi', weight: 1 }),
          expect.objectContaining({ name: 'Giulia Bianchi', weight: 0.5 }),
        ]),
      );
    }
  });
});
