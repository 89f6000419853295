// The real-estate figures through the API with a worked example: a client's stat, columns and pies, the real-estate
// composition, a family's figures weighted by member weight, the demo BASIC user's own figures, and the asset history
// of one property (day by day, paged and sorted).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { realEstateValueAt, realEstateValueSeries } from '../../real-estate/load.ts';
import { type Harness, startHarness } from '../../testing/harness.ts';

const API = '/api/v1';
let h: Harness;
let lucia: number;
let paolo: number;
let family: number;
let flat: number;
let land: number;
let villa: number;

const property = (clientId: number, over: Record<string, unknown>) => ({
  clientId,
  typology: 'RESIDENTIAL',
  destination: 'INCOME',
  conservationState: 'NORMAL',
  typeProperty: 'PROPERTY',
  currencyId: 1,
  description: 'Immobile',
  selectedEvaluation: 0,
  percOwned: 1,
  address: 'Via Roma',
  city: 'Bologna',
  country: 'IT',
  provinceCode: 'BO',
  ...over,
});

async function create(body: unknown): Promise<number> {
  const r = await h.call('pro', 'POST', `${API}/real-estate`, body);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.id;
}

beforeAll(async () => {
  h = await startHarness();
  const pro = (await h.one<{ id: number }>("select id from users where login = 'pro'")).id;
  const client = async (first: string, last: string) =>
    (
      await h.one<{ id: number }>(
        'insert into clients (first_name, last_name, created_by) values ($1, $2, $3) returning id',
        [first, last, pro],
      )
    ).id;
  lucia = await client('Lucia', 'Stat');
  paolo = await client('Paolo', 'Stat');
  family = (
    await h.one<{ id: number }>("insert into families (name, created_by) values ('Famiglia Stat', $1) returning id", [
      pro,
    ])
  ).id;
  await h.t.app.db.query(
    'insert into family_members (family_id, client_id, weight) values ($1, $2, 1), ($1, $3, 0.5)',
    [family, lucia, paolo],
  );
  // Lucia: a half-owned flat let for 12,000 a year (2,400 upkeep) with a mortgage not yet started (120,000 at 0% in
  // 120 monthly installments of 1,000 from 2099-12-31: all of it still owed, 1,000 a month); land worth 40,000 (1,200
  // upkeep); a shop sold, which no longer counts.
  flat = await create(
    property(lucia, {
      description: 'Bilocale',
      selectedEvaluation: 200000,
      evaluationDate: '2024-01-01',
      percOwned: 0.5,
      income: 12000,
      maintenanceCost: 2400,
      mortgage: {
        amount: 120000,
        initDate: '2099-12-31',
        rataType: 'MONTHLY',
        totalRata: 120,
        interestRateType: 'FIX',
        amortization: 'CONST',
        interestRate: 0,
      },
    }),
  );
  land = await create(
    property(lucia, {
      description: 'Terreno',
      typology: 'LAND',
      destination: 'AVAILABLE',
      selectedEvaluation: 40000,
      evaluationDate: '2023-06-30',
      maintenanceCost: 1200,
    }),
  );
  const shop = await create(
    property(lucia, {
      description: 'Negozio',
      typology: 'COMMERCIAL',
      selectedEvaluation: 90000,
      evaluationDate: '2024-01-01',
      income: 6000,
    }),
  );
  expect(
    (await h.call('pro', 'PATCH', `${API}/real-estate/${shop}`, { soldDate: '2024-06-01', soldValue: 95000 })).status,
  ).toBe(200);
  // Paolo (weight 0.5 in the family): his first house, 300,000.
  villa = await create(
    property(paolo, { description: 'Villa', destination: 'FIRST_HOUSE', selectedEvaluation: 300000 }),
  );
});
afterAll(async () => {
  await h?.t.close();
});

describe('a client’s figures', () => {
  test('the stat: worked example', async () => {
    // totalValue = 200,000 x 0.5 + 40,000 = 140,000; linkedDebt = 120,000 x 0.5 = 60,000;
    // monthlyIncome = 12,000 / 12 x 0.5 = 500; monthlyMaintenance = 2,400 / 12 x 0.5 + 1,200 / 12 = 200;
    // monthlyDebt = 1,000 x 0.5 = 500.
    const r = await h.call('delegate', 'GET', `${API}/real-estate/dashboard/stat?clientId=${lucia}`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      totalValue: 140000,
      linkedDebt: 60000,
      monthlyIncome: 500,
      monthlyMaintenance: 200,
      monthlyDebt: 500,
    });
  });

  test('columns and pies by destination and typology', async () => {
    const columns = await h.call('pro', 'GET', `${API}/real-estate/dashboard/column-destination?clientId=${lucia}`);
    expect(columns.body.item).toEqual([
      {
        name: 'AVAILABLE',
        totalValue: 40000,
        linkedDebt: 0,
        monthlyIncome: 0,
        monthlyMaintenance: 100,
        monthlyDebt: 0,
      },
      {
        name: 'INCOME',
        totalValue: 100000,
        linkedDebt: 60000,
        monthlyIncome: 500,
        monthlyMaintenance: 100,
        monthlyDebt: 500,
      },
      { name: 'FIRST_HOUSE', totalValue: 0, linkedDebt: 0, monthlyIncome: 0, monthlyMaintenance: 0, monthlyDebt: 0 },
    ]);
    const byTypology = await h.call('pro', 'GET', `${API}/real-estate/dashboard/column-typology?clientId=${lucia}`);
    expect(byTypology.body.item.map((x: { name: string; totalValue: number }) => [x.name, x.totalValue])).toEqual([
      ['RESIDENTIAL', 100000],
      ['COMMERCIAL', 0],
      ['LAND', 40000],
    ]);
    // 100,000 / 140,000 = 71.43%; 40,000 / 140,000 = 28.57%.
    const pie = await h.call('pro', 'GET', `${API}/real-estate/dashboard/pie-typology?clientId=${lucia}`);
    expect(pie.body.item).toEqual([
      { name: 'RESIDENTIAL', value: 100000, percentage: 71.43 },
      { name: 'COMMERCIAL', value: 0, percentage: 0 },
      { name: 'LAND', value: 40000, percentage: 28.57 },
    ]);
    const pieDestination = await h.call('pro', 'GET', `${API}/real-estate/dashboard/pie-destination?clientId=${lucia}`);
    expect(pieDestination.body.item).toEqual([
      { name: 'AVAILABLE', value: 40000, percentage: 28.57 },
      { name: 'INCOME', value: 100000, percentage: 71.43 },
      { name: 'FIRST_HOUSE', value: 0, percentage: 0 },
    ]);
  });
});

describe('a family’s figures: the members’ weighted by member weight', () => {
  test('stat and composition', async () => {
    // Lucia (weight 1) 140,000 + Paolo (weight 0.5) 300,000 x 0.5 = 150,000: 290,000.
    const stat = await h.call('pro', 'GET', `${API}/real-estate/dashboard/stat?familyId=${family}`);
    expect(stat.body).toEqual({
      totalValue: 290000,
      linkedDebt: 60000,
      monthlyIncome: 500,
      monthlyMaintenance: 200,
      monthlyDebt: 500,
    });
    const composition = await h.call('pro', 'GET', `${API}/dashboard/realestate-composition?familyId=${family}`);
    expect(composition.status).toBe(200);
    // 150,000 / 290,000 = 51.72%; 100,000 -> 34.48%; 40,000 -> 13.79%.
    expect(composition.body).toEqual({
      totalValue: 290000,
      item: [
        {
          id: villa,
          description: 'Villa',
          typology: 'RESIDENTIAL',
          destination: 'FIRST_HOUSE',
          owner: 'Paolo Stat',
          ownerId: paolo,
          value: 150000,
          percentage: 51.72,
        },
        {
          id: flat,
          description: 'Bilocale',
          typology: 'RESIDENTIAL',
          destination: 'INCOME',
          owner: 'Lucia Stat',
          ownerId: lucia,
          value: 100000,
          percentage: 34.48,
        },
        {
          id: land,
          description: 'Terreno',
          typology: 'LAND',
          destination: 'AVAILABLE',
          owner: 'Lucia Stat',
          ownerId: lucia,
          value: 40000,
          percentage: 13.79,
        },
      ],
      byTypology: [
        { name: 'RESIDENTIAL', value: 250000, percentage: 86.21 },
        { name: 'COMMERCIAL', value: 0, percentage: 0 },
        { name: 'LAND', value: 40000, percentage: 13.79 },
      ],
      byDestination: [
        { name: 'AVAILABLE', value: 40000, percentage: 13.79 },
        { name: 'INCOME', value: 100000, percentage: 34.48 },
        { name: 'FIRST_HOUSE', value: 150000, percentage: 51.72 },
      ],
    });
  });

  test('not for BASIC, nor for another PRO (404); clientId and familyId together 400', async () => {
    expect((await h.call('client', 'GET', `${API}/real-estate/dashboard/stat?familyId=${family}`)).status).toBe(404);
    expect((await h.call('pro2', 'GET', `${API}/real-estate/dashboard/pie-typology?familyId=${family}`)).status).toBe(
      404,
    );
    expect((await h.call('pro2', 'GET', `${API}/dashboard/realestate-composition?clientId=${lucia}`)).status).toBe(404);
    const both = await h.call('pro', 'GET', `${API}/real-estate/dashboard/stat?familyId=${family}&clientId=${lucia}`);
    expect(both.status).toBe(400);
  });
});

describe('the BASIC user’s own figures (demo data of Mario Rossi)', () => {
  test('without a clientId: its own client; the sold shop does not count', async () => {
    // Milano 565,000 x 1 + Roma 345,000 x 0.5 + Montalcino 110,000 x 1 = 847,500; the Como shop is sold.
    // Income: Roma 14,400 / 12 x 0.5 = 600; upkeep: Milano 3,600 / 12 + Roma 1,200 / 12 x 0.5 = 350.
    const r = await h.call('client', 'GET', `${API}/real-estate/dashboard/stat`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ totalValue: 847500, monthlyIncome: 600, monthlyMaintenance: 350 });
    // The Milano mortgage (250,000 from 2019, 300 monthly installments) is part paid.
    expect(r.body.linkedDebt).toBeGreaterThan(0);
    expect(r.body.linkedDebt).toBeLessThan(250000);
    expect(r.body.monthlyDebt).toBeGreaterThan(0);
    expect((await h.call('pro', 'GET', `${API}/real-estate/dashboard/stat`)).status).toBe(400);
  });
});

describe('the asset history of a property', () => {
  test('value x percOwned day by day from its evaluations, sorted and paged', async () => {
    expect(
      (
        await h.call('pro', 'POST', `${API}/real-estate/${flat}/evaluation`, {
          evaluationDate: '2024-01-03',
          value: 210000,
        })
      ).status,
    ).toBe(200);
    const url = `${API}/assets-history/real-estate/${flat}?dateFrom=2023-12-31&dateTo=2024-01-04`;
    const r = await h.call('pro', 'GET', `${url}&sort=date,asc`);
    expect(r.status).toBe(200);
    // No evaluation before 2024-01-01 (0); 200,000 x 0.5 from then; 210,000 x 0.5 from 2024-01-03.
    expect(r.body).toEqual({
      item: [
        { date: '2023-12-31', value: 0 },
        { date: '2024-01-01', value: 100000 },
        { date: '2024-01-02', value: 100000 },
        { date: '2024-01-03', value: 105000 },
        { date: '2024-01-04', value: 105000 },
      ],
      total: 5,
      page: 1,
      size: 10000,
    });
    const paged = await h.call('pro', 'GET', `${url}&sort=date,desc&size=2&page=2`);
    expect(paged.body.item.map((x: { date: string }) => x.date)).toEqual(['2024-01-02', '2024-01-01']);
    expect(paged.body.total).toBe(5);
  });

  test('from 2020-01-01 to today by default; a sold property is 0 from its sale; bad ranges 400; foreign 404', async () => {
    const all = await h.call('pro', 'GET', `${API}/assets-history/real-estate/${land}`);
    expect(all.body.item[0]).toEqual({ date: '2020-01-01', value: 0 });
    expect(all.body.item.at(-1)).toEqual({ date: new Date().toISOString().slice(0, 10), value: 40000 });
    const soldShop = (await h.call('pro', 'GET', `${API}/real-estate/sold?clientId=${lucia}`)).body.item[0];
    const shop = await h.call(
      'pro',
      'GET',
      `${API}/assets-history/real-estate/${soldShop.id}?dateFrom=2024-05-31&dateTo=2024-06-01`,
    );
    expect(shop.body.item).toEqual([
      { date: '2024-05-31', value: 90000 },
      { date: '2024-06-01', value: 0 },
    ]);
    const bad = await h.call(
      'pro',
      'GET',
      `${API}/assets-history/real-estate/${land}?dateFrom=2024-02-01&dateTo=2024-01-01`,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual([{ field: 'querystring.dateFrom', message: 'dateFrom must not be after dateTo' }]);
    expect((await h.call('pro2', 'GET', `${API}/assets-history/real-estate/${land}`)).status).toBe(404);
    expect((await h.call('client', 'GET', `${API}/assets-history/real-estate/${land}`)).status).toBe(404);
  });
});

describe('for the dashboard and the total asset history (asset REALESTATE)', () => {
  test('the value of clients with weights at a date and day by day', async () => {
    const owners = [
      { clientId: lucia, weight: 1 },
      { clientId: paolo, weight: 0.5 },
    ];
    const db = h.t.app.db;
    // Lucia: land 40,000 from 2023-06-30; flat 200,000 x 0.5 from 2024-01-01 (210,000 x 0.5 from 2024-01-03); the shop
    // 90,000 from 2024-01-01 until its sale on 2024-06-01. Paolo's villa is valued from today only.
    expect(await realEstateValueAt(db, owners, '2023-12-31')).toBe(40000);
    expect(await realEstateValueAt(db, owners, '2024-05-31')).toBe(40000 + 105000 + 90000);
    expect(await realEstateValueSeries(db, owners, '2024-05-31', '2024-06-01')).toEqual([
      { date: '2024-05-31', value: 235000 },
      { date: '2024-06-01', value: 145000 },
    ]);
    const today = new Date().toISOString().slice(0, 10);
    expect(await realEstateValueAt(db, owners, today)).toBe(145000 + 150000);
    expect(await realEstateValueAt(db, [], today)).toBe(0);
  });

  test('a change to a property, an evaluation or a mortgage makes cached figures stale (analytics version)', async () => {
    const version = async () =>
      Number(
        (
          await h.one<{ v: string | null }>('select version::text as v from analytics_versions where client_id = $1', [
            lucia,
          ])
        )?.v ?? 0,
      );
    const steps: Array<() => Promise<unknown>> = [
      () =>
        h.call('pro', 'POST', `${API}/real-estate/${land}/evaluation`, { evaluationDate: '2025-01-01', value: 41000 }),
      () => h.t.app.db.query('update mortgages set interest_rate = 0 where real_estate_id = $1', [flat]),
      () => h.t.app.db.query("update real_estates set note = 'nota' where id = $1", [land]),
    ];
    for (const step of steps) {
      const before = await version();
      await step();
      expect(await version()).toBeGreaterThan(before);
    }
  });
});
