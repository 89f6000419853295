// The access matrix's cases for the real-estate routes (contract/real-estate.ts) and the geo autocomplete (contract/geo.ts), one per route, spread into CASES
// (access-matrix.cases.ts: the rules, the fixtures and the shape of a case). Written by issue 6.
//
// Real estate is a client's data: everyone reads the properties of the clients it sees (a BASIC user its own client's),
// the managers write them ("BASIC reads its own and writes nothing", routes/real-estate/*.ts); another tenant's ids
// answer 404. The suggested evaluation of the create form and the address autocomplete are reference data.
import type { RouteName } from '@patrimonio/shared-api';
import { expect } from 'vitest';
import type { Ctx, RouteCase, Tenant } from './access-matrix.cases.ts';

const OWNED = ['own', 'foreign'] as const;
const NONE = ['none'] as const;

/** A new house of the tenant's client (the BASIC user's own client for `pro`), with one evaluation. */
async function property(c: Ctx, tenant: Tenant = c.tenant, sold = false): Promise<number> {
  const id = await c.fx.insertId(
    `insert into real_estates (client_id, typology, destination, type_property, description, perc_owned, address, city,
       country, province_code, sold_date, sold_value)
     values ($1, 'RESIDENTIAL', 'FIRST_HOUSE', 'PROPERTY', $2, 1, 'Via Matrice 1', 'Milano', 'IT', 'MI', $3, $4)
     returning id`,
    [c.fx.clients[tenant], c.fx.name('Casa Matrice'), sold ? '2024-06-30' : null, sold ? 300000 : null],
  );
  await c.fx.insertId(
    "insert into real_estate_evaluations (real_estate_id, evaluation_date, value) values ($1, '2024-01-01', 250000) returning id",
    [id],
  );
  return id;
}

async function mortgage(c: Ctx): Promise<{ id: number; mortgageId: number }> {
  const id = await property(c);
  const mortgageId = await c.fx.insertId(
    `insert into mortgages (real_estate_id, amount, init_date, rata_type, total_rata, interest_rate_type, amortization,
       interest_rate) values ($1, 100000, '2024-01-31', 'MONTHLY', 240, 'FIX', 'CONST', 3) returning id`,
    [id],
  );
  return { id, mortgageId };
}

const body = (over: Record<string, unknown> = {}) => ({
  typology: 'RESIDENTIAL',
  destination: 'INCOME',
  conservationState: 'NORMAL',
  typeProperty: 'PROPERTY',
  currencyId: 1,
  description: 'Casa Matrice modificata',
  mq: 70,
  selectedEvaluation: 260000,
  percOwned: 0.5,
  address: 'Via Matrice',
  city: 'Roma',
  country: 'IT',
  provinceCode: 'RM',
  ...over,
});

const mortgageBody = {
  amount: 80000,
  initDate: '2024-02-29',
  rataType: 'QUARTERLY',
  totalRata: 40,
  interestRateType: 'EU3M',
  amortization: 'VAR',
  interestRate: 3.5,
};

/** The list holds the property made for the call (the tenant is visible whenever the call succeeds). */
const lists = (id: number) => (answer: unknown) =>
  expect((answer as { item: { id: number }[] }).item.map((p) => p.id)).toContain(id);

/** A figure of the tenant's client (clientId in the query), on a tenant with a fresh property. */
const figure: RouteCase = {
  gate: 'everyone',
  visibility: 'tenant',
  scopes: OWNED,
  request: async (c) => {
    await property(c);
    return { query: { clientId: c.fx.clients[c.tenant] } };
  },
};

export const REAL_ESTATE_CASES: Partial<Record<RouteName, RouteCase>> = {
  listRealEstate: {
    gate: 'everyone',
    visibility: 'tenant',
    scopes: OWNED,
    request: async (c) => {
      const id = await property(c);
      return { query: { clientId: c.fx.clients[c.tenant], type: 'house', size: 1000 }, verify: lists(id) };
    },
  },
  soldRealEstate: {
    gate: 'everyone',
    visibility: 'tenant',
    scopes: OWNED,
    request: async (c) => {
      const id = await property(c, c.tenant, true);
      return { query: { clientId: c.fx.clients[c.tenant], size: 10000 }, verify: lists(id) };
    },
  },
  suggestedEvaluation: {
    gate: 'everyone',
    visibility: 'shared',
    scopes: NONE,
    request: async () => ({ query: { provinceCode: 'MI', typology: 'RESIDENTIAL', mq: 80 } }),
  },
  realEstateStat: figure,
  realEstateColumnDestination: figure,
  realEstateColumnTypology: figure,
  realEstatePieDestination: figure,
  realEstatePieTypology: figure,
  realEstateComposition: figure,
  realEstateHistory: {
    gate: 'everyone',
    visibility: 'tenant',
    scopes: OWNED,
    request: async (c) => ({
      params: { id: await property(c) },
      query: { dateFrom: '2023-12-31', dateTo: '2024-01-31' },
    }),
  },
  getRealEstate: {
    gate: 'everyone',
    visibility: 'tenant',
    scopes: OWNED,
    request: async (c) => ({ params: { id: await property(c) } }),
  },
  createRealEstate: {
    gate: 'managers',
    visibility: 'tenant',
    scopes: OWNED,
    request: async (c) => ({ body: { clientId: c.fx.clients[c.tenant], ...body() } }),
  },
  updateRealEstate: {
    gate: 'managers',
    visibility: 'tenant',
    scopes: OWNED,
    request: async (c) => ({ params: { id: await property(c) }, body: body({ mortgage: mortgageBody }) }),
  },
  sellRealEstate: {
    gate: 'managers',
    visibility: 'tenant',
    scopes: OWNED,
    request: async (c) => ({ params: { id: await property(c) }, body: { soldDate: '2025-01-31', soldValue: 270000 } }),
  },
  deleteRealEstate: {
    gate: 'managers',
    visibility: 'tenant',
    scopes: OWNED,
    request: async (c) => ({ params: { id: await property(c) } }),
  },
  lastEvaluation: {
    gate: 'everyone',
    visibility: 'tenant',
    scopes: OWNED,
    request: async (c) => ({ params: { id: await property(c) }, query: { conservationState: 'OPTIMAL' } }),
  },
  listEvaluations: {
    gate: 'everyone',
    visibility: 'tenant',
    scopes: OWNED,
    request: async (c) => ({ params: { id: await property(c) } }),
  },
  addEvaluation: {
    gate: 'managers',
    visibility: 'tenant',
    scopes: OWNED,
    request: async (c) => ({ params: { id: await property(c) }, body: { evaluationDate: c.fx.day(), value: 255000 } }),
  },
  updateEvaluation: {
    gate: 'managers',
    visibility: 'tenant',
    scopes: OWNED,
    request: async (c) => {
      const id = await property(c);
      const evalId = await c.fx.insertId(
        "insert into real_estate_evaluations (real_estate_id, evaluation_date, value) values ($1, '2024-06-30', 251000) returning id",
        [id],
      );
      return { params: { id, evalId }, body: { evaluationDate: '2024-07-01', value: 252000 } };
    },
  },
  getMortgage: {
    gate: 'everyone',
    visibility: 'tenant',
    scopes: OWNED,
    request: async (c) => ({ params: await mortgage(c) }),
  },
  // The schedule: as visible as the mortgage (everyone on the clients it sees, 404 for another tenant's).
  getMortgageSchedule: {
    gate: 'everyone',
    visibility: 'tenant',
    scopes: OWNED,
    request: async (c) => ({ params: await mortgage(c), query: { date: '2024-04-15' } }),
  },
  createMortgage: {
    gate: 'managers',
    visibility: 'tenant',
    scopes: OWNED,
    request: async (c) => ({ params: { id: await property(c) }, body: mortgageBody }),
  },
  updateMortgage: {
    gate: 'managers',
    visibility: 'tenant',
    scopes: OWNED,
    request: async (c) => ({ params: await mortgage(c), body: mortgageBody }),
  },
  deleteMortgage: {
    gate: 'managers',
    visibility: 'tenant',
    scopes: OWNED,
    request: async (c) => ({ params: await mortgage(c) }),
  },

  // The address autocomplete of the property form (contract/geo.ts): reference data for every signed-in role.
  geoAutocomplete: {
    gate: 'everyone',
    visibility: 'shared',
    scopes: NONE,
    request: async () => ({ query: { q: 'Milano' } }),
  },
};
