// The advisor of GET /user/client/{id} and GET /family/{id} (issue 13: a DELEGATE's report named the assistant on
// the cover): the PRO the client or family belongs to, as each demo role may know it, and never another tenant's
// PRO, not even for a client shared between two PROs.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signIn } from '../identity/test-sign-in.ts';
import { callApi, DEMO_LOGINS, type DemoLogin } from '../testing/api-caller.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
const tokens = new Map<string, string>();
const ids: Record<string, number> = {};
const names: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ listen: true });
  for (const login of DEMO_LOGINS) tokens.set(login, (await signIn(t.url, login, 'patrimonio')).accessToken);
  const { rows: users } = await t.app.db.query<{ login: string; id: number; name: string }>(
    'select login, id, name from users',
  );
  for (const u of users) {
    ids[u.login] = Number(u.id);
    names[u.login] = u.name;
  }
  const client = async (taxCode: string) =>
    Number((await t.app.db.query<{ id: number }>('select id from clients where tax_code = $1', [taxCode])).rows[0]!.id);
  ids.rossi = await client('RSSMRA80A01H501U'); // created by pro; the BASIC demo account is this client
  ids.ferrari = await client('FRRGNN58T10D612I'); // created by pro2
  const family = await t.app.db.query<{ id: number }>('select id from families where created_by = $1 order by id', [
    ids.pro,
  ]);
  ids.family = Number(family.rows[0]!.id);
});
afterAll(async () => {
  await t?.close();
});

const call = (login: DemoLogin, url: string) => callApi(t, tokens, login, 'GET', url);
const client = (login: DemoLogin, id: number) => call(login, `/api/v1/user/client/${id}`);

async function insert(sql: string, params: unknown[]): Promise<number> {
  return Number((await t.app.db.query<{ id: number }>(sql, params)).rows[0]!.id);
}

describe('GET /user/client/{id}: advisorName', () => {
  test('the demo names differ, so that each answer below says whose name it is', () => {
    const distinct = new Set(['pro', 'pro2', 'delegate', 'delegate2', 'admin', 'backoffice'].map((l) => names[l]));
    expect(distinct.size).toBe(6);
  });

  test.each([
    ['pro', 'pro'],
    ['delegate', 'pro'],
    ['delegate2', 'pro'],
    ['admin', 'pro'],
    ['backoffice', 'pro'],
  ] as const)("%s: Rossi's advisor is %s", async (login, advisor) => {
    const r = await client(login, ids.rossi!);
    expect(r.status).toBe(200);
    expect(r.body.advisorName).toBe(names[advisor]);
  });

  test('a DELEGATE gets its PRO, never its own name', async () => {
    const r = await client('delegate', ids.rossi!);
    expect(r.body.advisorName).not.toBe(names.delegate);
  });

  test("BASIC: its own record, no advisor (the cover hides it); another tenant's client stays 404", async () => {
    const own = await client('client', ids.rossi!);
    expect(own.status).toBe(200);
    expect(own.body.advisorName).toBeNull();
    expect((await client('client', ids.ferrari!)).status).toBe(404);
  });

  test("pro2's client: pro2 for pro2 and staff; 404 without a name for pro and its delegates", async () => {
    expect((await client('pro2', ids.ferrari!)).body.advisorName).toBe(names.pro2);
    expect((await client('admin', ids.ferrari!)).body.advisorName).toBe(names.pro2);
    for (const login of ['pro', 'delegate', 'delegate2'] as const) {
      const r = await client(login, ids.ferrari!);
      expect(r.status).toBe(404);
      expect(JSON.stringify(r.body)).not.toContain(names.pro2);
    }
  });

  test("a client pro2 created and assigned to pro: pro's side names pro, never pro2; staff name the creator", async () => {
    const shared = await insert("insert into clients (last_name, created_by) values ('Condiviso', $1) returning id", [
      ids.pro2,
    ]);
    await t.app.db.query('insert into client_advisers (client_id, pro_id) values ($1, $2)', [shared, ids.pro]);
    for (const login of ['pro', 'delegate', 'delegate2'] as const) {
      const r = await client(login, shared);
      expect(r.status).toBe(200);
      expect(r.body.advisorName).toBe(names.pro);
      expect(JSON.stringify(r.body)).not.toContain(names.pro2);
    }
    expect((await client('pro2', shared)).body.advisorName).toBe(names.pro2);
    expect((await client('backoffice', shared)).body.advisorName).toBe(names.pro2);
  });

  test('a client no PRO created: staff name the PRO it is assigned to, or none', async () => {
    const assigned = await insert("insert into clients (last_name, created_by) values ('Assegnato', $1) returning id", [
      ids.admin,
    ]);
    await t.app.db.query('insert into client_advisers (client_id, pro_id) values ($1, $2)', [assigned, ids.pro2]);
    expect((await client('admin', assigned)).body.advisorName).toBe(names.pro2);
    expect((await client('pro2', assigned)).body.advisorName).toBe(names.pro2);
    const orphan = await insert("insert into clients (last_name) values ('Orfano') returning id", []);
    const r = await client('admin', orphan);
    expect(r.status).toBe(200);
    expect(r.body.advisorName).toBeNull();
  });
});

describe('GET /family/{id}: advisorName', () => {
  test.each([
    ['pro', 'pro'],
    ['delegate', 'pro'],
    ['delegate2', 'pro'],
    ['admin', 'pro'],
    ['backoffice', 'pro'],
  ] as const)('%s: the family of pro names %s', async (login, advisor) => {
    const r = await call(login, `/api/v1/family/${ids.family}`);
    expect(r.status).toBe(200);
    expect(r.body.advisorName).toBe(names[advisor]);
  });

  test("another tenant's family is 404 without a name; a family of no PRO names none", async () => {
    const r = await call('pro2', `/api/v1/family/${ids.family}`);
    expect(r.status).toBe(404);
    expect(JSON.stringify(r.body)).not.toContain(names.pro);
    const ownerless = await insert("insert into families (name) values ('Famiglia senza consulente') returning id", []);
    const staff = await call('admin', `/api/v1/family/${ownerless}`);
    expect(staff.status).toBe(200);
    expect(staff.body.advisorName).toBeNull();
  });
});
