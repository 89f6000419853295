// Route tests for clients: list, read, edit, delete, add (with the Italian id checks and duplicates) and
// invitations, signed in as each demo account; who may do what on their own and on another tenant's clients.

import { taxCodeCheckChar } from '@patrimonio/shared-api';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { findOpenInvitation, hashLinkToken } from '../data/invitations.ts';
import { vat as vatOf } from '../db/demo/ids.ts';
import { signIn } from '../identity/test-sign-in.ts';
import { callApi, DEMO_LOGINS, type DemoLogin } from '../testing/api-caller.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
const tokens = new Map<string, string>();
const LOGINS = DEMO_LOGINS;
type Login = DemoLogin;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp({ listen: true });
  for (const login of LOGINS) tokens.set(login, (await signIn(t.url, login, 'patrimonio')).accessToken);
  const { rows: users } = await t.app.db.query<{ login: string; id: number }>('select login, id from users');
  for (const u of users) ids[u.login] = Number(u.id);
  const { rows: clients } = await t.app.db.query<{ tax_code: string; id: number }>('select tax_code, id from clients');
  const byCode = new Map(clients.map((c) => [c.tax_code, Number(c.id)]));
  ids.rossi = byCode.get('RSSMRA80A01H501U')!;
  ids.bianchi = byCode.get('BNCGLI75M45F205M')!;
  ids.verdi = byCode.get('VRDLCU62C12L219G')!;
  ids.ferrari = byCode.get('FRRGNN58T10D612I')!;
});
afterAll(async () => {
  await t?.close();
});

function call(login: Login | null, method: string, url: string, body?: unknown) {
  return callApi(t, tokens, login, method, url, body);
}

async function one<T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T> {
  return (await t.app.db.query<T>(sql, params)).rows[0]!;
}

const TABLES = ['clients', 'audit_log', 'mail_outbox', 'client_invitations'] as const;
async function counts(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of TABLES) out[table] = (await one<{ n: number }>(`select count(*)::int as n from ${table}`)).n;
  return out;
}

/** A valid tax code, different for each n (0-899). */
function taxCode(n: number): string {
  const surname = String.fromCharCode(65 + (n % 26), 65 + (Math.floor(n / 26) % 26), 65 + Math.floor(n / 676));
  const first15 = `${surname}TST80A${String((n % 28) + 1).padStart(2, '0')}H501`;
  return first15 + taxCodeCheckChar(first15);
}
let nextCode = 100;

/** A client owned by the given PRO, inserted directly. */
async function insertClient(proLogin: 'pro' | 'pro2', lastName: string): Promise<number> {
  const r = await one<{ id: number }>(
    'insert into clients (last_name, tax_code, created_by) values ($1, $2, $3) returning id',
    [lastName, taxCode(nextCode++), ids[proLogin]],
  );
  return Number(r.id);
}

describe('GET /user/client (list)', () => {
  test.each([
    ['admin', 200, 4],
    ['backoffice', 200, 4],
    ['pro', 200, 3],
    ['pro2', 200, 1],
    ['delegate', 200, 3],
    ['delegate2', 200, 3],
  ] as const)('%s: %i with at least the seeded clients it may see', async (login, status, seen) => {
    const r = await call(login, 'GET', '/api/v1/user/client?size=10000');
    expect(r.status).toBe(status);
    expect(r.body.total).toBeGreaterThanOrEqual(seen);
    expect(r.body.item.length).toBe(r.body.total);
    const listed = r.body.item.map((c: { id: number }) => c.id);
    expect(listed.includes(ids.ferrari)).toBe(login === 'admin' || login === 'backoffice' || login === 'pro2');
    expect(listed.includes(ids.rossi)).toBe(login !== 'pro2');
  });

  test('BASIC may not list', async () => {
    const r = await call('client', 'GET', '/api/v1/user/client');
    expect(r.status).toBe(403);
    expect(r.body.message).toBe('BASIC users do not fetch client or family lists');
  });

  test('defaults: page 1, size 10, updatedAt desc', async () => {
    const r = await call('admin', 'GET', '/api/v1/user/client');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ page: 1, size: 10 });
    const { rows } = await t.app.db.query<{ id: number }>(
      'select id from clients order by updated_at desc, id desc limit 10',
    );
    expect(r.body.item.map((c: { id: number }) => c.id)).toEqual(rows.map((x) => Number(x.id)));
  });

  test('q searches names, tax code, vat and email; paging and sort by name', async () => {
    expect((await call('pro', 'GET', '/api/v1/user/client?q=bnc')).body.item[0].id).toBe(ids.bianchi);
    expect(
      (await call('pro', 'GET', '/api/v1/user/client?q=mario.rossi@')).body.item.map((c: { id: number }) => c.id),
    ).toEqual([ids.rossi]);
    expect((await call('pro', 'GET', '/api/v1/user/client?q=Rossi%20Mario')).body.total).toBe(1);
    expect((await call('pro', 'GET', '/api/v1/user/client?q=Ferrari')).body.total).toBe(0);
    expect((await call('pro', 'GET', '/api/v1/user/client?q=%25')).body.total).toBe(0);
    const sorted = await call('admin', 'GET', '/api/v1/user/client?sort=lastName,asc&size=2&page=1&q=i');
    expect(sorted.status).toBe(200);
    const names = sorted.body.item.map((c: { lastName: string }) => c.lastName);
    expect(names).toEqual([...names].sort());
    expect(sorted.body.item.length).toBeLessThanOrEqual(2);
  });

  test('fromDate keeps the clients updated since', async () => {
    expect((await call('admin', 'GET', '/api/v1/user/client?fromDate=2100-12-31')).body.total).toBe(0);
    expect((await call('admin', 'GET', '/api/v1/user/client?fromDate=2000-01-01%2010:00')).body.total).toBeGreaterThan(
      3,
    );
  });

  test.each([
    ['sort=password,asc', 'querystring.sort'],
    ['size=0', 'querystring.size'],
    ['size=10001', 'querystring.size'],
    ['page=0', 'querystring.page'],
    ['fromDate=yesterday', 'querystring.fromDate'],
    ['fromDate=2024-02-30', 'querystring.fromDate'],
    ['fromDate=2999-01-01', 'querystring.fromDate'],
    ['role=ADMIN', 'querystring.role'],
  ])('%s answers 400 naming %s', async (qs, field) => {
    const r = await call('admin', 'GET', `/api/v1/user/client?${qs}`);
    expect(r.status).toBe(400);
    expect(r.body.fields.map((f: { field: string }) => f.field)).toContain(field);
  });
});

describe('access matrix: own (Rossi, pro) vs foreign (Ferrari, pro2)', () => {
  // [login, own status, foreign status] for reads, edits, company edits (Rossi and Ferrari are people), deletes
  // and invitations (Verdi instead of Rossi, who already has an account).
  const matrix = [
    ['admin', 200, 200],
    ['backoffice', 200, 200],
    ['pro', 200, 404],
    ['pro2', 404, 200],
    ['delegate', 200, 404],
    ['delegate2', 200, 404],
  ] as const;

  test.each([...matrix, ['client', 200, 404] as const])('%s GET: own %i, foreign %i', async (login, own, foreign) => {
    expect((await call(login, 'GET', `/api/v1/user/client/${ids.rossi}`)).status).toBe(own);
    expect((await call(login, 'GET', `/api/v1/user/client/${ids.ferrari}`)).status).toBe(foreign);
  });

  test.each([...matrix, ['client', 403, 403] as const])('%s PUT: own %i, foreign %i', async (login, own, foreign) => {
    const body = { mobile: '333 1234567', prefix: '+39' };
    const a = await call(login, 'PUT', `/api/v1/user/client/${ids.rossi}`, body);
    expect(a.status).toBe(own);
    if (own === 200) expect(a.body).toMatchObject({ id: ids.rossi, mobile: '333 1234567', prefix: '+39' });
    expect((await call(login, 'PUT', `/api/v1/user/client/${ids.ferrari}`, body)).status).toBe(foreign);
  });

  test.each([...matrix, ['client', 403, 403] as const])(
    '%s PUT /company on people: own %i -> 400 when visible, foreign %i -> 400 when visible',
    async (login, own, foreign) => {
      const a = await call(login, 'PUT', `/api/v1/user/client/${ids.rossi}/company`, { companyName: 'X' });
      expect(a.status).toBe(own === 200 ? 400 : own);
      if (own === 200) expect(a.body.code).toBe('not_a_company');
      const b = await call(login, 'PUT', `/api/v1/user/client/${ids.ferrari}/company`, { companyName: 'X' });
      expect(b.status).toBe(foreign === 200 ? 400 : foreign);
    },
  );

  test.each([...matrix, ['client', 403, 403] as const])(
    '%s DELETE: own %i, foreign %i',
    async (login, own, foreign) => {
      const mine = await insertClient('pro', `Own${login}`);
      const theirs = await insertClient('pro2', `Foreign${login}`);
      expect((await call(login, 'DELETE', `/api/v1/user/client/${mine}`)).status).toBe(own);
      expect((await call(login, 'DELETE', `/api/v1/user/client/${theirs}`)).status).toBe(foreign);
      const left = await one<{ n: number }>('select count(*)::int as n from clients where id in ($1, $2)', [
        mine,
        theirs,
      ]);
      expect(left.n).toBe(2 - (own === 200 ? 1 : 0) - (foreign === 200 ? 1 : 0));
    },
  );

  test.each([...matrix, ['client', 403, 403] as const])(
    '%s invite: own %i, foreign %i',
    async (login, own, foreign) => {
      const a = await call(login, 'PATCH', `/api/v1/user/client/${ids.verdi}/invite`, {
        email: 'luca.verdi@example.it',
      });
      expect(a.status).toBe(own);
      if (own === 200) expect(a.body).toEqual({ sent: true, email: 'luca.verdi@example.it' });
      expect((await call(login, 'GET', `/api/v1/user/client/${ids.verdi}/invite`)).status).toBe(own);
      const b = await call(login, 'PATCH', `/api/v1/user/client/${ids.ferrari}/invite`, {
        email: 'g.ferrari@example.it',
      });
      expect(b.status).toBe(foreign);
    },
  );

  test.each([
    ['admin', 200, null],
    ['backoffice', 200, null],
    ['pro', 200, 'pro'],
    ['pro2', 200, 'pro2'],
    ['delegate', 200, 'pro'],
    ['delegate2', 200, 'pro'],
    ['client', 403, null],
  ] as const)('%s adds a person: %i, owner %s', async (login, status, owner) => {
    const code = taxCode(nextCode++);
    const r = await call(login, 'POST', `/api/v1/client/empty/${code}`, { firstName: 'Nuovo', lastName: login });
    expect(r.status).toBe(status);
    if (status !== 200) return;
    expect(r.body).toMatchObject({ taxCode: code, firstName: 'Nuovo', company: false, trial: true, subscribe: false });
    const row = await one<{ created_by: number | null; days: number }>(
      'select created_by, trial_until - current_date as days from clients where id = $1',
      [r.body.id],
    );
    expect(row.created_by === null ? null : Number(row.created_by)).toBe(owner ? ids[owner] : null);
    expect(row.days).toBe(30);
    // The adder (or their PRO's team) sees the new client.
    expect((await call(login, 'GET', `/api/v1/user/client/${r.body.id}`)).status).toBe(200);
  });

  test.each(['admin', 'pro', 'delegate', 'client'] as const)('%s: an id that does not exist', async (login) => {
    const expected = login === 'client' ? 403 : 404;
    expect((await call(login, 'PUT', '/api/v1/user/client/999999', { mobile: '3331234567' })).status).toBe(expected);
    expect((await call(login, 'DELETE', '/api/v1/user/client/999999')).status).toBe(expected);
    expect((await call(login, 'GET', '/api/v1/user/client/999999/invite')).status).toBe(expected);
  });
});

describe('adding clients', () => {
  test('person: a duplicate tax code answers 409 naming the client (for those who see it)', async () => {
    const before = await counts();
    const r = await call('pro', 'POST', '/api/v1/client/empty/rssmra80a01h501u');
    expect(r.status).toBe(409);
    expect(r.body.code).toBe('duplicate_client');
    expect(r.body.message).toContain('Mario Rossi');
    // Another adviser's client: not "already present" but the one cross-tenant answer.
    const other = await call('pro2', 'POST', '/api/v1/client/empty/RSSMRA80A01H501U');
    expect(other.status).toBe(409);
    expect(other.body.code).toBe('cannot_be_added');
    expect(other.body.message).toBe('This client cannot be added');
    expect(await counts()).toEqual(before);
  });

  test('every reason involving another tenant gets the same "cannot be added" answer: validation, adds, edits', async () => {
    // The codes pro2 may not add: pro's client with an account (Mario Rossi), pro's client without one, a client the
    // back office holds for no adviser; companies by VAT number (pro's, the back office's) and by registry id.
    const unassigned = taxCode(nextCode++);
    await t.app.db.query("insert into clients (last_name, tax_code) values ('Senza Consulente', $1)", [unassigned]);
    const withoutAccount = await one<{ tax_code: string }>('select tax_code from clients where id = $1', [
      await insertClient('pro', 'SenzaAccount'),
    ]);
    const [proVat, officeVat] = [vatOf('0880000001'), vatOf('0880000002')];
    await t.app.db.query(
      `insert into clients (company, company_name, vat, atoka_id, created_by)
       values (true, 'Ditta Pro S.r.l.', $1, 'atk-pro', $3), (true, 'Ditta Ufficio S.r.l.', $2, null, null)`,
      [proVat, officeVat, ids.pro],
    );
    const people = ['RSSMRA80A01H501U', withoutAccount.tax_code, unassigned];
    const companies = [{ vat: proVat }, { vat: officeVat }, { atokaId: 'atk-pro' }];
    const before = await counts();

    const validations = [
      ...(await Promise.all(
        people.map((taxCode) => call('pro2', 'POST', '/api/v1/client/validate/user', { taxCode })),
      )),
      ...(await Promise.all(companies.map((b) => call('pro2', 'POST', '/api/v1/client/validate/company', b)))),
    ];
    for (const v of validations) {
      expect(v.status).toBe(200);
      expect(v.body).toEqual({ valid: false, reason: 'cannot_be_added', existingClient: null });
    }

    const adds = [
      ...(await Promise.all(people.map((code) => call('pro2', 'POST', `/api/v1/client/empty/${code}`, {})))),
      await call('pro2', 'POST', `/api/v1/client/company/empty/${proVat}`),
      await call('pro2', 'POST', `/api/v1/client/company/empty/${officeVat}`),
      await call('pro2', 'POST', '/api/v1/client/company/empty/', { atokaId: 'atk-pro' }),
    ];
    const answer = { status: adds[0]!.status, body: adds[0]!.body };
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ code: 'cannot_be_added', message: 'This client cannot be added' });
    for (const a of adds) expect({ status: a.status, body: a.body }).toEqual(answer);

    // Editing one's own client to another tenant's code: the same answer.
    const edit = await call('pro2', 'PUT', `/api/v1/user/client/${ids.ferrari}`, { taxCode: 'RSSMRA80A01H501U' });
    expect({ status: edit.status, body: edit.body }).toEqual(answer);
    // A delegate of pro, on pro2's client and on the back office's: the same again.
    for (const code of ['FRRGNN58T10D612I', unassigned]) {
      const r = await call('delegate2', 'POST', `/api/v1/client/empty/${code}`, {});
      expect({ status: r.status, body: r.body }).toEqual(answer);
    }
    expect(await counts()).toEqual(before);

    // The caller's own client keeps the spec's 409 naming it; staff see every client, so theirs is named too.
    const own = await call('pro', 'POST', `/api/v1/client/empty/${withoutAccount.tax_code}`, {});
    expect(own.body).toMatchObject({ code: 'duplicate_client' });
    expect(own.body.message).toContain('SenzaAccount');
    const staff = await call('admin', 'POST', '/api/v1/client/validate/user', { taxCode: unassigned });
    expect(staff.body).toMatchObject({ reason: 'duplicate_client', existingClient: { name: 'Senza Consulente' } });
  });

  test('person without a body: only the tax code, lower case normalized', async () => {
    const code = taxCode(nextCode++);
    const r = await call('pro', 'POST', `/api/v1/client/empty/${code.toLowerCase()}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ taxCode: code, firstName: null, lastName: null, trial: true });
    const audited = await one<{ action: string }>(
      "select action from audit_log where entity = 'client' and entity_id = $1",
      [String(r.body.id)],
    );
    expect(audited.action).toBe('create');
  });

  test('company from a vat, then duplicates; from atokaId with an empty vat', async () => {
    const r = await call('pro', 'POST', '/api/v1/client/company/empty/IT12345678903', {
      companyName: 'Esempio S.r.l.',
      email: 'info@esempio.it',
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ vat: '12345678903', companyName: 'Esempio S.r.l.', company: true, trial: true });
    const dup = await call('delegate', 'POST', '/api/v1/client/company/empty/12345678903');
    expect(dup.status).toBe(409);
    expect(dup.body.message).toContain('Esempio S.r.l.');
    const atoka = await call('pro2', 'POST', '/api/v1/client/company/empty/', {
      atokaId: 'atk-1',
      companyName: 'Atoka',
    });
    expect(atoka.status).toBe(200);
    expect(atoka.body).toMatchObject({ vat: null, atokaId: 'atk-1', company: true });
    expect((await call('pro2', 'POST', '/api/v1/client/company/empty/', { atokaId: 'atk-1' })).status).toBe(409);
    // Company edits: a person route on a company is refused; a valid vat edit goes through.
    expect((await call('pro', 'PUT', `/api/v1/user/client/${r.body.id}`, { firstName: 'X' })).body.code).toBe(
      'not_a_person',
    );
    const edit = await call('pro', 'PUT', `/api/v1/user/client/${r.body.id}/company`, { vat: '00743110157' });
    expect(edit.status).toBe(200);
    expect(edit.body.vat).toBe('00743110157');
  });

  test('validate/user and validate/company answer reason codes', async () => {
    const v = (login: Login, kind: string, body: unknown) =>
      call(login, 'POST', `/api/v1/client/validate/${kind}`, body);
    expect((await v('pro', 'user', { taxCode: taxCode(899) })).body).toEqual({
      valid: true,
      reason: null,
      existingClient: null,
    });
    expect((await v('pro', 'user', { taxCode: 'RSSMRA80A01H501A' })).body).toMatchObject({
      valid: false,
      reason: 'invalid_tax_code',
    });
    expect((await v('pro', 'user', { taxCode: '' })).body.reason).toBe('missing_tax_code');
    expect((await v('pro', 'user', { taxCode: 'RSSMRA80A01H501U' })).body).toEqual({
      valid: false,
      reason: 'duplicate_client',
      existingClient: { id: ids.rossi, name: 'Mario Rossi' },
    });
    // Another tenant's client: not a duplicate the caller may know of, the one "cannot be added" answer.
    expect((await v('pro2', 'user', { taxCode: 'RSSMRA80A01H501U' })).body).toEqual({
      valid: false,
      reason: 'cannot_be_added',
      existingClient: null,
    });
    expect((await v('pro', 'company', {})).body.reason).toBe('missing_vat');
    expect((await v('pro', 'company', { vat: '00743110158' })).body.reason).toBe('invalid_vat');
    expect((await v('pro', 'company', { vat: '01234567897' })).body.valid).toBe(true);
    expect((await v('pro', 'company', { atokaId: 'new-registry-id' })).body.valid).toBe(true);
    expect((await v('client', 'user', { taxCode: 'RSSMRA80A01H501U' })).status).toBe(403);
    expect((await v('pro', 'user', { taxCode: 'X', extra: 1 })).status).toBe(400);
  });
});

describe('bad input answers 400 with the fields at fault and writes nothing', () => {
  test.each([
    ['POST', '/api/v1/client/empty/RSSMRA80A01H501A', undefined, 'params.taxCode'],
    ['POST', '/api/v1/client/empty/NOTACODE', { firstName: 'A' }, 'params.taxCode'],
    ['POST', `/api/v1/client/empty/${'A'.repeat(16)}`, { firstName: 'A', admin: true }, 'body.admin'],
    ['POST', '/api/v1/client/empty/TAXCODE', { email: 'not-an-email' }, 'body.email'],
    ['POST', '/api/v1/client/company/empty/00743110158', undefined, 'params.vat'],
    ['POST', '/api/v1/client/company/empty/', { companyName: 'No ids' }, 'params.vat'],
    ['PUT', '/api/v1/user/client/abc', { firstName: 'X' }, 'params.id'],
    ['PUT', '/api/v1/user/client/ROSSI', { taxCode: 'RSSMRA80A01H501A' }, 'body.taxCode'],
    ['PUT', '/api/v1/user/client/ROSSI', { mobile: 'call me' }, 'body.mobile'],
    ['PUT', '/api/v1/user/client/ROSSI', { createdBy: 1 }, 'body.createdBy'],
    ['PUT', '/api/v1/user/client/ROSSI', { firstName: null, lastName: null }, 'body.lastName'],
    ['PATCH', '/api/v1/user/client/VERDI/invite', { email: 'nope' }, 'body.email'],
    ['PATCH', '/api/v1/user/client/VERDI/invite', {}, 'body.email'],
    ['DELETE', '/api/v1/user/client/0', undefined, 'params.id'],
  ] as const)('%s %s -> %s', async (method, url, body, field) => {
    // Rossi without names keeps the tax code, so clearing them is allowed; a client without a tax code is not.
    const noCode = await one<{ id: number }>(
      "insert into clients (last_name, created_by) values ('SenzaCodice', $1) returning id",
      [ids.pro],
    );
    const path = url
      .replace('ROSSI', String(field === 'body.lastName' ? noCode.id : ids.rossi))
      .replace('VERDI', String(ids.verdi));
    const before = await counts();
    const snapshot = await one('select * from clients where id = $1', [ids.rossi]);
    const r = await call('pro', method, path, body);
    expect(r.status).toBe(400);
    expect(r.body.fields.map((f: { field: string }) => f.field)).toContain(field);
    expect(await counts()).toEqual(before);
    expect(await one('select * from clients where id = $1', [ids.rossi])).toEqual(snapshot);
    await t.app.db.query('delete from clients where id = $1', [noCode.id]);
  });
});

describe('edits and deletes', () => {
  test('an edit is audited with before and after; a duplicate tax code is 409', async () => {
    const r = await call('delegate', 'PUT', `/api/v1/user/client/${ids.bianchi}`, { firstName: 'Giulia Maria' });
    expect(r.status).toBe(200);
    expect(r.body.firstName).toBe('Giulia Maria');
    const a = await one<{ before: { firstName: string }; after: { firstName: string }; actor_role: string }>(
      "select before, after, actor_role from audit_log where entity = 'client' and action = 'update' and entity_id = $1 order by id desc limit 1",
      [String(ids.bianchi)],
    );
    expect(a).toMatchObject({
      actor_role: 'DELEGATE',
      before: { firstName: 'Giulia' },
      after: { firstName: 'Giulia Maria' },
    });
    const dup = await call('pro', 'PUT', `/api/v1/user/client/${ids.bianchi}`, { taxCode: 'RSSMRA80A01H501U' });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toContain('Mario Rossi');
  });

  test('a delete cascades to family members and invitations and is audited', async () => {
    const id = await insertClient('pro', 'DaCancellare');
    const fam = await one<{ id: number }>("insert into families (name, created_by) values ('F', $1) returning id", [
      ids.pro,
    ]);
    await t.app.db.query('insert into family_members (family_id, client_id) values ($1, $2)', [fam.id, id]);
    expect((await call('pro', 'PATCH', `/api/v1/user/client/${id}/invite`, { email: 'x@example.it' })).status).toBe(
      200,
    );
    const r = await call('pro', 'DELETE', `/api/v1/user/client/${id}`);
    expect(r).toEqual({ status: 200, body: { id, deleted: true } });
    expect(
      (await one<{ n: number }>('select count(*)::int as n from family_members where client_id = $1', [id])).n,
    ).toBe(0);
    expect(
      (await one<{ n: number }>('select count(*)::int as n from client_invitations where client_id = $1', [id])).n,
    ).toBe(0);
    const a = await one<{ n: number }>(
      "select count(*)::int as n from audit_log where entity = 'client' and action = 'delete' and entity_id = $1",
      [String(id)],
    );
    expect(a.n).toBe(1);
    expect((await call('pro', 'GET', `/api/v1/user/client/${id}`)).status).toBe(404);
  });
});

describe('invitations', () => {
  const tokenIn = (text: string) => /\/register-client\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];

  test('the client record says whether the client is registered and when an open invitation was sent', async () => {
    // Mario Rossi is the demo BASIC user's client.
    const rossi = await call('pro', 'GET', `/api/v1/user/client/${ids.rossi}`);
    expect(rossi.body).toMatchObject({ registered: true, invitedAt: null });
    const id = await insertClient('pro', 'Stato invito');
    expect((await call('pro', 'GET', `/api/v1/user/client/${id}`)).body).toMatchObject({
      registered: false,
      invitedAt: null,
    });
    await call('pro', 'PATCH', `/api/v1/user/client/${id}/invite`, { email: 'stato@example.it' });
    const listed = await call('pro', 'GET', '/api/v1/user/client?size=10000');
    const row = listed.body.item.find((c: { id: number }) => c.id === id);
    expect(row).toMatchObject({ registered: false, invitedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/) });
  });

  test('invite writes an outbox row with a one-time link; resend invalidates the previous token', async () => {
    const id = await insertClient('pro', 'Invitato');
    const r = await call('delegate', 'PATCH', `/api/v1/user/client/${id}/invite`, { email: 'invitato@example.it' });
    expect(r).toEqual({ status: 200, body: { sent: true, email: 'invitato@example.it' } });
    expect(JSON.stringify(r.body)).not.toContain('token');
    const mail1 = await one<{
      to_address: string;
      body_text: string;
      status: string;
      transport: string;
      subject: string;
    }>('select * from mail_outbox where client_id = $1 order by id desc limit 1', [id]);
    expect(mail1).toMatchObject({ to_address: 'invitato@example.it', status: 'logged', transport: 'log' });
    expect(mail1.body_text).toContain(`${t.config.publicUrl}/register-client?token=`);
    expect(mail1.body_text).toContain('Gentile');
    expect(mail1.body_text).toContain('Dear');
    const token1 = tokenIn(mail1.body_text)!;
    expect(Buffer.from(token1, 'base64url')).toHaveLength(32);
    const inv1 = await one<{ token_hash: string; days: number; revoked_at: Date | null }>(
      'select token_hash, round(extract(epoch from expires_at - created_at) / 86400)::int as days, revoked_at from client_invitations where client_id = $1',
      [id],
    );
    expect(inv1).toMatchObject({ token_hash: hashLinkToken(token1), days: 7, revoked_at: null });
    expect(inv1.token_hash).not.toContain(token1);
    expect((await one<{ email: string }>('select email from clients where id = $1', [id])).email).toBe(
      'invitato@example.it',
    );
    expect(await findOpenInvitation(t.app.db, token1)).toMatchObject({ clientId: id, email: 'invitato@example.it' });

    const again = await call('pro', 'GET', `/api/v1/user/client/${id}/invite`);
    expect(again).toEqual({ status: 200, body: { sent: true, email: 'invitato@example.it' } });
    const mail2 = await one<{ body_text: string }>(
      'select * from mail_outbox where client_id = $1 order by id desc limit 1',
      [id],
    );
    const token2 = tokenIn(mail2.body_text)!;
    expect(token2).not.toBe(token1);
    expect(await findOpenInvitation(t.app.db, token1)).toBeNull();
    expect(await findOpenInvitation(t.app.db, token2)).toMatchObject({ clientId: id });
    const audits = await t.app.db.query<{ action: string }>(
      "select action from audit_log where entity = 'client' and entity_id = $1 and action like 'invite%' order by id",
      [String(id)],
    );
    expect(audits.rows.map((a) => a.action)).toEqual(['invite', 'invite_resend']);
  });

  test('a client with an account answers 409; resend without any address answers 400', async () => {
    const r = await call('pro', 'PATCH', `/api/v1/user/client/${ids.rossi}/invite`, { email: 'mario@example.it' });
    expect(r.status).toBe(409);
    expect(r.body.code).toBe('client_already_registered');
    const id = await insertClient('pro', 'SenzaEmail');
    const before = await counts();
    const resend = await call('pro', 'GET', `/api/v1/user/client/${id}/invite`);
    expect(resend.status).toBe(400);
    expect(resend.body.fields[0].field).toBe('body.email');
    expect(await counts()).toEqual(before);
  });
});
