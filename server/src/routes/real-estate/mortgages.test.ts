// A mortgage's schedule through the API, against worked examples with yearly, quarterly and four-monthly payments (the
// same as engine/src/mortgage.test.ts, worked out there and here), the residual debt at a date, bad query strings, who
// may see it; and the overview's real-estate flux, which counts the installments due in the last 12 months.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Harness, startHarness } from '../../testing/harness.ts';

const API = '/api/v1';
let h: Harness;
/** Two clients of `pro`, each with one property owned whole, without income or costs. */
let yearlyOwner: number;
let quarterlyOwner: number;
const ids = {
  yearly: { id: 0, mortgageId: 0 },
  quarterly: { id: 0, mortgageId: 0 },
  fourMonthly: { id: 0, mortgageId: 0 },
};

const FIX = { interestRateType: 'FIX' } as const;
/** 10,000 at 5% CONST, YEARLY, 3 installments from 2024-03-15. */
const YEARLY = {
  ...FIX,
  amount: 10000,
  initDate: '2024-03-15',
  rataType: 'YEARLY',
  totalRata: 3,
  amortization: 'CONST',
  interestRate: 5,
};
/** 12,000 at 4% VAR, QUARTERLY, 4 installments from 2024-01-31. */
const QUARTERLY = {
  ...FIX,
  amount: 12000,
  initDate: '2024-01-31',
  rataType: 'QUARTERLY',
  totalRata: 4,
  amortization: 'VAR',
  interestRate: 4,
};
/** 9,000 at 6% CONST, FOUR_MONTH, 3 installments from 2024-10-31. */
const FOUR_MONTHLY = {
  ...FIX,
  amount: 9000,
  initDate: '2024-10-31',
  rataType: 'FOUR_MONTH',
  totalRata: 3,
  amortization: 'CONST',
  interestRate: 6,
};

const property = (clientId: number, description: string, mortgage: Record<string, unknown>) => ({
  clientId,
  typology: 'RESIDENTIAL',
  destination: 'FIRST_HOUSE',
  conservationState: 'NORMAL',
  typeProperty: 'PROPERTY',
  currencyId: 1,
  description,
  selectedEvaluation: 200000,
  evaluationDate: '2024-01-01',
  percOwned: 1,
  address: 'Via Roma',
  city: 'Bologna',
  country: 'IT',
  provinceCode: 'BO',
  mortgage,
});

async function create(body: unknown): Promise<{ id: number; mortgageId: number }> {
  const r = await h.call('pro', 'POST', `${API}/real-estate`, body);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const read = await h.call('pro', 'GET', `${API}/real-estate/${r.body.id}`);
  expect(read.body.mortgageId).toEqual(expect.any(Number));
  return { id: r.body.id, mortgageId: read.body.mortgageId };
}

const scheduleUrl = (p: { id: number; mortgageId: number }, query = '') =>
  `${API}/real-estate/${p.id}/mortgage/${p.mortgageId}/schedule${query}`;

beforeAll(async () => {
  h = await startHarness();
  const pro = (await h.one<{ id: number }>("select id from users where login = 'pro'")).id;
  const client = async (last: string) =>
    (
      await h.one<{ id: number }>(
        "insert into clients (first_name, last_name, created_by) values ('Mutuo', $1, $2) returning id",
        [last, pro],
      )
    ).id;
  yearlyOwner = await client('Annuale');
  quarterlyOwner = await client('Trimestrale');
  ids.yearly = await create(property(yearlyOwner, 'Casa annuale', YEARLY));
  ids.quarterly = await create(property(quarterlyOwner, 'Casa trimestrale', QUARTERLY));
  ids.fourMonthly = await create(property(quarterlyOwner, 'Casa quadrimestrale', FOUR_MONTHLY));
});
afterAll(async () => {
  await h?.t.close();
});

describe('the schedule', () => {
  test('yearly CONST: 3 installments of 3,672.09; the residual debt at a date', async () => {
    // i = 5% / 1 = 0.05; A = 10,000 x 0.05 / (1 - 1.05^-3) = 500 / 0.1361624 = 3,672.0856 -> 3,672.09.
    // Row 1 (2025-03-15): residual 10,000 x 1.05 - 3,672.0856 = 6,827.9144 -> 6,827.91; principal 3,172.09; interest
    //   500.00. Row 2 (2026-03-15): residual 6,827.9144 x 1.05 - 3,672.0856 = 3,497.2245 -> 3,497.22; principal
    //   3,330.69; interest 341.40. Row 3 (2027-03-15): residual 0; principal 3,497.22; interest 174.87.
    // On 2025-06-30 one installment is due: the residual debt is 6,827.91.
    const r = await h.call('pro', 'GET', scheduleUrl(ids.yearly, '?date=2025-06-30'));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual({
      id: ids.yearly.mortgageId,
      realEstateId: ids.yearly.id,
      rataType: 'YEARLY',
      amortization: 'CONST',
      paymentsPerYear: 1,
      annualRate: 5,
      periodicRate: 0.05,
      date: '2025-06-30',
      residualDebtAt: 6827.91,
      installmentsDueAt: 1,
      rows: [
        {
          number: 1,
          date: '2025-03-15',
          installment: 3672.09,
          interest: 500,
          principal: 3172.09,
          residualDebt: 6827.91,
        },
        {
          number: 2,
          date: '2026-03-15',
          installment: 3672.09,
          interest: 341.4,
          principal: 3330.69,
          residualDebt: 3497.22,
        },
        { number: 3, date: '2027-03-15', installment: 3672.09, interest: 174.87, principal: 3497.22, residualDebt: 0 },
      ],
    });
    // The day before the first installment all of it is owed; on its due date it is paid; after the last, nothing.
    const at = async (date: string) => (await h.call('pro', 'GET', scheduleUrl(ids.yearly, `?date=${date}`))).body;
    expect(await at('2025-03-14')).toMatchObject({ residualDebtAt: 10000, installmentsDueAt: 0 });
    expect(await at('2025-03-15')).toMatchObject({ residualDebtAt: 6827.91, installmentsDueAt: 1 });
    expect(await at('2027-03-15')).toMatchObject({ residualDebtAt: 0, installmentsDueAt: 3 });
  });

  test('quarterly VAR: principal 3,000 a quarter, interest 1% of the residual', async () => {
    // i = 4% / 4 = 0.01; principal 12,000 / 4 = 3,000; interest 120, 90, 60, 30. Due 2024-04-30 (31 April clamped),
    // 2024-07-31, 2024-10-31, 2025-01-31. On 2024-12-31 three are due: 3,000 left.
    const r = await h.call('delegate', 'GET', scheduleUrl(ids.quarterly, '?date=2024-12-31'));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({
      rataType: 'QUARTERLY',
      amortization: 'VAR',
      paymentsPerYear: 4,
      periodicRate: 0.01,
      residualDebtAt: 3000,
      installmentsDueAt: 3,
    });
    expect(r.body.rows).toEqual([
      { number: 1, date: '2024-04-30', installment: 3120, interest: 120, principal: 3000, residualDebt: 9000 },
      { number: 2, date: '2024-07-31', installment: 3090, interest: 90, principal: 3000, residualDebt: 6000 },
      { number: 3, date: '2024-10-31', installment: 3060, interest: 60, principal: 3000, residualDebt: 3000 },
      { number: 4, date: '2025-01-31', installment: 3030, interest: 30, principal: 3000, residualDebt: 0 },
    ]);
  });

  test('four-monthly CONST: 3 installments of 3,120.79, due dates clamped to the month end', async () => {
    // i = 6% / 3 = 0.02; A = 9,000 x 0.02 / (1 - 1.02^-3) = 180 / 0.0576778 = 3,120.7921 -> 3,120.79. Due every 4 months
    // from 2024-10-31: 2025-02-28, 2025-06-30, 2025-10-31. Residuals 6,059.2079 -> 6,059.21, 3,059.6001 -> 3,059.60, 0;
    // interest 180.00, 3,120.79 - 2,999.61 = 121.18, 3,120.79 - 3,059.60 = 61.19.
    const r = await h.call('pro', 'GET', scheduleUrl(ids.fourMonthly, '?date=2025-02-28'));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ paymentsPerYear: 3, residualDebtAt: 6059.21, installmentsDueAt: 1 });
    expect(r.body.rows).toEqual([
      { number: 1, date: '2025-02-28', installment: 3120.79, interest: 180, principal: 2940.79, residualDebt: 6059.21 },
      {
        number: 2,
        date: '2025-06-30',
        installment: 3120.79,
        interest: 121.18,
        principal: 2999.61,
        residualDebt: 3059.6,
      },
      { number: 3, date: '2025-10-31', installment: 3120.79, interest: 61.19, principal: 3059.6, residualDebt: 0 },
    ]);
  });

  test('without a date: the residual debt today, as the mortgage itself gives it', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const r = await h.call('pro', 'GET', scheduleUrl(ids.yearly));
    expect(r.status).toBe(200);
    const m = await h.call('pro', 'GET', `${API}/real-estate/${ids.yearly.id}/mortgage/${ids.yearly.mortgageId}`);
    expect(r.body).toMatchObject({ date: today, residualDebtAt: m.body.residualDebt });
  });

  test('a bad query string is 400 with the field', async () => {
    for (const query of ['?date=2025-13-01', '?date=yesterday', '?date=2025-02-30', '?when=2025-01-01']) {
      const r = await h.call('pro', 'GET', scheduleUrl(ids.yearly, query));
      expect(r.status, query).toBe(400);
    }
    expect((await h.call('pro', 'GET', `${API}/real-estate/${ids.yearly.id}/mortgage/x/schedule`)).status).toBe(400);
  });

  test("another tenant's mortgage, or a mortgage of another property, is 404", async () => {
    for (const login of ['pro2', 'client'] as const)
      expect((await h.call(login, 'GET', scheduleUrl(ids.yearly))).status, login).toBe(404);
    const mixed = { id: ids.quarterly.id, mortgageId: ids.yearly.mortgageId };
    expect((await h.call('pro', 'GET', scheduleUrl(mixed))).status).toBe(404);
    expect((await h.call(null, 'GET', scheduleUrl(ids.yearly))).status).toBe(401);
  });
});

describe("the overview's real-estate flux: the installments due in the last 12 months", () => {
  const flux = async (clientId: number, date: string) => {
    const r = await h.call('pro', 'GET', `${API}/dashboard/${clientId}?clientId=${clientId}&date=${date}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.flux.realEstate;
  };

  test('before the first installment is due: zero (12 x the monthly equivalent, -3,672.12, before)', async () => {
    expect(await flux(yearlyOwner, '2024-06-30')).toBe(0);
    expect(await flux(yearlyOwner, '2025-03-14')).toBe(0);
  });

  test('after some installments: their sum', async () => {
    // Yearly: (2024-06-30, 2025-06-30] holds the first installment, 3,672.09.
    expect(await flux(yearlyOwner, '2025-06-30')).toBe(-3672.09);
    // Quarterly and four-monthly of the same client on 2025-03-31: (2024-03-31, 2025-03-31] holds the quarterly
    // 3,120 + 3,090 + 3,060 + 3,030 = 12,300 and the first four-monthly 3,120.79: -15,420.79.
    expect(await flux(quarterlyOwner, '2025-03-31')).toBe(-15420.79);
    // On 2024-05-31 only the first quarterly installment is due.
    expect(await flux(quarterlyOwner, '2024-05-31')).toBe(-3120);
  });
});
