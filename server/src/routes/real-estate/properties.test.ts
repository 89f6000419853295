// Houses and lands, evaluations and mortgages through the API: the demo data of the BASIC user's client, add / edit /
// sell / delete with their answers, paging and sort, family lists with owners, bad bodies (400 naming the fields,
// nothing written), 409 evaluation_date_present and mortgage_present (nothing written), and who may call what.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Harness, startHarness } from '../../testing/harness.ts';

const API = '/api/v1';
let h: Harness;
let rossi: number;
let ferrari: number;
let owner: number;
let second: number;
let family: number;

const house = (clientId: number, over: Record<string, unknown> = {}) => ({
  clientId,
  typology: 'RESIDENTIAL',
  destination: 'FIRST_HOUSE',
  conservationState: 'NORMAL',
  typeProperty: 'PROPERTY',
  currencyId: 1,
  description: 'Casa di prova',
  mq: 80,
  selectedEvaluation: 250000,
  percOwned: 1,
  address: 'Via Torino',
  addressNumber: '5',
  zipcode: '20123',
  city: 'Milano',
  country: 'IT',
  provinceCode: 'MI',
  lat: 45.46,
  lng: 9.18,
  ...over,
});
const mortgage = {
  amount: 100000,
  initDate: '2024-01-31',
  rataType: 'MONTHLY',
  totalRata: 240,
  interestRateType: 'FIX',
  amortization: 'CONST',
  interestRate: 3,
};

/** Row counts of the real-estate tables and the audit log, to show a refused call wrote nothing. */
const counts = async () =>
  h.one(`select (select count(*)::int from real_estates) as real_estates,
    (select count(*)::int from real_estate_evaluations) as evaluations,
    (select count(*)::int from mortgages) as mortgages, (select count(*)::int from audit_log) as audit_log,
    (select max(updated_at)::text from real_estates) as updated`);

async function create(login: 'pro' | 'pro2' | 'admin', body: unknown): Promise<number> {
  const r = await h.call(login, 'POST', `${API}/real-estate`, body);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.id;
}

beforeAll(async () => {
  h = await startHarness();
  rossi = (await h.one<{ id: number }>("select id from clients where tax_code = 'RSSMRA80A01H501U'")).id;
  ferrari = (await h.one<{ id: number }>("select id from clients where tax_code = 'FRRGNN58T10D612I'")).id;
  const pro = (await h.one<{ id: number }>("select id from users where login = 'pro'")).id;
  owner = (
    await h.one<{ id: number }>(
      "insert into clients (first_name, last_name, created_by) values ('Lucia', 'Immobili', $1) returning id",
      [pro],
    )
  ).id;
  second = (
    await h.one<{ id: number }>(
      "insert into clients (first_name, last_name, created_by) values ('Paolo', 'Case', $1) returning id",
      [pro],
    )
  ).id;
  family = (
    await h.one<{ id: number }>(
      "insert into families (name, created_by) values ('Famiglia Immobili', $1) returning id",
      [pro],
    )
  ).id;
  await h.t.app.db.query(
    'insert into family_members (family_id, client_id, weight) values ($1, $2, 1), ($1, $3, 0.5)',
    [family, owner, second],
  );
});
afterAll(async () => {
  await h?.t.close();
});

describe('the demo data of Mario Rossi (the BASIC user)', () => {
  test('two houses (one with a mortgage), a plot of land without coordinates, a sold shop', async () => {
    const houses = await h.call('client', 'GET', `${API}/real-estate?type=house&size=1000&sort=description,asc`);
    expect(houses.status).toBe(200);
    expect(houses.body.item.map((p: { description: string }) => p.description)).toEqual([
      'Appartamento Milano Brera',
      'Bilocale Roma Prati',
    ]);
    expect(houses.body).toMatchObject({ total: 2, page: 1, size: 1000 });
    expect(houses.body.item[0]).toMatchObject({
      owner: 'Mario Rossi',
      ownerId: rossi,
      selectedEvaluation: 565000,
      evaluationDate: '2024-06-30',
      percOwned: 1,
      provinceCode: 'MI',
      lat: 45.4719,
    });
    expect(houses.body.item[0].mortgageId).toEqual(expect.any(Number));
    const land = await h.call('client', 'GET', `${API}/real-estate?type=land`);
    expect(land.body.item).toHaveLength(1);
    expect(land.body.item[0]).toMatchObject({ typology: 'LAND', lat: null, lng: null, mortgageId: null });
    const sold = await h.call('client', 'GET', `${API}/real-estate/sold?size=10000`);
    expect(sold.body.item.map((p: { description: string }) => p.description)).toEqual(['Negozio Como centro']);
    expect(sold.body.item[0]).toMatchObject({ soldDate: '2024-09-30', soldValue: 185000 });
  });

  test('the clientId is required of everyone but BASIC; another PRO sees none of them', async () => {
    const missing = await h.call('pro', 'GET', `${API}/real-estate?type=house`);
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toEqual([{ field: 'querystring.clientId', message: 'give clientId or familyId' }]);
    expect((await h.call('pro', 'GET', `${API}/real-estate?clientId=${rossi}`)).status).toBe(200);
    expect((await h.call('pro2', 'GET', `${API}/real-estate?clientId=${rossi}`)).status).toBe(404);
    expect((await h.call('client', 'GET', `${API}/real-estate?familyId=${family}`)).status).toBe(404);
    expect((await h.call('client', 'GET', `${API}/real-estate?clientId=${ferrari}`)).status).toBe(404);
  });
});

describe('add, read, edit, sell, delete', () => {
  test('add: the answer, the first evaluation, the suggested evaluation from the price table', async () => {
    const id = await create('pro', house(owner, { evaluationDate: '2024-05-01', purchaseDate: '2020-01-15' }));
    const r = await h.call('delegate', 'GET', `${API}/real-estate/${id}`);
    expect(r.status).toBe(200);
    // Milano 3,398 EUR/m2 residential NORMAL x 80 m2 = 271,840 (server/src/real-estate/README.md).
    expect(r.body).toMatchObject({
      id,
      clientId: owner,
      ownerId: owner,
      owner: 'Lucia Immobili',
      typology: 'RESIDENTIAL',
      selectedEvaluation: 250000,
      evaluationDate: '2024-05-01',
      eurPerMq: 3125,
      realEstateEvaluationType: 'CUSTOM',
      customEvaluation: 250000,
      suggestedEvaluation: 271840,
      suggestedEvaluationDate: '2024-10-31',
      purchaseDate: '2020-01-15',
      currencySymbol: '€',
      mortgageId: null,
      soldDate: null,
    });
    const audit = await h.one<{ n: number }>(
      "select count(*)::int as n from audit_log where entity = 'realEstate' and entity_id = $1 and action = 'create'",
      [String(id)],
    );
    expect(audit.n).toBe(1);
  });

  test('paging and sort of the house table; land listed apart', async () => {
    const client = (
      await h.one<{ id: number }>(
        "insert into clients (last_name, created_by) values ('Paginati', (select id from users where login = 'pro')) returning id",
      )
    ).id;
    for (const name of ['Bravo', 'Alfa', 'Charlie']) await create('pro', house(client, { description: name }));
    await create('pro', house(client, { description: 'Delta', typology: 'LAND' }));
    const page1 = await h.call(
      'pro',
      'GET',
      `${API}/real-estate?clientId=${client}&type=house&size=2&sort=description,asc`,
    );
    expect(page1.body).toMatchObject({ total: 3, page: 1, size: 2 });
    expect(page1.body.item.map((p: { description: string }) => p.description)).toEqual(['Alfa', 'Bravo']);
    const page2 = await h.call(
      'pro',
      'GET',
      `${API}/real-estate?clientId=${client}&type=house&size=2&page=2&sort=description,asc`,
    );
    expect(page2.body.item.map((p: { description: string }) => p.description)).toEqual(['Charlie']);
    const desc = await h.call('pro', 'GET', `${API}/real-estate?clientId=${client}&type=house&sort=description,desc`);
    expect(desc.body.item.map((p: { description: string }) => p.description)).toEqual(['Charlie', 'Bravo', 'Alfa']);
    const badQuery = await h.call('pro', 'GET', `${API}/real-estate?clientId=${client}&type=flat&sort=price,asc`);
    expect(badQuery.status).toBe(400);
    expect(badQuery.body.fields.map((f: { field: string }) => f.field).sort()).toEqual([
      'querystring.sort',
      'querystring.type',
    ]);
    const land = await h.call('pro', 'GET', `${API}/real-estate?clientId=${client}&type=land`);
    expect(land.body.item.map((p: { description: string }) => p.description)).toEqual(['Delta']);
  });

  test('family mode lists the members’ properties with their owners', async () => {
    await create('pro', house(second, { description: 'Casa di Paolo' }));
    const r = await h.call('pro', 'GET', `${API}/real-estate?familyId=${family}&type=house&sort=description,asc`);
    expect(r.status).toBe(200);
    const owners = r.body.item.map((p: { owner: string; ownerId: number }) => [p.owner, p.ownerId]);
    expect(owners).toContainEqual(['Paolo Case', second]);
    expect(owners).toContainEqual(['Lucia Immobili', owner]);
    expect(new Set(r.body.item.map((p: { ownerId: number }) => p.ownerId))).toEqual(new Set([owner, second]));
    expect((await h.call('pro2', 'GET', `${API}/real-estate?familyId=${family}`)).status).toBe(404);
    expect((await h.call('pro', 'GET', `${API}/real-estate?familyId=${family}&clientId=${owner}`)).status).toBe(400);
  });

  test('edit: a changed value becomes today’s evaluation; the mortgage is created, updated, deleted with the save', async () => {
    const id = await create('pro', house(owner, { evaluationDate: '2023-01-01' }));
    const today = new Date().toISOString().slice(0, 10);
    const put = await h.call('delegate', 'PUT', `${API}/real-estate/${id}`, {
      ...house(owner, { selectedEvaluation: 260000, description: 'Casa rinnovata', mortgage }),
      clientId: undefined,
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body).toMatchObject({
      description: 'Casa rinnovata',
      selectedEvaluation: 260000,
      evaluationDate: today,
    });
    const mortgageId = put.body.mortgageId;
    expect(mortgageId).toEqual(expect.any(Number));
    const evaluations = await h.call('pro', 'GET', `${API}/real-estate/${id}/evaluation?sort=evaluationDate,asc`);
    expect(
      evaluations.body.item.map((e: { evaluationDate: string; value: number }) => [e.evaluationDate, e.value]),
    ).toEqual([
      ['2023-01-01', 250000],
      [today, 260000],
    ]);

    const updated = await h.call('pro', 'PUT', `${API}/real-estate/${id}`, {
      ...house(owner, { selectedEvaluation: 260000, mortgage: { ...mortgage, amount: 90000 } }),
      clientId: undefined,
    });
    expect(updated.body.mortgageId).toBe(mortgageId);
    expect((await h.call('pro', 'GET', `${API}/real-estate/${id}/mortgage/${mortgageId}`)).body.amount).toBe(90000);

    const kept = await h.call('pro', 'PUT', `${API}/real-estate/${id}`, {
      ...house(owner, { selectedEvaluation: 260000 }),
      clientId: undefined,
    });
    expect(kept.body.mortgageId).toBe(mortgageId);
    const cleared = await h.call('pro', 'PUT', `${API}/real-estate/${id}`, {
      ...house(owner, { selectedEvaluation: 260000, mortgage: null }),
      clientId: undefined,
    });
    expect(cleared.body.mortgageId).toBeNull();
    expect(
      (await h.one<{ n: number }>('select count(*)::int as n from mortgages where real_estate_id = $1', [id])).n,
    ).toBe(0);
  });

  test('sell: it leaves the tables and appears in the sold list', async () => {
    const client = (
      await h.one<{ id: number }>(
        "insert into clients (last_name, created_by) values ('Venditore', (select id from users where login = 'pro')) returning id",
      )
    ).id;
    const id = await create('pro', house(client));
    const r = await h.call('pro', 'PATCH', `${API}/real-estate/${id}`, { soldDate: '2025-03-01', soldValue: 280000 });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id, soldDate: '2025-03-01', soldValue: 280000 });
    expect((await h.call('pro', 'GET', `${API}/real-estate?clientId=${client}`)).body.item).toEqual([]);
    const sold = await h.call('pro', 'GET', `${API}/real-estate/sold?clientId=${client}&size=10000`);
    expect(sold.body.item.map((p: { id: number }) => p.id)).toEqual([id]);
    const stat = await h.call('pro', 'GET', `${API}/real-estate/dashboard/stat?clientId=${client}`);
    expect(stat.body.totalValue).toBe(0);
    const bad = await h.call('pro', 'PATCH', `${API}/real-estate/${id}`, { soldDate: '2025-03-01' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual([{ field: 'body.soldValue', message: expect.any(String) }]);
  });

  test('delete: the property, its evaluations and mortgage go; then 404', async () => {
    const id = await create('pro', house(owner, { mortgage }));
    const r = await h.call('pro', 'DELETE', `${API}/real-estate/${id}`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ id });
    expect((await h.call('pro', 'GET', `${API}/real-estate/${id}`)).status).toBe(404);
    const left = await h.one<{ e: number; m: number }>(
      `select (select count(*)::int from real_estate_evaluations where real_estate_id = $1) as e,
        (select count(*)::int from mortgages where real_estate_id = $1) as m`,
      [id],
    );
    expect(left).toEqual({ e: 0, m: 0 });
  });
});

describe('optional fields left empty', () => {
  // Spec section 5: mq, income, maintenance cost, purchase value (and date, cadastral income) are optional. Sent
  // empty (null, as the form sends them), they are stored as null, not 0, and read back as null.
  const empty = {
    mq: null,
    purchaseValue: null,
    purchaseDate: null,
    income: null,
    maintenanceCost: null,
    cadastralIncome: null,
    addressNumber: null,
    note: null,
  };

  test('POST with empty optionals stores null; GET answers null; the figures count them as 0', async () => {
    const id = await create('pro', house(owner, { ...empty, description: 'Casa senza dati facoltativi' }));
    const stored = await h.one(
      'select mq, purchase_value, income, maintenance_cost, cadastral_income, address_number, note from real_estates where id = $1',
      [id],
    );
    expect(stored).toEqual({
      mq: null,
      purchase_value: null,
      income: null,
      maintenance_cost: null,
      cadastral_income: null,
      address_number: null,
      note: null,
    });
    const got = await h.call('pro', 'GET', `${API}/real-estate/${id}?clientId=${owner}`);
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({ ...empty, eurPerMq: null });
    const stat = await h.call('pro', 'GET', `${API}/real-estate/dashboard/stat?clientId=${owner}`);
    expect(stat.status).toBe(200);
    expect(Number.isFinite(stat.body.monthlyIncome)).toBe(true);
    await h.call('pro', 'DELETE', `${API}/real-estate/${id}`);
  });

  test('PUT clearing them stores null; 0 stays 0', async () => {
    const id = await create(
      'pro',
      house(owner, { purchaseValue: 200000, income: 0, maintenanceCost: 1200, description: 'Casa da svuotare' }),
    );
    const { clientId: _, ...body } = house(owner, { ...empty, income: 0, description: 'Casa da svuotare' });
    const r = await h.call('pro', 'PUT', `${API}/real-estate/${id}`, body);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ mq: null, purchaseValue: null, income: 0, maintenanceCost: null });
    await h.call('pro', 'DELETE', `${API}/real-estate/${id}`);
  });
});

describe('bad bodies: 400 naming the fields, nothing written', () => {
  test.each([
    [
      'required fields missing',
      // Undefined keys are left out of the JSON body.
      { description: undefined, city: undefined, percOwned: undefined },
      ['body.description', 'body.city', 'body.percOwned'],
    ],
    ['a province for a country other than IT', { country: 'FR', provinceCode: 'MI' }, ['body.provinceCode']],
    ['no province for IT', { provinceCode: null }, ['body.provinceCode']],
    ['an unknown province', { provinceCode: 'ZZ' }, ['body.provinceCode']],
    ['an unknown country', { country: 'XX', provinceCode: null }, ['body.country']],
    ['a percentage over 100%', { percOwned: 1.5 }, ['body.percOwned']],
    [
      'a mortgage with fields missing',
      { mortgage: { amount: 100000, initDate: '2024-01-31' } },
      [
        'body.mortgage.rataType',
        'body.mortgage.totalRata',
        'body.mortgage.interestRateType',
        'body.mortgage.amortization',
        'body.mortgage.interestRate',
      ],
    ],
    ['an unknown currency', { currencyId: 999 }, ['body.currencyId']],
  ])('%s', async (_name, over, fields) => {
    const before = await counts();
    const body = { ...house(owner), ...over };
    const r = await h.call('pro', 'POST', `${API}/real-estate`, body);
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(r.body.fields.map((f: { field: string }) => f.field).sort()).toEqual([...fields].sort());
    expect(await counts()).toEqual(before);
  });

  test('the same rules on an edit', async () => {
    const id = await create('pro', house(owner));
    const before = await counts();
    const r = await h.call('pro', 'PUT', `${API}/real-estate/${id}`, {
      ...house(owner, { country: 'CH', provinceCode: 'CO', mortgage: { ...mortgage, totalRata: 0 } }),
      clientId: undefined,
    });
    expect(r.status).toBe(400);
    expect(r.body.fields.map((f: { field: string }) => f.field)).toEqual(['body.mortgage.totalRata']);
    const r2 = await h.call('pro', 'PUT', `${API}/real-estate/${id}`, {
      ...house(owner, { country: 'CH', provinceCode: 'CO' }),
      clientId: undefined,
    });
    expect(r2.body.fields).toEqual([{ field: 'body.provinceCode', message: 'only for country IT' }]);
    expect(await counts()).toEqual(before);
  });
});

describe('evaluations', () => {
  test('add, list, edit; the latest by date is the current value', async () => {
    const id = await create('pro', house(owner, { evaluationDate: '2022-01-01', selectedEvaluation: 200000 }));
    const add = await h.call('pro', 'POST', `${API}/real-estate/${id}/evaluation`, {
      evaluationDate: '2024-01-01',
      value: 230000,
    });
    expect(add.status).toBe(200);
    expect(add.body).toEqual({ id: expect.any(Number), realEstateId: id, evaluationDate: '2024-01-01', value: 230000 });
    expect((await h.call('pro', 'GET', `${API}/real-estate/${id}`)).body.selectedEvaluation).toBe(230000);
    const list = await h.call('client', 'GET', `${API}/real-estate/${id}/evaluation`);
    expect(list.status).toBe(404);
    const listed = await h.call('pro', 'GET', `${API}/real-estate/${id}/evaluation`);
    expect(listed.body).toMatchObject({ total: 2, page: 1, size: 10000 });
    expect(listed.body.item.map((e: { evaluationDate: string }) => e.evaluationDate)).toEqual([
      '2024-01-01',
      '2022-01-01',
    ]);
    const edit = await h.call('pro', 'PUT', `${API}/real-estate/${id}/evaluation/${add.body.id}`, {
      evaluationDate: '2021-06-30',
      value: 190000,
    });
    expect(edit.body).toMatchObject({ evaluationDate: '2021-06-30', value: 190000 });
    expect((await h.call('pro', 'GET', `${API}/real-estate/${id}`)).body).toMatchObject({
      selectedEvaluation: 200000,
      evaluationDate: '2022-01-01',
    });
  });

  test('409 evaluation_date_present for a date the property already has, nothing written', async () => {
    const id = await create('pro', house(owner, { evaluationDate: '2022-01-01' }));
    const other = await h.call('pro', 'POST', `${API}/real-estate/${id}/evaluation`, {
      evaluationDate: '2023-01-01',
      value: 1,
    });
    const before = await counts();
    const dup = await h.call('pro', 'POST', `${API}/real-estate/${id}/evaluation`, {
      evaluationDate: '2022-01-01',
      value: 260000,
    });
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ statusCode: 409, message: 'evaluation_date_present' });
    const moved = await h.call('pro', 'PUT', `${API}/real-estate/${id}/evaluation/${other.body.id}`, {
      evaluationDate: '2022-01-01',
      value: 5,
    });
    expect(moved.status).toBe(409);
    expect(moved.body.message).toBe('evaluation_date_present');
    expect(await counts()).toEqual(before);
    // Keeping its own date is no conflict.
    const same = await h.call('pro', 'PUT', `${API}/real-estate/${id}/evaluation/${other.body.id}`, {
      evaluationDate: '2023-01-01',
      value: 5,
    });
    expect(same.status).toBe(200);
  });

  test('bad evaluation bodies and foreign ids', async () => {
    const id = await create('pro', house(owner));
    const bad = await h.call('pro', 'POST', `${API}/real-estate/${id}/evaluation`, {
      evaluationDate: '2024-13-01',
      value: -1,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.map((f: { field: string }) => f.field).sort()).toEqual([
      'body.evaluationDate',
      'body.value',
    ]);
    expect(
      (await h.call('pro2', 'POST', `${API}/real-estate/${id}/evaluation`, { evaluationDate: '2024-01-01', value: 1 }))
        .status,
    ).toBe(404);
    expect(
      (
        await h.call('client', 'POST', `${API}/real-estate/${id}/evaluation`, {
          evaluationDate: '2024-01-01',
          value: 1,
        })
      ).status,
    ).toBe(403);
    const foreign = (await h.call('pro2', 'GET', `${API}/real-estate?clientId=${ferrari}`)).body.item[0];
    const foreignEval = (await h.call('pro2', 'GET', `${API}/real-estate/${foreign.id}/evaluation`)).body.item[0];
    // An evaluation of another property through this one's id is not found.
    expect(
      (
        await h.call('pro', 'PUT', `${API}/real-estate/${id}/evaluation/${foreignEval.id}`, {
          evaluationDate: '2024-01-01',
          value: 1,
        })
      ).status,
    ).toBe(404);
  });
});

describe('mortgages', () => {
  test('add (one per property), read with residual debt, edit, delete', async () => {
    const id = await create('pro', house(owner));
    const add = await h.call('pro', 'POST', `${API}/real-estate/${id}/mortgage`, mortgage);
    expect(add.status, JSON.stringify(add.body)).toBe(200);
    expect(add.body).toMatchObject({ realEstateId: id, ...mortgage });
    // A 240-month mortgage from 2024-01-31 still owes something and costs 554.60 a month until 2044.
    expect(add.body.residualDebt).toBeGreaterThan(0);
    expect(add.body.residualDebt).toBeLessThan(100000);
    expect(add.body.monthlyInstallment).toBe(554.6);
    const mortgageId = add.body.id;
    expect((await h.call('pro', 'GET', `${API}/real-estate/${id}`)).body.mortgageId).toBe(mortgageId);

    const before = await counts();
    const again = await h.call('pro', 'POST', `${API}/real-estate/${id}/mortgage`, mortgage);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('mortgage_present');
    expect(await counts()).toEqual(before);

    const edit = await h.call('delegate', 'PUT', `${API}/real-estate/${id}/mortgage/${mortgageId}`, {
      ...mortgage,
      amortization: 'VAR',
      rataType: 'QUARTERLY',
      totalRata: 80,
    });
    expect(edit.body).toMatchObject({ amortization: 'VAR', rataType: 'QUARTERLY', totalRata: 80 });
    expect((await h.call('client', 'DELETE', `${API}/real-estate/${id}/mortgage/${mortgageId}`)).status).toBe(403);
    expect((await h.call('pro2', 'DELETE', `${API}/real-estate/${id}/mortgage/${mortgageId}`)).status).toBe(404);
    expect((await h.call('pro', 'DELETE', `${API}/real-estate/${id}/mortgage/${mortgageId}`)).body).toEqual({
      id: mortgageId,
    });
    expect((await h.call('pro', 'GET', `${API}/real-estate/${id}/mortgage/${mortgageId}`)).status).toBe(404);
  });

  test('a mortgage with fields missing: 400 naming them, nothing written', async () => {
    const id = await create('pro', house(owner));
    const before = await counts();
    const r = await h.call('pro', 'POST', `${API}/real-estate/${id}/mortgage`, {
      amount: 0,
      initDate: '2024-01-31',
      rataType: 'WEEKLY',
    });
    expect(r.status).toBe(400);
    expect(r.body.fields.map((f: { field: string }) => f.field).sort()).toEqual([
      'body.amortization',
      'body.amount',
      'body.interestRate',
      'body.interestRateType',
      'body.rataType',
      'body.totalRata',
    ]);
    expect(await counts()).toEqual(before);
  });
});

describe('the suggested evaluation', () => {
  test('of a property in another conservation state, and for the create form', async () => {
    const id = await create('pro', house(owner, { mq: 100, provinceCode: 'RM', city: 'Roma' }));
    // Roma takes Lazio's 2,126 EUR/m2: OPTIMAL x 1.2 = 2,551.2 -> 2,551; 100 m2 -> 255,100.
    const r = await h.call('pro', 'GET', `${API}/real-estate/${id}/last-evaluation?conservationState=OPTIMAL`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      value: 255100,
      eurPerMq: 2551,
      date: '2024-10-31',
      provinceCode: 'RM',
      conservationState: 'OPTIMAL',
      reason: null,
    });
    expect(r.body.source).toContain('idealista');
    const form = await h.call(
      'client',
      'GET',
      `${API}/real-estate/suggested-evaluation?provinceCode=MI&typology=COMMERCIAL&conservationState=OPTIMAL&mq=50`,
    );
    // 3,398 x 0.9 x 1.2 = 3,669.84 -> 3,670; x 50 = 183,500.
    expect(form.body).toMatchObject({ value: 183500, eurPerMq: 3670 });
    const bad = await h.call('pro', 'GET', `${API}/real-estate/suggested-evaluation?provinceCode=ZZ&typology=LAND`);
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual([{ field: 'querystring.provinceCode', message: 'unknown Italian province' }]);
    const abroad = await create('pro', house(owner, { country: 'FR', provinceCode: null, city: 'Paris' }));
    expect((await h.call('pro', 'GET', `${API}/real-estate/${abroad}/last-evaluation`)).body).toMatchObject({
      value: null,
      reason: 'NO_PROVINCE',
    });
  });
});

describe('who may write', () => {
  test('BASIC writes nothing (403); another PRO’s ids answer 404; a foreign owner on create 404', async () => {
    const id = await create('pro', house(owner));
    const before = await counts();
    expect((await h.call('client', 'POST', `${API}/real-estate`, house(rossi))).status).toBe(403);
    expect(
      (await h.call('client', 'PATCH', `${API}/real-estate/${id}`, { soldDate: '2025-01-01', soldValue: 1 })).status,
    ).toBe(403);
    expect((await h.call('pro2', 'POST', `${API}/real-estate`, house(owner))).status).toBe(404);
    expect(
      (await h.call('pro2', 'PUT', `${API}/real-estate/${id}`, { ...house(owner), clientId: undefined })).status,
    ).toBe(404);
    expect((await h.call('pro2', 'DELETE', `${API}/real-estate/${id}`)).status).toBe(404);
    expect((await h.call('pro2', 'GET', `${API}/real-estate/${id}`)).status).toBe(404);
    expect((await h.call(null, 'GET', `${API}/real-estate/${id}`)).status).toBe(401);
    expect(await counts()).toEqual(before);
  });
});
