// Family business shares: the list (every year, year desc, paging, family owners and weights), the years, the chart
// data, the companies' holders and figures, the 400s that name the fields and write nothing, the 409 for a second
// set of figures of a year, BASIC reading its own only and writing nothing, other tenants' ids answering 404.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Harness, type Login, startHarness } from '../../testing/harness.ts';

const API = '/api/v1';
let h: Harness;
let rossi: number;
let bianchi: number;
let ferrari: number;
let familyRB: number;
/** A fresh pro client holding nothing of the demo: the worked example's holder. */
let anna: number;
let luca: number;
let family: number;
let worked: number;

const idOf = async (sql: string, params: unknown[] = []) => Number((await h.one<{ id: number }>(sql, params)).id);

/** Row counts of this module's tables and of the audit log. */
async function counts() {
  return h.one<{ companies: number; holdings: number; figures: number; audit: number; names: string }>(
    `select (select count(*)::int from companies) as companies, (select count(*)::int from company_holdings) as holdings,
            (select count(*)::int from company_figures) as figures, (select count(*)::int from audit_log) as audit,
            (select coalesce(sum(percentage), 0)::text from company_holdings) as percentages,
            (select coalesce(sum(value + revenue + profit + ebitda), 0)::text from company_figures) as amounts,
            (select string_agg(legal_name, ',' order by id) from companies) as names`,
  );
}

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
    "insert into clients (first_name, last_name, created_by) values ('Luca', 'Martini Bellavista Dell''Orto', $1) returning id",
    [pro],
  );
  family = await idOf("insert into families (name, created_by) values ('Famiglia Conti Martini', $1) returning id", [
    pro,
  ]);
  await h.t.app.db.query(
    'insert into family_members (family_id, client_id, weight) values ($1, $2, 1), ($1, $3, 0.5)',
    [family, anna, luca],
  );
  // The worked example: Conti Ricambi held 60% by Anna and 25% by Luca; 2023 value 1,000,000, 2024 value 1,200,000.
  worked = (
    await ok('pro', 'POST', '/share/company', {
      legalName: '  Conti Ricambi S.r.l.  ',
      holdings: [
        { clientId: anna, percentage: 60 },
        { clientId: luca, percentage: 25 },
      ],
      figures: [
        { year: 2023, revenue: 2_000_000, profit: 150_000, ebitda: 300_000, value: 1_000_000 },
        { year: 2024, revenue: 2_200_000, profit: -40_000.555, ebitda: 120_000, value: 1_200_000 },
      ],
    })
  ).id;
});
afterAll(async () => {
  await h?.t.close();
});

describe('the demo data', () => {
  test('Mario Rossi (BASIC, no clientId) holds the family company with Giulia Bianchi, every year, latest first; she is not named to him', async () => {
    const body = await ok('client', 'GET', '/share');
    const names = new Set(body.item.map((i: { legalName: string }) => i.legalName));
    expect(names).toEqual(new Set(['Cantine Rossi Bianchi S.r.l.', 'Tipografia Rossi & Figli S.n.c.']));
    const years = body.item.map((i: { year: number }) => i.year);
    expect(years).toEqual([...years].sort((a, b) => b - a));
    expect(new Set(years).size).toBeGreaterThanOrEqual(4);
    const cantine = body.item.find((i: { legalName: string }) => i.legalName === 'Cantine Rossi Bianchi S.r.l.');
    expect(cantine).toMatchObject({ ratio: 60, owner: 'Mario Rossi', ownerId: rossi, weight: 1 });
    // A BASIC user sees only its own client: the co-owner is neither named nor identified, only summed.
    expect(cantine.ownerList).toEqual([
      { clientId: rossi, name: 'Mario Rossi', percentage: 60 },
      { clientId: null, name: null, percentage: 25 },
    ]);
    expect(JSON.stringify(body)).not.toContain('Giulia');
    expect(cantine.shareValue).toBe(Math.round(cantine.value * 60) / 100);
    expect(body.total).toBe(body.item.length);
    // Their adviser sees both.
    const forPro = await ok('pro', 'GET', `/share?clientId=${rossi}&year=${cantine.year}`);
    expect(forPro.item.find((i: { companyId: number }) => i.companyId === cantine.companyId).ownerList).toEqual([
      { clientId: rossi, name: 'Mario Rossi', percentage: 60 },
      { clientId: bianchi, name: 'Giulia Bianchi', percentage: 25 },
    ]);
  });

  test('the family view lists both members with their owner and weight', async () => {
    const body = await ok('pro', 'GET', `/share?familyId=${familyRB}&year=2024`);
    const cantine = body.item.filter((i: { legalName: string }) => i.legalName === 'Cantine Rossi Bianchi S.r.l.');
    expect(cantine.map((i: { owner: string; ratio: number; weight: number }) => [i.owner, i.ratio, i.weight])).toEqual([
      ['Giulia Bianchi', 25, 0.5],
      ['Mario Rossi', 60, 1],
    ]);
  });
});

describe('the worked example', () => {
  test('GET /share: one row per year, ratio and share value = ratio x the value of the year', async () => {
    const body = await ok('pro', 'GET', `/share?clientId=${anna}`);
    expect(body).toEqual({
      item: [
        {
          id: `${worked}:2024:${anna}`,
          companyId: worked,
          legalName: 'Conti Ricambi S.r.l.',
          year: 2024,
          ratio: 60,
          // 60% x 1,200,000.00
          shareValue: 720_000,
          value: 1_200_000,
          revenue: 2_200_000,
          // Stored to the cent, half away from zero.
          profit: -40_000.56,
          ebitda: 120_000,
          ownerList: [
            { clientId: anna, name: 'Anna Conti', percentage: 60 },
            { clientId: luca, name: "Luca Martini Bellavista Dell'Orto", percentage: 25 },
          ],
          owner: 'Anna Conti',
          ownerId: anna,
          weight: 1,
        },
        expect.objectContaining({ year: 2023, ratio: 60, shareValue: 600_000, value: 1_000_000 }),
      ],
      total: 2,
      page: 1,
      size: 10000,
    });
  });

  test('family: every member row unweighted, with its weight; the chart weights the members', async () => {
    const body = await ok('pro', 'GET', `/share?familyId=${family}&sort=year,asc`);
    expect(body.item.map((i: ShareRow) => [i.year, i.owner, i.ratio, i.shareValue, i.weight])).toEqual([
      [2023, 'Anna Conti', 60, 600_000, 1],
      [2023, "Luca Martini Bellavista Dell'Orto", 25, 250_000, 0.5],
      [2024, 'Anna Conti', 60, 720_000, 1],
      [2024, "Luca Martini Bellavista Dell'Orto", 25, 300_000, 0.5],
    ]);
    // Revenue 2024 held by the family: 60% x 2,200,000 + 0.5 x 25% x 2,200,000 = 1,320,000 + 275,000 = 1,595,000.
    expect(await ok('pro', 'GET', `/share/graph/revenue/2024?familyId=${family}`)).toEqual({
      metric: 'revenue',
      year: 2024,
      item: [{ companyId: worked, legalName: 'Conti Ricambi S.r.l.', value: 2_200_000, ownedValue: 1_595_000 }],
    });
    // Profit 2023 for Luca alone: 25% x 150,000 = 37,500 (a client's weight is 1).
    expect((await ok('pro', 'GET', `/share/graph/profit/2023?clientId=${luca}`)).item).toEqual([
      { companyId: worked, legalName: 'Conti Ricambi S.r.l.', value: 150_000, ownedValue: 37_500 },
    ]);
    expect((await ok('pro', 'GET', `/share/graph/ebitda/2022?clientId=${luca}`)).item).toEqual([]);
  });

  test('GET /share/company: the companies held in scope, also those without figures, by legal name', async () => {
    const { id } = await ok('pro', 'POST', '/share/company', {
      legalName: 'Bottega Martini',
      holdings: [{ clientId: luca, percentage: 100 }],
    });
    const companies = await ok('pro', 'GET', `/share/company?familyId=${family}`);
    expect(companies.map((c: { id: number; legalName: string }) => [c.id, c.legalName])).toEqual([
      [id, 'Bottega Martini'],
      [worked, 'Conti Ricambi S.r.l.'],
    ]);
    expect(companies[0]).toEqual({
      id,
      legalName: 'Bottega Martini',
      holdings: [{ clientId: luca, name: "Luca Martini Bellavista Dell'Orto", percentage: 100 }],
      figures: [],
    });
    // Not in /share until it has figures.
    expect((await ok('pro', 'GET', `/share?clientId=${luca}`)).item.map((i: ShareRow) => i.year)).toEqual([2024, 2023]);
    expect((await ok('pro', 'GET', `/share/company?clientId=${anna}`)).map((c: { id: number }) => c.id)).toEqual([
      worked,
    ]);
    await ok('pro', 'DELETE', `/share/company/${id}`);
    expect((await h.call('pro2', 'GET', `${API}/share/company?clientId=${anna}`)).status).toBe(404);
    expect((await h.call('client', 'GET', `${API}/share/company?familyId=${family}`)).status).toBe(404);
  });

  test('years with figures, latest first', async () => {
    expect(await ok('pro', 'GET', `/share/year?familyId=${family}`)).toEqual([2024, 2023]);
    expect(await ok('pro', 'GET', `/share/year?clientId=${anna}`)).toEqual([2024, 2023]);
  });

  test('sorts and pages', async () => {
    const list = async (query: string) =>
      (await ok('pro', 'GET', `/share?familyId=${family}&${query}`)).item.map((i: ShareRow) => [i.year, i.ownerId]);
    expect(await list('sort=year,desc')).toEqual([
      [2024, anna],
      [2024, luca],
      [2023, anna],
      [2023, luca],
    ]);
    expect(await list('sort=shareValue,desc')).toEqual([
      [2024, anna],
      [2023, anna],
      [2024, luca],
      [2023, luca],
    ]);
    expect(await list('sort=shareValue,asc')).toEqual([
      [2023, luca],
      [2024, luca],
      [2023, anna],
      [2024, anna],
    ]);
    const page = await ok('pro', 'GET', `/share?familyId=${family}&size=3&page=2`);
    expect(page).toMatchObject({ total: 4, page: 2, size: 3 });
    expect(page.item.map((i: ShareRow) => [i.year, i.ownerId])).toEqual([[2023, luca]]);
    expect((await ok('pro', 'GET', `/share?familyId=${family}&year=2023`)).total).toBe(2);
  });
});

interface ShareRow {
  year: number;
  owner: string;
  ownerId: number;
  ratio: number;
  shareValue: number;
  weight: number;
}

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
    for (const path of ['/share', '/share/year', '/share/graph/revenue/2024']) {
      expect((await h.call(login, 'GET', `${API}${path}?clientId=${rossi}`)).status).toBe(r);
      expect((await h.call(login, 'GET', `${API}${path}?clientId=${ferrari}`)).status).toBe(f);
    }
  });

  test('BASIC: its own client without clientId, no family, no other client', async () => {
    const own = await ok('client', 'GET', '/share/year');
    expect(own).toEqual(await ok('pro', 'GET', `/share/year?clientId=${rossi}`));
    expect((await h.call('client', 'GET', `${API}/share?familyId=${familyRB}`)).status).toBe(404);
    expect((await h.call('client', 'GET', `${API}/share?clientId=${bianchi}`)).status).toBe(404);
    expect((await h.call('client', 'GET', `${API}/share/company/${worked}`)).status).toBe(404);
  });

  test('others must name a client or a family, not both', async () => {
    const none = await h.call('pro', 'GET', `${API}/share`);
    expect(none.status).toBe(400);
    expect(none.body.fields).toEqual([{ field: 'querystring.clientId', message: 'give clientId or familyId' }]);
    const both = await h.call('pro', 'GET', `${API}/share/year?clientId=${rossi}&familyId=${familyRB}`);
    expect(both.status).toBe(400);
    expect(both.body.fields[0].field).toBe('querystring.familyId');
    expect((await h.call('pro2', 'GET', `${API}/share?familyId=${familyRB}`)).status).toBe(404);
  });

  test('bad query and path values answer 400 naming them', async () => {
    const metric = await h.call('pro', 'GET', `${API}/share/graph/margin/2024?clientId=${rossi}`);
    expect(metric.status).toBe(400);
    expect(metric.body.fields.map((f: { field: string }) => f.field)).toContain('params.metric');
    const sort = await h.call('pro', 'GET', `${API}/share?clientId=${rossi}&sort=value,desc`);
    expect(sort.status).toBe(400);
    expect(sort.body.fields[0].field).toBe('querystring.sort');
  });

  test('GET /share/company/{id}: holders largest first, figures latest first', async () => {
    expect(await ok('delegate', 'GET', `/share/company/${worked}`)).toEqual({
      id: worked,
      legalName: 'Conti Ricambi S.r.l.',
      holdings: [
        { clientId: anna, name: 'Anna Conti', percentage: 60 },
        { clientId: luca, name: "Luca Martini Bellavista Dell'Orto", percentage: 25 },
      ],
      figures: [
        { year: 2024, revenue: 2_200_000, profit: -40_000.56, ebitda: 120_000, value: 1_200_000 },
        { year: 2023, revenue: 2_000_000, profit: 150_000, ebitda: 300_000, value: 1_000_000 },
      ],
    });
    expect((await h.call('pro2', 'GET', `${API}/share/company/${worked}`)).status).toBe(404);
    expect((await h.call('pro', 'GET', `${API}/share/company/99999999`)).status).toBe(404);
  });
});

describe('writes', () => {
  const company = (percentage = 30) => ({
    legalName: 'Officine Rossi S.p.A.',
    holdings: [{ clientId: rossi, percentage }],
  });

  test('create, rename, set holders, add, edit and delete a year, delete: each audited', async () => {
    const audit0 = (await counts()).audit;
    const { id } = await ok('delegate', 'POST', '/share/company', company());
    expect(await ok('pro', 'GET', `/share/company/${id}`)).toMatchObject({
      holdings: [{ percentage: 30 }],
      figures: [],
    });
    expect((await ok('pro', 'PUT', `/share/company/${id}`, { legalName: 'Officine Rossi S.r.l.' })).legalName).toBe(
      'Officine Rossi S.r.l.',
    );
    const held = await ok('pro', 'PUT', `/share/company/${id}/holding`, {
      holdings: [
        { clientId: bianchi, percentage: 12.5 },
        { clientId: rossi, percentage: 87.5 },
      ],
    });
    expect(held.holdings.map((x: { clientId: number; percentage: number }) => [x.clientId, x.percentage])).toEqual([
      [rossi, 87.5],
      [bianchi, 12.5],
    ]);
    const added = await ok('pro', 'POST', `/share/company/${id}/figure`, {
      year: 2025,
      revenue: 100,
      profit: 10,
      ebitda: 20,
      value: 400,
    });
    expect(added.figures).toEqual([{ year: 2025, revenue: 100, profit: 10, ebitda: 20, value: 400 }]);
    const edited = await ok('pro', 'PUT', `/share/company/${id}/figure/2025`, {
      revenue: 200,
      profit: -5,
      ebitda: 0,
      value: 800,
    });
    expect(edited.figures).toEqual([{ year: 2025, revenue: 200, profit: -5, ebitda: 0, value: 800 }]);
    // 87.5% of 800 in the list.
    const row = (await ok('pro', 'GET', `/share?clientId=${rossi}&year=2025`)).item.find(
      (i: { companyId: number }) => i.companyId === id,
    );
    expect(row).toMatchObject({ ratio: 87.5, shareValue: 700 });
    expect((await ok('pro', 'DELETE', `/share/company/${id}/figure/2025`)).figures).toEqual([]);
    expect((await h.call('pro', 'DELETE', `${API}/share/company/${id}/figure/2025`)).status).toBe(404);
    expect((await h.call('pro', 'PUT', `${API}/share/company/${id}/figure/2025`, edited.figures[0])).status).toBe(400);
    expect(await ok('pro', 'DELETE', `/share/company/${id}`)).toEqual({ id });
    expect((await h.call('pro', 'GET', `${API}/share/company/${id}`)).status).toBe(404);
    const { rows } = await h.t.app.db.query<{ action: string; entity: string }>(
      `select action, entity from audit_log where entity like 'company%' order by id desc limit 7`,
    );
    expect(rows.map((r) => `${r.action} ${r.entity}`).reverse()).toEqual([
      'create company',
      'update company',
      'update companyHoldings',
      'create companyFigures',
      'update companyFigures',
      'delete companyFigures',
      'delete company',
    ]);
    expect((await counts()).audit).toBe(audit0 + 7);
  });

  test('a second set of figures for a year: 409 year_present, nothing written', async () => {
    const before = await counts();
    const r = await h.call('pro', 'POST', `${API}/share/company/${worked}/figure`, {
      year: 2024,
      revenue: 1,
      profit: 1,
      ebitda: 1,
      value: 1,
    });
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ message: 'year_present', code: 'year_present' });
    expect(await counts()).toEqual(before);
  });

  test.each([
    ['no legal name', { holdings: [{ clientId: 1, percentage: 10 }] }, ['body.legalName']],
    ['a blank legal name', { legalName: '   ', holdings: [{ clientId: 1, percentage: 10 }] }, ['body.legalName']],
    ['no holders', { legalName: 'X S.r.l.', holdings: [] }, ['body.holdings']],
    [
      'a percentage of 0',
      { legalName: 'X S.r.l.', holdings: [{ clientId: 1, percentage: 0 }] },
      ['body.holdings.0.percentage'],
    ],
    [
      'a percentage too small to store',
      { legalName: 'X', holdings: [{ clientId: 1, percentage: 0.0000004 }] },
      ['body.holdings.0.percentage'],
    ],
    [
      'a percentage over 100',
      { legalName: 'X', holdings: [{ clientId: 1, percentage: 100.5 }] },
      ['body.holdings.0.percentage'],
    ],
    [
      'a negative value and a revenue as text',
      {
        legalName: 'X',
        holdings: [{ clientId: 1, percentage: 10 }],
        figures: [{ year: 2024, revenue: 'molto', profit: 0, ebitda: 0, value: -1 }],
      },
      ['body.figures.0.revenue', 'body.figures.0.value'],
    ],
    [
      'a year out of range',
      {
        legalName: 'X',
        holdings: [{ clientId: 1, percentage: 10 }],
        figures: [{ year: 1850, revenue: 0, profit: 0, ebitda: 0, value: 0 }],
      },
      ['body.figures.0.year'],
    ],
    [
      'an unknown field',
      { legalName: 'X', holdings: [{ clientId: 1, percentage: 10 }], owner: 'Mario' },
      ['body.owner'],
    ],
  ])('create with %s: 400 naming the fields, nothing written', async (_, body, fields) => {
    const before = await counts();
    const r = await h.call('pro', 'POST', `${API}/share/company`, body);
    expect(r.status).toBe(400);
    for (const field of fields) expect(r.body.fields.map((f: { field: string }) => f.field)).toContain(field);
    expect(await counts()).toEqual(before);
  });

  test('holders: each client once, percentages adding up to at most 100, years once (400 naming them)', async () => {
    const before = await counts();
    const twice = await h.call('pro', 'POST', `${API}/share/company`, {
      legalName: 'Doppia S.r.l.',
      holdings: [
        { clientId: rossi, percentage: 10 },
        { clientId: rossi, percentage: 20 },
      ],
      figures: [
        { year: 2024, revenue: 0, profit: 0, ebitda: 0, value: 0 },
        { year: 2024, revenue: 1, profit: 0, ebitda: 0, value: 0 },
      ],
    });
    expect(twice.status).toBe(400);
    expect(twice.body.fields).toEqual([
      { field: 'body.figures.1.year', message: 'year listed twice' },
      { field: 'body.holdings.1.clientId', message: 'client listed twice' },
    ]);
    const over = await h.call('pro', 'POST', `${API}/share/company`, {
      legalName: 'Troppa S.r.l.',
      holdings: [
        { clientId: rossi, percentage: 60.5 },
        { clientId: bianchi, percentage: 39.500001 },
      ],
    });
    expect(over.status).toBe(400);
    expect(over.body.fields).toEqual([
      { field: 'body.holdings', message: 'the percentages add up to 100.000001, more than 100' },
    ]);
    const replace = await h.call('pro', 'PUT', `${API}/share/company/${worked}/holding`, {
      holdings: [
        { clientId: anna, percentage: 80 },
        { clientId: luca, percentage: 25 },
      ],
    });
    expect(replace.status).toBe(400);
    expect(replace.body.fields[0].field).toBe('body.holdings');
    expect(await counts()).toEqual(before);
    // Exactly 100 is fine.
    const full = await ok('pro', 'PUT', `/share/company/${worked}/holding`, {
      holdings: [
        { clientId: anna, percentage: 75 },
        { clientId: luca, percentage: 25 },
      ],
    });
    expect(full.holdings.map((x: { percentage: number }) => x.percentage)).toEqual([75, 25]);
    await ok('pro', 'PUT', `/share/company/${worked}/holding`, {
      holdings: [
        { clientId: anna, percentage: 60 },
        { clientId: luca, percentage: 25 },
      ],
    });
  });

  test("another tenant's client as a holder, or its company: 404, nothing written", async () => {
    const before = await counts();
    const foreign = await h.call('pro', 'POST', `${API}/share/company`, {
      legalName: 'Mista S.r.l.',
      holdings: [
        { clientId: rossi, percentage: 50 },
        { clientId: ferrari, percentage: 50 },
      ],
    });
    expect(foreign.status).toBe(404);
    expect(await counts()).toEqual(before);
    for (const [method, url, body] of [
      ['PUT', `/share/company/${worked}`, { legalName: 'Presa S.r.l.' }],
      ['DELETE', `/share/company/${worked}`, undefined],
      ['PUT', `/share/company/${worked}/holding`, { holdings: [{ clientId: ferrari, percentage: 1 }] }],
      ['POST', `/share/company/${worked}/figure`, { year: 2020, revenue: 0, profit: 0, ebitda: 0, value: 0 }],
      ['PUT', `/share/company/${worked}/figure/2024`, { revenue: 0, profit: 0, ebitda: 0, value: 0 }],
      ['DELETE', `/share/company/${worked}/figure/2024`, undefined],
    ] as const) {
      expect((await h.call('pro2', method, `${API}${url}`, body)).status, `${method} ${url}`).toBe(404);
      expect((await h.call('client', method, `${API}${url}`, body)).status, `${method} ${url}`).toBe(403);
    }
    expect(await counts()).toEqual(before);
  });

  test('a company held across tenants: each PRO reads it, neither may change it; ADMIN may', async () => {
    const { id } = await ok('admin', 'POST', '/share/company', {
      legalName: 'Condivisa S.r.l.',
      holdings: [
        { clientId: rossi, percentage: 50 },
        { clientId: ferrari, percentage: 50 },
      ],
    });
    // Each PRO reads it with its own client named and the other's summed, without id or name.
    const forPro = await ok('pro', 'GET', `/share/company/${id}`);
    expect(forPro.holdings).toEqual([
      { clientId: rossi, name: 'Mario Rossi', percentage: 50 },
      { clientId: null, name: null, percentage: 50 },
    ]);
    const forPro2 = await ok('pro2', 'GET', `/share/company/${id}`);
    expect(forPro2.holdings).toEqual([
      { clientId: ferrari, name: 'Giovanni Ferrari', percentage: 50 },
      { clientId: null, name: null, percentage: 50 },
    ]);
    expect(JSON.stringify(await ok('pro2', 'GET', `/share?clientId=${ferrari}`))).not.toContain('Rossi');
    expect(JSON.stringify(await ok('pro2', 'GET', `/share/company?clientId=${ferrari}`))).not.toContain('Rossi');
    expect((await ok('admin', 'GET', `/share/company/${id}`)).holdings.map((x: { name: string }) => x.name)).toEqual([
      'Mario Rossi',
      'Giovanni Ferrari',
    ]);
    const before = await counts();
    expect((await h.call('pro', 'PUT', `${API}/share/company/${id}`, { legalName: 'Mia S.r.l.' })).status).toBe(404);
    expect((await h.call('pro2', 'DELETE', `${API}/share/company/${id}`)).status).toBe(404);
    expect(await counts()).toEqual(before);
    await ok('admin', 'DELETE', `/share/company/${id}`);
  });

  test('BASIC writes nothing (403)', async () => {
    const before = await counts();
    const r = await h.call('client', 'POST', `${API}/share/company`, company());
    expect(r.status).toBe(403);
    expect(await counts()).toEqual(before);
  });
});
