// Family calls (data-and-admin section 7 "Families"): who may call what on whose family, duplicates, member
// weights and the map body, and bad input that leaves nothing written. One app per file, each role signed in once.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signIn } from '../identity/test-sign-in.ts';
import { callApi, DEMO_LOGINS, type DemoLogin } from '../testing/api-caller.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
const tokens = new Map<string, string>();
const LOGINS = DEMO_LOGINS;
type Login = DemoLogin;
type Tenant = 'pro' | 'pro2';

const ids = { pro: 0, pro2: 0, rossi: 0, bianchi: 0, verdi: 0, ferrari: 0, neri: 0, seedFamily: 0 };
let seq = 0;
const unique = (prefix: string) => `${prefix} ${++seq}`;

beforeAll(async () => {
  t = await createTestApp({ listen: true });
  await Promise.all(
    LOGINS.map(async (login) => tokens.set(login, (await signIn(t.url, login, 'patrimonio')).accessToken)),
  );
  ids.pro = await idOf("select id from users where login = 'pro'");
  ids.pro2 = await idOf("select id from users where login = 'pro2'");
  ids.rossi = await idOf("select id from clients where tax_code = 'RSSMRA80A01H501U'");
  ids.bianchi = await idOf("select id from clients where tax_code = 'BNCGLI75M45F205M'");
  ids.verdi = await idOf("select id from clients where tax_code = 'VRDLCU62C12L219G'");
  ids.ferrari = await idOf("select id from clients where tax_code = 'FRRGNN58T10D612I'");
  // A second client of pro2, so pro2's families have someone to add.
  ids.neri = await idOf(
    "insert into clients (first_name, last_name, created_by) values ('Nadia', 'Neri', $1) returning id",
    [ids.pro2],
  );
  ids.seedFamily = await idOf("select id from families where name = 'Famiglia Rossi Bianchi'");
});
afterAll(async () => {
  await t?.close();
});

function call(login: Login | null, method: string, url: string, body?: unknown) {
  return callApi(t, tokens, login, method, url, body);
}

async function idOf(sql: string, params: unknown[] = []): Promise<number> {
  const { rows } = await t.app.db.query<{ id: number }>(sql, params);
  return Number(rows[0]!.id);
}

/** A family of `owner` with one member (Rossi for pro, Ferrari for pro2), written directly in the database. */
async function fixture(owner: Tenant): Promise<number> {
  const id = await idOf('insert into families (name, created_by) values ($1, $2) returning id', [
    unique(`Fixture ${owner}`),
    ids[owner],
  ]);
  await t.app.db.query('insert into family_members (family_id, client_id, weight) values ($1, $2, 1)', [
    id,
    owner === 'pro' ? ids.rossi : ids.ferrari,
  ]);
  return id;
}

/** The family row and its members as stored, to compare before and after a refused call. */
async function snapshot(id: number) {
  const { rows: f } = await t.app.db.query('select name, created_by, updated_at from families where id = $1', [id]);
  const { rows: m } = await t.app.db.query(
    'select client_id, weight from family_members where family_id = $1 order by client_id',
    [id],
  );
  return { family: f[0] ?? null, members: m };
}

async function counts() {
  const { rows } = await t.app.db.query<{ f: number; m: number; a: number }>(
    `select (select count(*)::int from families) as f, (select count(*)::int from family_members) as m,
            (select count(*)::int from audit_log where entity = 'family') as a`,
  );
  return rows[0]!;
}

const members = (body: { users: { id: number; weight: number }[] }) =>
  Object.fromEntries(body.users.map((u) => [u.id, u.weight]));

/** Which tenants' families each role sees; BASIC sees none and may not call (403), except GET by id (404). */
const SEES: Record<Login, Tenant[]> = {
  admin: ['pro', 'pro2'],
  backoffice: ['pro', 'pro2'],
  pro: ['pro'],
  pro2: ['pro2'],
  delegate: ['pro'],
  delegate2: ['pro'],
  client: [],
};

interface FamilyCall {
  name: string;
  ok: number;
  /** Status for BASIC (403 for every family call but GET by id, kept at 404 for routes.test.ts). */
  basic: number;
  request: (id: number, tenant: Tenant) => [string, string, unknown?];
  /** Checks the effect of an allowed call. */
  effect: (id: number, tenant: Tenant, body: unknown) => Promise<void>;
}

const addable = (tenant: Tenant) => (tenant === 'pro' ? ids.verdi : ids.neri);
const member = (tenant: Tenant) => (tenant === 'pro' ? ids.rossi : ids.ferrari);

const CALLS: FamilyCall[] = [
  {
    name: 'GET /family/{id}',
    ok: 200,
    basic: 404,
    request: (id) => ['GET', `/api/v1/family/${id}`],
    effect: async (id, tenant, body) => {
      expect(body).toMatchObject({ id, users: [{ id: member(tenant), weight: 1 }] });
    },
  },
  {
    name: 'PUT /family/{id}',
    ok: 200,
    basic: 403,
    request: (id) => ['PUT', `/api/v1/family/${id}`, { name: `Renamed ${id}` }],
    effect: async (id, _tenant, body) => {
      expect(body).toMatchObject({ id, name: `Renamed ${id}` });
      expect((await snapshot(id)).family?.name).toBe(`Renamed ${id}`);
    },
  },
  {
    name: 'DELETE /family/{id}',
    ok: 204,
    basic: 403,
    request: (id) => ['DELETE', `/api/v1/family/${id}`],
    effect: async (id) => {
      expect(await snapshot(id)).toEqual({ family: null, members: [] });
    },
  },
  {
    name: 'POST /family/{id}/user',
    ok: 200,
    basic: 403,
    request: (id, tenant) => ['POST', `/api/v1/family/${id}/user`, { usersFamily: { [addable(tenant)]: 2 } }],
    effect: async (_id, tenant, body) => {
      expect(members(body as never)).toEqual({ [member(tenant)]: 1, [addable(tenant)]: 2 });
    },
  },
  {
    name: 'PUT /family/{id}/user',
    ok: 200,
    basic: 403,
    request: (id, tenant) => ['PUT', `/api/v1/family/${id}/user`, { usersFamily: { [addable(tenant)]: null } }],
    effect: async (_id, tenant, body) => {
      expect(members(body as never)).toEqual({ [addable(tenant)]: 1 });
    },
  },
  {
    name: 'POST /family/{id}/user/{clientId}',
    ok: 200,
    basic: 403,
    request: (id, tenant) => ['POST', `/api/v1/family/${id}/user/${addable(tenant)}?weight=3`],
    effect: async (_id, tenant, body) => {
      expect(members(body as never)).toEqual({ [member(tenant)]: 1, [addable(tenant)]: 3 });
    },
  },
  {
    name: 'DELETE /family/{id}/user/{clientId}',
    ok: 200,
    basic: 403,
    request: (id, tenant) => ['DELETE', `/api/v1/family/${id}/user/${member(tenant)}`],
    effect: async (_id, _tenant, body) => {
      expect((body as { users: unknown[] }).users).toEqual([]);
    },
  },
];

describe('access matrix: every call x every role x family of pro / of pro2', () => {
  const cases = CALLS.flatMap((c) =>
    LOGINS.flatMap((login) =>
      (['pro', 'pro2'] as const).map((tenant) => {
        const status = login === 'client' ? c.basic : SEES[login].includes(tenant) ? c.ok : 404;
        return [c.name, login, tenant, status, c] as const;
      }),
    ),
  );

  test.each(cases)('%s as %s on the family of %s: %i', async (_name, login, tenant, status, c) => {
    const id = await fixture(tenant);
    const before = await snapshot(id);
    const audits = (await counts()).a;
    const [method, url, body] = c.request(id, tenant);
    const r = await call(login, method, url, body);
    expect(r.status).toBe(status);
    if (status < 300) {
      await c.effect(id, tenant, r.body);
      if (method !== 'GET') expect((await counts()).a).toBe(audits + 1);
    } else {
      expect(await snapshot(id)).toEqual(before);
      expect((await counts()).a).toBe(audits);
    }
  });

  test.each(LOGINS.map((login) => [login, login === 'client' ? 403 : 200] as const))(
    'GET /family as %s: %i, only the families it may see',
    async (login, status) => {
      const own = { pro: await fixture('pro'), pro2: await fixture('pro2') };
      const r = await call(login, 'GET', '/api/v1/family?size=10000');
      expect(r.status).toBe(status);
      if (status !== 200) return;
      const listed = new Set((r.body.item as { id: number }[]).map((f) => f.id));
      for (const tenant of ['pro', 'pro2'] as const) expect(listed.has(own[tenant])).toBe(SEES[login].includes(tenant));
      expect(r.body.total).toBe(listed.size);
      const { rows } = await t.app.db.query<{ created_by: number | null }>(
        'select created_by from families where id = any($1::bigint[])',
        [[...listed]],
      );
      const owners = new Set(rows.map((x) => x.created_by));
      if (login === 'pro' || login.startsWith('delegate')) expect([...owners]).toEqual([ids.pro]);
      if (login === 'pro2') expect([...owners]).toEqual([ids.pro2]);
    },
  );

  const OWNER: Record<Login, Tenant | null> = {
    admin: null,
    backoffice: null,
    pro: 'pro',
    pro2: 'pro2',
    delegate: 'pro',
    delegate2: 'pro',
    client: null,
  };
  test.each(LOGINS.map((login) => [login, login === 'client' ? 403 : 200, OWNER[login]] as const))(
    'POST /family as %s: %i, owned by %s',
    async (login, status, owner) => {
      const before = await counts();
      const name = unique(`Created by ${login}`);
      const r = await call(login, 'POST', '/api/v1/family', { name });
      expect(r.status).toBe(status);
      if (status !== 200) {
        expect(await counts()).toEqual(before);
        return;
      }
      expect(Object.keys(r.body)).toEqual(['id']);
      const { rows } = await t.app.db.query<{ name: string; created_by: number | null }>(
        'select name, created_by from families where id = $1',
        [r.body.id],
      );
      expect(rows[0]).toEqual({ name, created_by: owner ? ids[owner] : null });
      const got = await call(login, 'GET', `/api/v1/family/${r.body.id}`);
      // The advisor is the owning PRO (issue 13): none for a family of ADMIN or BACK_OFFICE.
      const advisorName = owner
        ? (await t.app.db.query<{ name: string }>('select name from users where id = $1', [ids[owner]])).rows[0]!.name
        : null;
      expect(got.body).toEqual({ id: r.body.id, name, users: [], subscribe: false, trial: false, advisorName });
      expect(await counts()).toEqual({ ...before, f: before.f + 1, a: before.a + 1 });
    },
  );

  test('without a token every family call answers 401', async () => {
    const id = await fixture('pro');
    for (const c of CALLS) {
      const [method, url, body] = c.request(id, 'pro');
      expect((await call(null, method, url, body)).status).toBe(401);
    }
    expect((await call(null, 'GET', '/api/v1/family')).status).toBe(401);
    expect((await call(null, 'POST', '/api/v1/family', { name: 'x' })).status).toBe(401);
  });

  test('an id that does not exist answers 404 like a foreign one', async () => {
    expect((await call('admin', 'GET', '/api/v1/family/999999')).status).toBe(404);
    expect((await call('admin', 'PUT', '/api/v1/family/999999', { name: 'x' })).status).toBe(404);
    expect((await call('admin', 'DELETE', '/api/v1/family/999999')).status).toBe(404);
    expect((await call('admin', 'POST', `/api/v1/family/999999/user/${ids.verdi}`)).status).toBe(404);
  });
});

describe('duplicate names', () => {
  test('the same name for the same owner, any case, answers 409 naming the family', async () => {
    const before = await counts();
    for (const login of ['pro', 'delegate'] as const) {
      const r = await call(login, 'POST', '/api/v1/family', { name: '  famiglia ROSSI bianchi ' });
      expect(r.status).toBe(409);
      expect(r.body).toMatchObject({ statusCode: 409, code: 'duplicate_family' });
      expect(r.body.message).toContain('Famiglia Rossi Bianchi');
    }
    expect(await counts()).toEqual(before);
  });

  test('another owner may use the name; staff families (no owner) are unique among themselves', async () => {
    const r = await call('pro2', 'POST', '/api/v1/family', { name: 'Famiglia Rossi Bianchi' });
    expect(r.status).toBe(200);
    expect((await call('admin', 'POST', '/api/v1/family', { name: 'Famiglia di sede' })).status).toBe(200);
    const dup = await call('backoffice', 'POST', '/api/v1/family', { name: 'FAMIGLIA DI SEDE' });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toContain('Famiglia di sede');
  });

  test('concurrent creations of one name: one 200, the others 409 (the unique index backs the check)', async () => {
    const name = unique('Concurrent');
    const results = await Promise.all(
      (['pro', 'delegate', 'delegate2', 'pro', 'delegate'] as const).map((login) =>
        call(login, 'POST', '/api/v1/family', { name }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
    for (const r of results.filter((x) => x.status === 409)) {
      expect(r.body).toMatchObject({ code: 'duplicate_family' });
      expect(r.body.message).toContain(name);
    }
  });

  test('renaming onto another family of the owner answers 409; a change of case of its own name is fine', async () => {
    const id = await fixture('pro');
    const before = await snapshot(id);
    const r = await call('pro', 'PUT', `/api/v1/family/${id}`, { name: 'famiglia rossi bianchi' });
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ code: 'duplicate_family' });
    expect(r.body.message).toContain('Famiglia Rossi Bianchi');
    expect(await snapshot(id)).toEqual(before);
    // An admin renaming a PRO's family is checked against that PRO's names.
    expect((await call('admin', 'PUT', `/api/v1/family/${id}`, { name: 'Famiglia Rossi Bianchi' })).status).toBe(409);
    const own = await call('pro', 'PUT', `/api/v1/family/${ids.seedFamily}`, { name: ' FAMIGLIA Rossi Bianchi ' });
    expect(own.status).toBe(200);
    expect(own.body.name).toBe('FAMIGLIA Rossi Bianchi');
    expect(
      (await call('pro', 'PUT', `/api/v1/family/${ids.seedFamily}`, { name: 'Famiglia Rossi Bianchi' })).status,
    ).toBe(200);
  });
});

describe('members and weights', () => {
  test('the map body: POST adds (null and default weight 1), PUT replaces', async () => {
    const id = await fixture('pro');
    const add = await call('pro', 'POST', `/api/v1/family/${id}/user`, {
      usersFamily: { [ids.bianchi]: 0.5, [ids.verdi]: null },
    });
    expect(add.status).toBe(200);
    expect(members(add.body)).toEqual({ [ids.rossi]: 1, [ids.bianchi]: 0.5, [ids.verdi]: 1 });
    expect(add.body.users.map((u: { name: string }) => u.name)).toEqual([
      'Giulia Bianchi',
      'Luca Verdi',
      'Mario Rossi',
    ]);
    expect(add.body).toMatchObject({ subscribe: true, trial: true });
    // Adding an existing member updates its weight.
    const again = await call('delegate', 'POST', `/api/v1/family/${id}/user`, { usersFamily: { [ids.rossi]: 2.25 } });
    expect(members(again.body)).toEqual({ [ids.rossi]: 2.25, [ids.bianchi]: 0.5, [ids.verdi]: 1 });
    const put = await call('pro', 'PUT', `/api/v1/family/${id}/user`, { usersFamily: { [ids.verdi]: 3 } });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ users: [{ id: ids.verdi, name: 'Luca Verdi', weight: 3 }], subscribe: false });
    const empty = await call('pro', 'PUT', `/api/v1/family/${id}/user`, { usersFamily: {} });
    expect(empty.body).toMatchObject({ users: [], subscribe: false, trial: false });
    expect((await call('pro', 'GET', `/api/v1/family/${id}`)).body.users).toEqual([]);
  });

  test('one member: weight defaults to 1, can be updated, and removal of a non-member is 404', async () => {
    const id = await fixture('pro');
    const r = await call('pro', 'POST', `/api/v1/family/${id}/user/${ids.verdi}`);
    expect(members(r.body)).toEqual({ [ids.rossi]: 1, [ids.verdi]: 1 });
    const w = await call('pro', 'POST', `/api/v1/family/${id}/user/${ids.verdi}?weight=0.75`);
    expect(members(w.body)).toEqual({ [ids.rossi]: 1, [ids.verdi]: 0.75 });
    const del = await call('pro', 'DELETE', `/api/v1/family/${id}/user/${ids.verdi}`);
    expect(members(del.body)).toEqual({ [ids.rossi]: 1 });
    expect((await call('pro', 'DELETE', `/api/v1/family/${id}/user/${ids.verdi}`)).status).toBe(404);
  });

  test('a client the caller may not see answers 404 and nothing is written', async () => {
    const id = await fixture('pro');
    const before = await snapshot(id);
    const c = await counts();
    for (const [login, foreign] of [
      ['pro', ids.ferrari],
      ['delegate', ids.neri],
      ['admin', 999999],
    ] as const) {
      const map = { usersFamily: { [ids.verdi]: 1, [foreign]: 1 } };
      expect((await call(login, 'POST', `/api/v1/family/${id}/user`, map)).status).toBe(404);
      expect((await call(login, 'PUT', `/api/v1/family/${id}/user`, map)).status).toBe(404);
      expect((await call(login, 'POST', `/api/v1/family/${id}/user/${foreign}`)).status).toBe(404);
    }
    expect(await snapshot(id)).toEqual(before);
    expect(await counts()).toEqual(c);
  });

  test('every write is audited with the family before and after', async () => {
    const id = await fixture('pro');
    await call('delegate2', 'POST', `/api/v1/family/${id}/user/${ids.verdi}?weight=2`);
    const { rows } = await t.app.db.query<{ action: string; actor_role: string; before: unknown; after: unknown }>(
      "select action, actor_role, before, after from audit_log where entity = 'family' and entity_id = $1",
      [String(id)],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'set_member',
      actor_role: 'DELEGATE',
      before: { id, users: [{ id: ids.rossi, weight: 1 }] },
      after: { id, users: expect.arrayContaining([{ id: ids.verdi, name: 'Luca Verdi', weight: 2 }]) },
    });
  });

  test('deleting a family removes its members and answers 204 with no body', async () => {
    const id = await fixture('pro2');
    const r = await call('pro2', 'DELETE', `/api/v1/family/${id}`);
    expect(r).toEqual({ status: 204, body: '' });
    expect(await snapshot(id)).toEqual({ family: null, members: [] });
    expect((await call('pro2', 'GET', `/api/v1/family/${id}`)).status).toBe(404);
  });
});

describe('the list: q, page, size, sort', () => {
  let alfa: number;
  beforeAll(async () => {
    for (const name of ['Paging Beta', 'Paging Alfa', 'Paging Gamma']) {
      const r = await call('pro2', 'POST', '/api/v1/family', { name });
      if (name === 'Paging Alfa') alfa = r.body.id;
    }
  });
  const names = (body: { item: { name: string }[] }) => body.item.map((f) => f.name);

  test('defaults: page 1, size 10, most recently updated first', async () => {
    await call('pro2', 'POST', `/api/v1/family/${alfa}/user/${ids.neri}`);
    const r = await call('pro2', 'GET', '/api/v1/family?q=paging');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ total: 3, page: 1, size: 10 });
    expect(names(r.body)).toEqual(['Paging Alfa', 'Paging Gamma', 'Paging Beta']);
    expect(r.body.item[0]).toMatchObject({ users: [{ id: ids.neri, name: 'Nadia Neri', weight: 1 }] });
  });

  test('pages and name sorts', async () => {
    const p1 = await call('pro2', 'GET', '/api/v1/family?q=Paging&sort=name,asc&size=2&page=1');
    expect(p1.body).toMatchObject({ total: 3, page: 1, size: 2 });
    expect(names(p1.body)).toEqual(['Paging Alfa', 'Paging Beta']);
    const p2 = await call('pro2', 'GET', '/api/v1/family?q=Paging&sort=name,asc&size=2&page=2');
    expect(names(p2.body)).toEqual(['Paging Gamma']);
    const desc = await call('pro2', 'GET', '/api/v1/family?q=Paging&sort=name,desc&size=10000');
    expect(names(desc.body)).toEqual(['Paging Gamma', 'Paging Beta', 'Paging Alfa']);
    const past = await call('pro2', 'GET', '/api/v1/family?q=Paging&page=9');
    expect(past.body).toMatchObject({ item: [], total: 3, page: 9 });
  });

  test('q matches member names too, and its wildcards are literal', async () => {
    const byMember = await call('pro2', 'GET', '/api/v1/family?q=neri&size=10000');
    expect(names(byMember.body)).toContain('Paging Alfa');
    expect(names(byMember.body)).not.toContain('Paging Beta');
    expect((await call('pro2', 'GET', '/api/v1/family?q=%25')).body.total).toBe(0);
    expect((await call('pro', 'GET', '/api/v1/family?q=Paging')).body.total).toBe(0);
  });
});

describe('bad input answers 400 with the fields at fault and writes nothing', () => {
  let id: number;
  beforeAll(async () => {
    id = await fixture('pro');
  });
  const BAD: [string, string, () => string, unknown, string][] = [
    ['create without name', 'POST', () => '/api/v1/family', {}, 'body.name'],
    ['create with an empty name', 'POST', () => '/api/v1/family', { name: '' }, 'body.name'],
    ['create with a blank name', 'POST', () => '/api/v1/family', { name: '   ' }, 'body.name'],
    ['create with an object name', 'POST', () => '/api/v1/family', { name: {} }, 'body.name'],
    ['create with an extra field', 'POST', () => '/api/v1/family', { name: 'Ok', owner: 1 }, 'body.owner'],
    ['create with a long name', 'POST', () => '/api/v1/family', { name: 'x'.repeat(201) }, 'body.name'],
    ['rename to blank', 'PUT', () => `/api/v1/family/${id}`, { name: ' ' }, 'body.name'],
    ['rename with an extra field', 'PUT', () => `/api/v1/family/${id}`, { name: 'Ok', id: 3 }, 'body.id'],
    ['rename a non-numeric id', 'PUT', () => '/api/v1/family/abc', { name: 'Ok' }, 'params.id'],
    ['delete id 0', 'DELETE', () => '/api/v1/family/0', undefined, 'params.id'],
    ['members without map', 'POST', () => `/api/v1/family/${id}/user`, {}, 'body.usersFamily'],
    ['members as a list', 'POST', () => `/api/v1/family/${id}/user`, { usersFamily: [1] }, 'body.usersFamily'],
    [
      'members with a non-numeric key',
      'POST',
      () => `/api/v1/family/${id}/user`,
      { usersFamily: { abc: 1 } },
      'body.usersFamily',
    ],
    [
      'members with weight 0 next to a good one',
      'POST',
      () => `/api/v1/family/${id}/user`,
      { usersFamily: { [ids.verdi]: 1, [ids.bianchi]: 0 } },
      `body.usersFamily.${ids.bianchi}`,
    ],
    [
      'members with a negative weight',
      'PUT',
      () => `/api/v1/family/${id}/user`,
      { usersFamily: { [ids.verdi]: -1 } },
      `body.usersFamily.${ids.verdi}`,
    ],
    [
      'members with a text weight',
      'PUT',
      () => `/api/v1/family/${id}/user`,
      { usersFamily: { [ids.verdi]: 'heavy' } },
      `body.usersFamily.${ids.verdi}`,
    ],
    [
      'members with a huge weight',
      'PUT',
      () => `/api/v1/family/${id}/user`,
      { usersFamily: { [ids.verdi]: 1e9 } },
      `body.usersFamily.${ids.verdi}`,
    ],
    [
      'members with an extra field',
      'PUT',
      () => `/api/v1/family/${id}/user`,
      { usersFamily: {}, replace: true },
      'body.replace',
    ],
    ['one member, weight 0', 'POST', () => `/api/v1/family/${id}/user/${ids.verdi}?weight=0`, undefined, 'querystring'],
    [
      'one member, weight -2',
      'POST',
      () => `/api/v1/family/${id}/user/${ids.verdi}?weight=-2`,
      undefined,
      'querystring',
    ],
    [
      'one member, weight abc',
      'POST',
      () => `/api/v1/family/${id}/user/${ids.verdi}?weight=abc`,
      undefined,
      'querystring',
    ],
    [
      'one member, unknown query',
      'POST',
      () => `/api/v1/family/${id}/user/${ids.verdi}?w=2`,
      undefined,
      'querystring.w',
    ],
    ['one member, bad client id', 'POST', () => `/api/v1/family/${id}/user/x1`, undefined, 'params.clientId'],
    [
      'remove member, bad family id',
      'DELETE',
      () => `/api/v1/family/-1/user/${ids.rossi}`,
      undefined,
      'params.familyId',
    ],
    ['list page 0', 'GET', () => '/api/v1/family?page=0', undefined, 'querystring.page'],
    ['list size 0', 'GET', () => '/api/v1/family?size=0', undefined, 'querystring.size'],
    ['list size 10001', 'GET', () => '/api/v1/family?size=10001', undefined, 'querystring.size'],
    ['list unknown sort', 'GET', () => '/api/v1/family?sort=owner,asc', undefined, 'querystring.sort'],
    ['list unknown parameter', 'GET', () => '/api/v1/family?fromDate=2020-01-01', undefined, 'querystring.fromDate'],
  ];

  test.each(BAD)('%s', async (_label, method, url, body, field) => {
    const before = await counts();
    const family = await snapshot(id);
    const r = await call('pro', method, url(), body);
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('VALIDATION');
    const fields = (r.body.fields as { field: string }[]).map((f) => f.field);
    expect(fields.some((f) => f.startsWith(field))).toBe(true);
    expect(await counts()).toEqual(before);
    expect(await snapshot(id)).toEqual(family);
  });
});
