// Planning on the real app (issue 18): human capital (planned and recorded flows, policies, the figure with its
// settings, family weights, the overview's flux), goals (the target date after today, their probability from the
// overview's projection), simulations (init from the client's data, save, the projection against today's situation,
// items of another client refused); BASIC on its own data; 400s that write nothing.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Harness, type Login, startHarness } from '../../testing/harness.ts';

const API = '/api/v1';
let h: Harness;
let rossi: number;
let anna: number;
let luca: number;
let family: number;
let other: number;

const idOf = async (sql: string, params: unknown[] = []) => Number((await h.one<{ id: number }>(sql, params)).id);
const today = () => new Date().toISOString().slice(0, 10);
const cents = (v: number) => Math.round(v * 100) / 100;

/** date + n months, the day clamped to the month's end (the engine's calendar, written again for the test). */
function addMonths(date: string, n: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const months = y * 12 + (m - 1) + n;
  const year = Math.floor(months / 12);
  const month = (months % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${String(month).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}
const days = (a: string, b: string) => (Date.parse(b) - Date.parse(a)) / 86_400_000;

async function ok(login: Login, method: string, url: string, body?: unknown) {
  const r = await h.call(login, method, `${API}${url}`, body);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}

/** Every row of the planning tables and the audit log, to show that a refused call changed nothing. */
const snapshot = () =>
  h.one<Record<string, string>>(
    `select (select count(*) from audit_log)::text as audit,
            (select coalesce(string_agg(id::text || description || amount::text, ',' order by id), '') from hc_flows) as flows,
            (select coalesce(string_agg(id::text || amount::text, ',' order by id), '') from hc_flow_records) as records,
            (select coalesce(string_agg(id::text || capital::text, ',' order by id), '') from life_policies) as policies,
            (select coalesce(string_agg(id::text || amount::text || init_date::text, ',' order by id), '') from goals) as goals,
            (select coalesce(string_agg(id::text || name || cash::text, ',' order by id), '') from simulations) as sims,
            (select coalesce(string_agg(client_id::text || coalesce(discount_rate::text, '-'), ','), '') from planning_settings) as settings`,
  );

beforeAll(async () => {
  h = await startHarness();
  rossi = await idOf("select id from clients where tax_code = 'RSSMRA80A01H501U'");
  const pro = await idOf("select id from users where login = 'pro'");
  const pro2 = await idOf("select id from users where login = 'pro2'");
  anna = await idOf(
    "insert into clients (first_name, last_name, created_by) values ('Anna', 'Piani', $1) returning id",
    [pro],
  );
  luca = await idOf(
    "insert into clients (first_name, last_name, created_by) values ('Luca', 'Piani', $1) returning id",
    [pro],
  );
  other = await idOf(
    "insert into clients (first_name, last_name, created_by) values ('Altro', 'Cliente', $1) returning id",
    [pro2],
  );
  family = await idOf("insert into families (name, created_by) values ('Famiglia Piani', $1) returning id", [pro]);
  await h.t.app.db.query(
    'insert into family_members (family_id, client_id, weight) values ($1, $2, 1), ($1, $3, 0.5)',
    [family, anna, luca],
  );
});
afterAll(async () => {
  await h?.t.close();
});

const salary = (clientId: number, over: Record<string, unknown> = {}) => ({
  clientId,
  description: 'Stipendio',
  direction: 'IN',
  category: 'SALARY',
  flowGroup: 'WORK_FLOWS',
  amount: 12_000,
  frequency: 'YEARLY',
  startDate: addMonths(today(), -6),
  endDate: null,
  growthRate: 0,
  note: null,
  ...over,
});

describe('human capital', () => {
  test('the figure: the present value of the planned flows to the retirement date, discounted actual/365', async () => {
    const start = addMonths(today(), -6);
    await ok('pro', 'POST', '/human-capital/flow', salary(anna, { startDate: start }));
    const retirement = addMonths(today(), 12 * 5);
    const summary = (await ok('pro', 'PUT', '/human-capital/settings', {
      clientId: anna,
      retirementDate: retirement,
      discountRate: 0.04,
    })) as { humanCapital: number; members: { retirementSource: string; discountRate: number }[] };
    // The occurrences after today and on or before the retirement date: start + 12k months.
    let pv = 0;
    for (let k = 1; k < 10; k++) {
      const d = addMonths(start, 12 * k);
      if (d > today() && d <= retirement) pv += 12_000 / 1.04 ** (days(today(), d) / 365);
    }
    expect(summary.humanCapital).toBeCloseTo(cents(pv), 2);
    expect(summary.members[0]).toMatchObject({ retirementSource: 'SET', discountRate: 0.04 });
  });

  test("without settings: retirement at 67 from the tax code's birth date (Mario Rossi, born 1980-01-01)", async () => {
    const s = (await ok('pro', 'GET', `/human-capital/summary?clientId=${rossi}`)) as {
      members: { retirementDate: string; retirementSource: string; discountRate: number }[];
      humanCapital: number;
    };
    expect(s.members[0]).toMatchObject({
      retirementDate: '2047-01-01',
      retirementSource: 'TAX_CODE',
      discountRate: 0.03,
    });
    expect(s.humanCapital).toBeGreaterThan(0);
  });

  test("the overview's flux carries the planned net flow of the 12 months to the date", async () => {
    const before = (await ok('pro', 'GET', `/dashboard/${luca}?clientId=${luca}`)) as {
      flux: { humanCapital: number };
    };
    expect(before.flux.humanCapital).toBe(0);
    // A monthly salary of 2,000 started 3 months and 2 days ago: 3 occurrences dated in the last 12 months.
    const start = addMonths(today(), -3);
    const { id } = (await ok('pro', 'POST', '/human-capital/flow', {
      ...salary(luca, { amount: 2_000, frequency: 'MONTHLY', startDate: start }),
    })) as { id: number };
    const after = (await ok('pro', 'GET', `/dashboard/${luca}?clientId=${luca}`)) as { flux: { humanCapital: number } };
    const due = [0, 1, 2, 3].map((k) => addMonths(start, k)).filter((d) => d <= today()).length;
    expect(after.flux.humanCapital).toBe(2_000 * due);
    await ok('pro', 'DELETE', `/human-capital/flow/${id}`);
    const gone = (await ok('pro', 'GET', `/dashboard/${luca}?clientId=${luca}`)) as { flux: { humanCapital: number } };
    expect(gone.flux.humanCapital).toBe(0);
  });

  test('a family weighs each member: the figure is the sum of weight x the member’s figure', async () => {
    await ok('pro', 'POST', '/human-capital/flow', salary(luca, { amount: 8_000 }));
    const s = (await ok('pro', 'GET', `/human-capital/summary?familyId=${family}`)) as {
      humanCapital: number;
      members: { clientId: number; weight: number; humanCapital: number }[];
    };
    const a = (await ok('pro', 'GET', `/human-capital/summary?clientId=${anna}`)) as { humanCapital: number };
    const l = (await ok('pro', 'GET', `/human-capital/summary?clientId=${luca}`)) as { humanCapital: number };
    expect(s.members.map((m) => [m.clientId, m.weight])).toEqual([
      [anna, 1],
      [luca, 0.5],
    ]);
    expect(s.humanCapital).toBeCloseTo(a.humanCapital + 0.5 * l.humanCapital, 1);
    const flows = (await ok('pro', 'GET', `/human-capital/flow?familyId=${family}&size=100`)) as {
      item: { clientId: number; weight: number; owner: string }[];
    };
    expect(flows.item.find((f) => f.clientId === luca)).toMatchObject({ weight: 0.5, owner: 'Luca Piani' });
  });

  test('recorded flows: the default range from the start of the month a year ago to today, 5 a page, totals', async () => {
    const { id: flowId } = (await ok('pro', 'POST', '/human-capital/flow', {
      ...salary(anna, {
        description: 'Spese',
        direction: 'OUT',
        category: 'LIVING_COSTS',
        flowGroup: 'PERSONAL_FLOWS',
      }),
    })) as { id: number };
    const yearAgoMonth = `${addMonths(today(), -12).slice(0, 7)}-01`;
    const dates = [addMonths(today(), -13), yearAgoMonth, addMonths(today(), -1), today()];
    for (const [i, date] of dates.entries())
      await ok('pro', 'POST', '/human-capital/movement', { flowId, date, amount: 100 * (i + 1), note: null });
    const page = (await ok('pro', 'GET', `/human-capital/movement?clientId=${anna}`)) as {
      item: { date: string; amount: number }[];
      total: number;
      size: number;
      dateFrom: string;
      dateTo: string;
      expense: number;
      net: number;
    };
    expect(page).toMatchObject({ dateFrom: yearAgoMonth, dateTo: today(), total: 3, size: 5, expense: 900, net: -900 });
    expect(page.item.map((r) => r.date)).toEqual([today(), addMonths(today(), -1), yearAgoMonth]);
    const work = (await ok('pro', 'GET', `/human-capital/movement?clientId=${anna}&flowGroup=WORK_FLOWS`)) as {
      total: number;
    };
    expect(work.total).toBe(0);
    const bad = await h.call(
      'pro',
      'GET',
      `${API}/human-capital/movement?clientId=${anna}&dateFrom=2025-02-01&dateTo=2025-01-01`,
    );
    expect(bad.status).toBe(400);
  });

  test('life insurance: yearly premium and expiry; the summary sums the policies in force', async () => {
    const base = {
      clientId: luca,
      insurer: 'Compagnia',
      policyType: 'TERM_LIFE',
      policyNumber: null,
      insured: 'Luca Piani',
      beneficiary: 'Anna Piani',
      capital: 200_000,
      premium: 50,
      premiumFrequency: 'MONTHLY',
      startDate: '2020-01-01',
      endDate: null,
      surrenderValue: 1_000,
      note: null,
    };
    const { id } = (await ok('pro', 'POST', '/human-capital/insurance', base)) as { id: number };
    await ok('pro', 'POST', '/human-capital/insurance', { ...base, endDate: '2021-01-01', capital: 999_999 });
    const list = (await ok('pro', 'GET', `/human-capital/insurance?clientId=${luca}`)) as {
      item: { id: number; yearlyPremium: number; expired: boolean }[];
    };
    expect(list.item.find((p) => p.id === id)).toMatchObject({ yearlyPremium: 600, expired: false });
    expect(list.item.filter((p) => p.expired)).toHaveLength(1);
    const s = (await ok('pro', 'GET', `/human-capital/summary?clientId=${luca}`)) as Record<string, number>;
    expect(s).toMatchObject({ insuredCapital: 200_000, yearlyPremiums: 600, surrenderValue: 1_000 });
  });

  test('bad input answers 400 with the field and writes nothing; another tenant’s ids answer 404', async () => {
    const before = await snapshot();
    const bad = await h.call('pro', 'POST', `${API}/human-capital/flow`, {
      ...salary(anna, { startDate: '2025-01-01', endDate: '2024-01-01' }),
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('endDate');
    expect((await h.call('pro', 'POST', `${API}/human-capital/flow`, { ...salary(anna), amount: -1 })).status).toBe(
      400,
    );
    expect(
      (await h.call('pro', 'POST', `${API}/human-capital/flow`, { ...salary(anna), clientId: undefined })).status,
    ).toBe(400);
    expect((await h.call('pro', 'POST', `${API}/human-capital/flow`, salary(other))).status).toBe(404);
    expect((await h.call('pro', 'GET', `${API}/human-capital/summary?clientId=${other}`)).status).toBe(404);
    expect(await snapshot()).toEqual(before);
  });

  test('BASIC works on its own planning without naming its client, and never on another', async () => {
    const { id } = (await ok('client', 'POST', '/human-capital/flow', { ...salary(rossi), clientId: undefined })) as {
      id: number;
    };
    const own = (await ok('client', 'GET', '/human-capital/flow?size=100&flowGroup=WORK_FLOWS')) as {
      item: { id: number; clientId: number }[];
    };
    expect(own.item.map((f) => f.id)).toContain(id);
    expect(new Set(own.item.map((f) => f.clientId))).toEqual(new Set([rossi]));
    expect((await h.call('client', 'GET', `${API}/human-capital/flow?clientId=${anna}`)).status).toBe(404);
    await ok('client', 'DELETE', `/human-capital/flow/${id}`);
  });
});

describe('goals', () => {
  test('a goal is due after today (400, nothing written); its probability falls as its amount grows', async () => {
    const before = await snapshot();
    const past = await h.call('pro', 'POST', `${API}/goal`, {
      clientId: rossi,
      description: 'Ieri',
      amount: 1,
      initDate: today(),
    });
    expect(past.status).toBe(400);
    expect(JSON.stringify(past.body)).toContain('initDate');
    expect(await snapshot()).toEqual(before);

    const date = addMonths(today(), 12 * 10);
    const small = (await ok('pro', 'POST', '/goal', {
      clientId: rossi,
      description: 'Piccolo',
      amount: 1_000,
      initDate: date,
    })) as {
      id: number;
    };
    const huge = (await ok('pro', 'POST', '/goal', {
      clientId: rossi,
      description: 'Enorme',
      amount: 1_000_000_000,
      initDate: date,
    })) as { id: number };
    const p = (await ok('pro', 'GET', `/goal/projection?clientId=${rossi}`)) as {
      calculus: { graph: { name: string; data: number[] }[]; dates: string[] };
      yearlyFlows: number[];
      goals: { id: number; probability: number; median: number }[];
    };
    const of = (id: number) => p.goals.find((g) => g.id === id)!;
    expect(of(small.id).probability).toBeGreaterThan(0.99);
    expect(of(huge.id).probability).toBeLessThan(0.01);
    for (const g of p.goals) expect(g.probability).toBeGreaterThanOrEqual(0);
    // The demo's goals of Mario Rossi are there too, and the projection reaches the furthest goal.
    expect(p.goals.length).toBeGreaterThanOrEqual(4);
    expect(p.calculus.dates.length).toBeGreaterThanOrEqual(21);
    expect(p.yearlyFlows.length).toBe(p.calculus.dates.length - 1);
    const list = (await ok('pro', 'GET', `/goal?clientId=${rossi}`)) as { item: { initDate: string }[]; size: number };
    expect(list.size).toBe(100000);
    expect(list.item.map((g) => g.initDate)).toEqual([...list.item.map((g) => g.initDate)].sort());
    await ok('pro', 'DELETE', `/goal/${small.id}`);
    await ok('pro', 'DELETE', `/goal/${huge.id}`);
  });

  test("the goals' projection starts from the overview's: the same wealth at year 0, with the planned flows", async () => {
    const d = (await ok('pro', 'GET', `/dashboard/${rossi}?clientId=${rossi}`)) as {
      calculus: { graph: { name: string; data: number[] }[] };
    };
    const p = (await ok('pro', 'GET', `/goal/projection?clientId=${rossi}`)) as {
      calculus: { graph: { name: string; data: number[] }[] };
      yearlyFlows: number[];
    };
    const band = (c: typeof d.calculus) => c.graph.find((g) => g.name === '60%')!.data;
    expect(band(p.calculus)[0]).toBe(band(d.calculus)[0]);
    expect(band(p.calculus).slice(0, 21)).toEqual(band(d.calculus));
    // Mario Rossi's salary, costs and mortgages give a non-zero planned flow in year 1.
    expect(p.yearlyFlows[0]).not.toBe(0);
  });

  test('BASIC adds its own goal without naming its client; a PRO must name one (400)', async () => {
    const initDate = addMonths(today(), 24);
    const { id } = (await ok('client', 'POST', '/goal', { description: 'Auto', amount: 30_000, initDate })) as {
      id: number;
    };
    const mine = (await ok('client', 'GET', '/goal')) as { item: { id: number; clientId: number }[] };
    expect(mine.item.map((g) => g.id)).toContain(id);
    expect((await h.call('pro', 'POST', `${API}/goal`, { description: 'X', amount: 1, initDate })).status).toBe(400);
    expect((await h.call('pro2', 'GET', `${API}/goal/${id}`)).status).toBe(404);
    await ok('client', 'DELETE', `/goal/${id}`);
  });
});

describe('simulations (/gc)', () => {
  type Body = {
    name: string;
    realEstate: { realEstateId: number | null; evaluation: number; percOwned: number; mortgage: unknown }[];
    financial: { cash: number; shares: number; bond: number; commodities: number; crypto: number };
    artlux: { luxId: number | null; valuation: number }[];
    share: { companyId: number | null; amount: number }[];
    startingCash: number;
    startingPercentage: number;
  };
  type Wealth = {
    current: { graph: { name: string; data: number[] }[] };
    simulation: { graph: { name: string; data: number[] }[] };
    currentTotals: { gross: number; debt: number; net: number };
    simulationTotals: { gross: number; debt: number; net: number };
  };

  test("init fills the client's data: its properties with mortgages, the financial split, goods and shares", async () => {
    const init = (await ok('pro', 'GET', `/gc/init?clientId=${rossi}`)) as Body;
    const properties = await h.t.app.db.query<{ id: string }>(
      'select id from real_estates where client_id = $1 and sold_date is null order by id',
      [rossi],
    );
    expect(init.realEstate.map((r) => r.realEstateId)).toEqual(properties.rows.map((r) => Number(r.id)));
    expect(init.realEstate.some((r) => r.mortgage !== null)).toBe(true);
    expect(init.financial.shares + init.financial.bond).toBeGreaterThan(0);
    expect(init.startingCash).toBe(init.financial.cash);
    expect(init.startingPercentage).toBeGreaterThanOrEqual(0);
    expect(init.startingPercentage).toBeLessThanOrEqual(1);
    // The dashboard's financial wealth is the split's sum.
    const d = (await ok('pro', 'GET', `/dashboard/${rossi}?clientId=${rossi}`)) as {
      richComposition: { financial: number };
    };
    const f = init.financial;
    expect(f.cash + f.shares + f.bond + f.commodities + f.crypto).toBeCloseTo(d.richComposition.financial, 0);
  });

  test('an unchanged simulation projects as today; selling a property changes the bands; saved, it reads back', async () => {
    const init = (await ok('pro', 'GET', `/gc/init?clientId=${rossi}`)) as Body;
    const same = (await ok('pro', 'POST', '/gc/wealth', {
      clientId: rossi,
      simulation: { ...init, name: 'Uguale' },
    })) as Wealth;
    expect(same.simulation).toEqual(same.current);
    expect(same.simulationTotals).toEqual(same.currentTotals);

    const sold = init.realEstate[0]!;
    const edited = {
      ...init,
      name: 'Vendo la prima casa',
      realEstate: init.realEstate.slice(1),
      financial: { ...init.financial, cash: init.financial.cash + sold.evaluation * sold.percOwned },
    };
    const w = (await ok('pro', 'POST', '/gc/wealth', { clientId: rossi, simulation: edited })) as Wealth;
    expect(w.simulation).not.toEqual(w.current);
    expect(w.simulationTotals.debt).toBeLessThanOrEqual(w.currentTotals.debt);

    const { id } = (await ok('pro', 'POST', '/gc', { clientId: rossi, ...edited })) as { id: number };
    const saved = (await ok('pro', 'GET', `/gc/${id}`)) as Body & { clientId: number };
    expect(saved).toMatchObject({ clientId: rossi, name: 'Vendo la prima casa', realEstate: edited.realEstate });
    const again = (await ok('pro', 'GET', `/gc/${id}/wealth`)) as Wealth;
    expect(again.simulation).toEqual(w.simulation);
    const list = (await ok('pro', 'GET', `/gc?clientId=${rossi}`)) as { item: { id: number; gross: number }[] };
    expect(list.item[0]).toMatchObject({ id, gross: w.simulationTotals.gross });
    await ok('pro', 'PUT', `/gc/${id}`, { ...edited, name: 'Rinominata' });
    expect(((await ok('pro', 'GET', `/gc/${id}`)) as Body).name).toBe('Rinominata');
    await ok('pro', 'DELETE', `/gc/${id}`);
    expect((await h.call('pro', 'GET', `${API}/gc/${id}`)).status).toBe(404);
  });

  test("a simulation naming another client's property is refused (400) and nothing is written", async () => {
    const init = (await ok('pro', 'GET', `/gc/init?clientId=${rossi}`)) as Body;
    const foreign = await idOf('select id from real_estates where client_id <> $1 order by id limit 1', [rossi]);
    const before = await snapshot();
    const body = {
      clientId: rossi,
      ...init,
      name: 'Intrusa',
      realEstate: [{ ...init.realEstate[0]!, realEstateId: foreign }],
    };
    const r = await h.call('pro', 'POST', `${API}/gc`, body);
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.body)).toContain('realEstate.0.realEstateId');
    expect((await h.call('pro', 'POST', `${API}/gc/wealth`, { clientId: rossi, simulation: body })).status).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  test('the demo has a saved simulation of Mario Rossi that BASIC reads; another tenant gets 404', async () => {
    const mine = (await ok('client', 'GET', '/gc')) as { item: { id: number; name: string }[] };
    expect(mine.item.length).toBeGreaterThanOrEqual(1);
    const id = mine.item[0]!.id;
    expect((await h.call('pro2', 'GET', `${API}/gc/${id}`)).status).toBe(404);
    expect((await h.call('pro2', 'GET', `${API}/gc/${id}/wealth`)).status).toBe(404);
  });
});
