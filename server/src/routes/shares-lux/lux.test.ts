// Art and luxury goods: the list (evaluation desc, paging, yield, family owners), the dashboard stat, pie and column
// with family weights, the items and their evaluation history (5 latest by date), the 409 evaluation_date_present, the
// 400s that name the fields and write nothing, BASIC reading its own only and writing nothing, other tenants' 404.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Harness, type Login, startHarness } from '../../testing/harness.ts';

const API = '/api/v1';
let h: Harness;
let rossi: number;
let bianchi: number;
let ferrari: number;
let familyRB: number;
let anna: number;
let luca: number;
let family: number;
let painting: number;
let boat: number;

const idOf = async (sql: string, params: unknown[] = []) => Number((await h.one<{ id: number }>(sql, params)).id);

/** Row counts and sums of this module's tables and the audit log. */
const counts = () =>
  h.one<{ items: number; evaluations: number; audit: number; amounts: string; names: string }>(
    `select (select count(*)::int from lux_items) as items, (select count(*)::int from lux_evaluations) as evaluations,
            (select count(*)::int from audit_log) as audit,
            (select coalesce(sum(value), 0)::text || '/' || coalesce(string_agg(evaluation_date::text, ',' order by id), '')
               from lux_evaluations) as amounts,
            (select string_agg(description || category || yearly_income::text, ',' order by id) from lux_items) as names`,
  );

async function ok(login: Login, method: string, url: string, body?: unknown) {
  const r = await h.call(login, method, `${API}${url}`, body);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}

beforeAll(async () => {
  h = await startHarness();
  rossi = await idOf("select id from clients where tax_code = 'RSSMRA80A01H501U'");
  bianchi = await idOf("select id from clients where tax_code = 'BNCGLI75M45F205M'");
  ferrari = await idOf("select id from clients where tax_code = 'FRRGNN58T10D612I'");
  familyRB = await idOf("select id from families where name = 'Famiglia Rossi Bianchi'");
  const pro = await idOf("select id from users where login = 'pro'");
  anna = await idOf(
    "insert into clients (first_name, last_name, created_by) values ('Anna', 'Conti', $1) returning id",
    [pro],
  );
  luca = await idOf(
    "insert into clients (first_name, last_name, created_by) values ('Luca', 'Martini', $1) returning id",
    [pro],
  );
  family = await idOf("insert into families (name, created_by) values ('Famiglia Conti Martini', $1) returning id", [
    pro,
  ]);
  await h.t.app.db.query(
    'insert into family_members (family_id, client_id, weight) values ($1, $2, 1), ($1, $3, 0.5)',
    [family, anna, luca],
  );
  // The worked example: Anna's painting (80,000 in 2022, 100,000 in 2023; maintenance 1,000) and Luca's boat
  // (300,000; income 12,000, maintenance 8,000, debt 50,000).
  painting = (
    await ok('pro', 'POST', '/lux', {
      clientId: anna,
      description: ' Felice Casorati, Ritratto ',
      category: 'ART',
      buyCost: 60_000,
      yearlyMaintenance: 1_000,
      note: 'In salotto',
      evaluation: 80_000,
      evaluationDate: '2022-06-30',
    })
  ).id;
  await ok('pro', 'POST', `/lux/${painting}/evaluation`, { evaluationDate: '2023-06-30', value: 100_000 });
  boat = (
    await ok('delegate', 'POST', '/lux', {
      clientId: luca,
      description: 'Gozzo sorrentino',
      category: 'BOAT',
      yearlyIncome: 12_000,
      yearlyMaintenance: 8_000,
      linkedDebt: 50_000,
      evaluation: 300_000,
      evaluationDate: '2023-03-01',
    })
  ).id;
});
afterAll(async () => {
  await h?.t.close();
});

describe('the demo data', () => {
  test('Mario Rossi (BASIC, no clientId) has goods of several categories, evaluation desc', async () => {
    const body = await ok('client', 'GET', '/lux');
    expect(body.total).toBeGreaterThanOrEqual(4);
    expect(new Set(body.item.map((i: { category: string }) => i.category)).size).toBeGreaterThanOrEqual(4);
    const values = body.item.map((i: { evaluation: number }) => i.evaluation);
    expect(values).toEqual([...values].sort((a, b) => b - a));
    expect(
      body.item.every((i: { ownerId: number; owner: string }) => i.ownerId === rossi && i.owner === 'Mario Rossi'),
    ).toBe(true);
    const stat = await ok('client', 'GET', '/lux/dashboard/stat');
    expect(stat.totalValue).toBeCloseTo(
      values.reduce((a: number, b: number) => a + b, 0),
      2,
    );
  });

  test('the family view lists both members with their owner; the stat weights Giulia Bianchi by 0.5', async () => {
    const body = await ok('pro', 'GET', `/lux?familyId=${familyRB}`);
    expect(new Set(body.item.map((i: { owner: string }) => i.owner))).toEqual(
      new Set(['Mario Rossi', 'Giulia Bianchi']),
    );
    const mario = await ok('pro', 'GET', `/lux/dashboard/stat?clientId=${rossi}`);
    const giulia = await ok('pro', 'GET', `/lux/dashboard/stat?clientId=${bianchi}`);
    const fam = await ok('pro', 'GET', `/lux/dashboard/stat?familyId=${familyRB}`);
    expect(fam.totalValue).toBeCloseTo(mario.totalValue + 0.5 * giulia.totalValue, 2);
    expect(fam.linkedDebt).toBeCloseTo(mario.linkedDebt + 0.5 * giulia.linkedDebt, 2);
  });
});

describe('the worked example', () => {
  test('GET /lux: latest evaluation, yield = yearly income / evaluation, evaluation desc', async () => {
    expect(await ok('pro', 'GET', `/lux?familyId=${family}`)).toEqual({
      item: [
        {
          id: boat,
          ownerId: luca,
          owner: 'Luca Martini',
          description: 'Gozzo sorrentino',
          category: 'BOAT',
          evaluation: 300_000,
          evaluationDate: '2023-03-01',
          buyCost: null,
          // 12,000 / 300,000 = 4%
          yield: 4,
          yearlyIncome: 12_000,
          yearlyMaintenance: 8_000,
          linkedDebt: 50_000,
          note: null,
        },
        {
          id: painting,
          ownerId: anna,
          owner: 'Anna Conti',
          description: 'Felice Casorati, Ritratto',
          category: 'ART',
          evaluation: 100_000,
          evaluationDate: '2023-06-30',
          buyCost: 60_000,
          yield: 0,
          yearlyIncome: 0,
          yearlyMaintenance: 1_000,
          linkedDebt: 0,
          note: 'In salotto',
        },
      ],
      total: 2,
      page: 1,
      size: 10000,
    });
  });

  test('stat, pie and column weight the members (Luca 0.5)', async () => {
    // 100,000 + 0.5 x 300,000; 0.5 x 12,000; 0.5 x 50,000; 1,000 + 0.5 x 8,000.
    expect(await ok('pro', 'GET', `/lux/dashboard/stat?familyId=${family}`)).toEqual({
      totalValue: 250_000,
      yearlyIncome: 6_000,
      linkedDebt: 25_000,
      yearlyMaintenance: 5_000,
    });
    expect(await ok('pro', 'GET', `/lux/dashboard/stat?clientId=${luca}`)).toEqual({
      totalValue: 300_000,
      yearlyIncome: 12_000,
      linkedDebt: 50_000,
      yearlyMaintenance: 8_000,
    });
    expect(await ok('pro', 'GET', `/lux/dashboard/pie?familyId=${family}`)).toEqual([
      { category: 'BOAT', value: 150_000, count: 1 },
      { category: 'ART', value: 100_000, count: 1 },
    ]);
    // End of 2022: the painting at 80,000 and no boat; end of 2023: 100,000 and 0.5 x 300,000.
    expect(await ok('pro', 'GET', `/lux/dashboard/column?familyId=${family}`)).toEqual({
      years: [2022, 2023],
      series: [
        { category: 'ART', data: [80_000, 100_000] },
        { category: 'BOAT', data: [0, 150_000] },
      ],
    });
  });

  test('sorts, filters and pages', async () => {
    const ids = async (query: string) =>
      (await ok('pro', 'GET', `/lux?familyId=${family}&${query}`)).item.map((i: { id: number }) => i.id);
    expect(await ids('sort=evaluation,asc')).toEqual([painting, boat]);
    expect(await ids('sort=evaluationDate,desc')).toEqual([painting, boat]);
    expect(await ids('sort=description,asc')).toEqual([painting, boat]);
    expect(await ids('sort=buyCost,desc')).toEqual([painting, boat]);
    expect(await ids('category=BOAT')).toEqual([boat]);
    const page = await ok('pro', 'GET', `/lux?familyId=${family}&size=1&page=2`);
    expect(page).toMatchObject({ total: 2, page: 2, size: 1 });
    expect(page.item.map((i: { id: number }) => i.id)).toEqual([painting]);
  });
});

describe('who reads what', () => {
  test.each([
    ['admin', 200, 200],
    ['backoffice', 200, 200],
    ['pro', 200, 404],
    ['pro2', 404, 200],
    ['delegate', 200, 404],
    ['delegate2', 200, 404],
    ['client', 200, 404],
  ] as const)('%s: Rossi %i, Ferrari %i', async (login, r, f) => {
    for (const path of ['/lux', '/lux/dashboard/stat', '/lux/dashboard/pie', '/lux/dashboard/column']) {
      expect((await h.call(login, 'GET', `${API}${path}?clientId=${rossi}`)).status).toBe(r);
      expect((await h.call(login, 'GET', `${API}${path}?clientId=${ferrari}`)).status).toBe(f);
    }
    const ferrariItem = await idOf('select id from lux_items where client_id = $1 order by id limit 1', [ferrari]);
    const rossiItem = await idOf('select id from lux_items where client_id = $1 order by id limit 1', [rossi]);
    expect((await h.call(login, 'GET', `${API}/lux/${rossiItem}`)).status).toBe(r);
    expect((await h.call(login, 'GET', `${API}/lux/${ferrariItem}/evaluation`)).status).toBe(f);
  });

  test('BASIC: its own client without clientId, no family; others name one', async () => {
    expect(await ok('client', 'GET', '/lux/dashboard/pie')).toEqual(
      await ok('pro', 'GET', `/lux/dashboard/pie?clientId=${rossi}`),
    );
    expect((await h.call('client', 'GET', `${API}/lux?familyId=${familyRB}`)).status).toBe(404);
    expect((await h.call('client', 'GET', `${API}/lux/${painting}`)).status).toBe(404);
    const none = await h.call('delegate', 'GET', `${API}/lux/dashboard/stat`);
    expect(none.status).toBe(400);
    expect(none.body.fields[0].field).toBe('querystring.clientId');
    const category = await h.call('pro', 'GET', `${API}/lux?clientId=${rossi}&category=PLANE`);
    expect(category.status).toBe(400);
    expect(category.body.fields[0].field).toBe('querystring.category');
  });
});

describe('evaluation history', () => {
  test('5 latest by date desc by default; size and page; 404 for another item or tenant', async () => {
    const { id } = await ok('pro', 'POST', '/lux', {
      clientId: rossi,
      description: 'Vespa 125 (1953)',
      category: 'BIKE',
      evaluation: 9_000,
      evaluationDate: '2019-05-01',
    });
    // Entered out of order: the history sorts by date.
    for (const [date, value] of [
      ['2021-05-01', 9_500],
      ['2020-05-01', 9_200],
      ['2024-05-01', 12_000],
      ['2022-05-01', 10_000],
      ['2023-05-01', 11_000],
      ['2025-05-01', 12_500],
    ] as const)
      await ok('pro', 'POST', `/lux/${id}/evaluation`, { evaluationDate: date, value });
    const five = await ok('client', 'GET', `/lux/${id}/evaluation`);
    expect(five).toMatchObject({ total: 7, page: 1, size: 5 });
    expect(five.item.map((e: { evaluationDate: string; value: number }) => [e.evaluationDate, e.value])).toEqual([
      ['2025-05-01', 12_500],
      ['2024-05-01', 12_000],
      ['2023-05-01', 11_000],
      ['2022-05-01', 10_000],
      ['2021-05-01', 9_500],
    ]);
    const rest = await ok('client', 'GET', `/lux/${id}/evaluation?page=2`);
    expect(rest.item.map((e: { evaluationDate: string }) => e.evaluationDate)).toEqual(['2020-05-01', '2019-05-01']);
    expect((await ok('client', 'GET', `/lux/${id}/evaluation?size=10`)).item).toHaveLength(7);
    // The item shows the latest.
    expect(await ok('client', 'GET', `/lux/${id}`)).toMatchObject({ evaluation: 12_500, evaluationDate: '2025-05-01' });
    expect((await h.call('pro2', 'GET', `${API}/lux/${id}/evaluation`)).status).toBe(404);
    const otherItem = five.item[0].id;
    expect(
      (
        await h.call('pro', 'PUT', `${API}/lux/${painting}/evaluation/${otherItem}`, {
          evaluationDate: '2020-01-01',
          value: 1,
        })
      ).status,
    ).toBe(404);
  });

  test('a second evaluation on the same date: 409 evaluation_date_present, nothing written', async () => {
    const before = await counts();
    const r = await h.call('pro', 'POST', `${API}/lux/${painting}/evaluation`, {
      evaluationDate: '2023-06-30',
      value: 1,
    });
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ message: 'evaluation_date_present', code: 'evaluation_date_present' });
    // Moving one evaluation onto the other's date is the same conflict.
    const [latest, older] = (await ok('pro', 'GET', `/lux/${painting}/evaluation`)).item;
    const moved = await h.call('pro', 'PUT', `${API}/lux/${painting}/evaluation/${older.id}`, {
      evaluationDate: latest.evaluationDate,
      value: 1,
    });
    expect(moved.status).toBe(409);
    expect(moved.body.message).toBe('evaluation_date_present');
    expect(await counts()).toEqual(before);
  });

  test('edit and delete an evaluation; the last one stays (400)', async () => {
    const { id } = await ok('pro', 'POST', '/lux', {
      clientId: rossi,
      description: 'Anello con zaffiro',
      category: 'JEWELRY',
      evaluation: 5_000,
      evaluationDate: '2024-01-10',
    });
    const second = (await ok('pro', 'POST', `/lux/${id}/evaluation`, { evaluationDate: '2024-06-10', value: 5_200 }))
      .id;
    // Its own date again is no conflict.
    expect(
      await ok('pro', 'PUT', `/lux/${id}/evaluation/${second}`, { evaluationDate: '2024-06-10', value: 5_300.005 }),
    ).toEqual({ id: second, evaluationDate: '2024-06-10', value: 5_300.01 });
    expect(
      await ok('pro', 'PUT', `/lux/${id}/evaluation/${second}`, { evaluationDate: '2024-07-01', value: 5_400 }),
    ).toEqual({ id: second, evaluationDate: '2024-07-01', value: 5_400 });
    expect(await ok('pro', 'DELETE', `/lux/${id}/evaluation/${second}`)).toEqual({ id: second });
    expect((await ok('pro', 'GET', `/lux/${id}`)).evaluation).toBe(5_000);
    const first = (await ok('pro', 'GET', `/lux/${id}/evaluation`)).item[0].id;
    const before = await counts();
    const last = await h.call('pro', 'DELETE', `${API}/lux/${id}/evaluation/${first}`);
    expect(last.status).toBe(400);
    expect(last.body.fields[0].field).toBe('params.evaluationId');
    expect(await counts()).toEqual(before);
  });
});

describe('item writes', () => {
  test('create, edit, delete (with its evaluations): each audited', async () => {
    const before = await counts();
    const { id } = await ok('backoffice', 'POST', '/lux', {
      clientId: ferrari,
      description: 'Lancia Aurelia B24 Spider',
      category: 'CAR',
      buyCost: 200_000,
      evaluation: 250_000,
      evaluationDate: '2024-09-01',
    });
    const edited = await ok('pro2', 'PUT', `/lux/${id}`, {
      description: 'Lancia Aurelia B24 Spider (1955)',
      category: 'CAR',
      yearlyIncome: 5_000,
      linkedDebt: 20_000,
    });
    expect(edited).toMatchObject({
      description: 'Lancia Aurelia B24 Spider (1955)',
      evaluation: 250_000,
      // An omitted buy cost is cleared, as the summary says.
      buyCost: null,
      yield: 2,
      yearlyIncome: 5_000,
      yearlyMaintenance: 0,
      linkedDebt: 20_000,
    });
    expect(await ok('pro2', 'DELETE', `/lux/${id}`)).toEqual({ id });
    expect((await h.call('pro2', 'GET', `${API}/lux/${id}`)).status).toBe(404);
    const after = await counts();
    expect([after.items, after.evaluations, after.audit]).toEqual([before.items, before.evaluations, before.audit + 3]);
    const { rows } = await h.t.app.db.query<{ action: string }>(
      `select action from audit_log where entity = 'luxItem' and entity_id = $1 order by id`,
      [String(id)],
    );
    expect(rows.map((r) => r.action)).toEqual(['create', 'update', 'delete']);
  });

  test.each([
    ['an unknown category', { category: 'PLANE' }, ['body.category']],
    ['a negative evaluation', { evaluation: -1 }, ['body.evaluation']],
    ['no evaluation date', { evaluationDate: undefined }, ['body.evaluationDate']],
    ['a date that is not one', { evaluationDate: '2024-02-30x' }, ['body.evaluationDate']],
    [
      'a blank description and a negative debt',
      { description: ' ', linkedDebt: -5 },
      ['body.description', 'body.linkedDebt'],
    ],
    ['no client', { clientId: undefined }, ['body.clientId']],
  ])('create with %s: 400 naming the fields, nothing written', async (_, change, fields) => {
    const body = {
      clientId: rossi,
      description: 'Quadro',
      category: 'ART',
      evaluation: 1_000,
      evaluationDate: '2024-01-01',
      ...change,
    };
    const before = await counts();
    const r = await h.call('pro', 'POST', `${API}/lux`, JSON.parse(JSON.stringify(body)));
    expect(r.status).toBe(400);
    const named = r.body.fields.map((f: { field: string }) => f.field);
    for (const field of fields) expect(named).toContain(field);
    expect(await counts()).toEqual(before);
  });

  test('bad edits and evaluations: 400 naming the fields, nothing written', async () => {
    const before = await counts();
    const edit = await h.call('pro', 'PUT', `${API}/lux/${painting}`, {
      description: 'X',
      category: 'ART',
      yearlyIncome: -1,
    });
    expect(edit.status).toBe(400);
    expect(edit.body.fields.map((f: { field: string }) => f.field)).toEqual(['body.yearlyIncome']);
    const evaluation = await h.call('pro', 'POST', `${API}/lux/${painting}/evaluation`, {
      evaluationDate: '2024-01-01',
    });
    expect(evaluation.status).toBe(400);
    expect(evaluation.body.fields.map((f: { field: string }) => f.field)).toEqual(['body.value']);
    expect(await counts()).toEqual(before);
  });

  test("another tenant's client or item: 404; BASIC: 403; nothing written", async () => {
    const before = await counts();
    const create = {
      clientId: ferrari,
      description: 'Quadro',
      category: 'ART',
      evaluation: 1,
      evaluationDate: '2024-01-01',
    };
    expect((await h.call('pro', 'POST', `${API}/lux`, create)).status).toBe(404);
    const evaluationId = (await ok('pro', 'GET', `/lux/${painting}/evaluation`)).item[0].id;
    for (const [method, url, body] of [
      ['PUT', `/lux/${painting}`, { description: 'Presa', category: 'ART' }],
      ['DELETE', `/lux/${painting}`, undefined],
      ['POST', `/lux/${painting}/evaluation`, { evaluationDate: '2025-01-01', value: 1 }],
      ['PUT', `/lux/${painting}/evaluation/${evaluationId}`, { evaluationDate: '2025-01-01', value: 1 }],
      ['DELETE', `/lux/${painting}/evaluation/${evaluationId}`, undefined],
    ] as const) {
      expect((await h.call('pro2', method, `${API}${url}`, body)).status, `${method} ${url}`).toBe(404);
      expect((await h.call('client', method, `${API}${url}`, body)).status, `${method} ${url}`).toBe(403);
    }
    expect((await h.call('client', 'POST', `${API}/lux`, { ...create, clientId: rossi })).status).toBe(403);
    expect(await counts()).toEqual(before);
  });
});
