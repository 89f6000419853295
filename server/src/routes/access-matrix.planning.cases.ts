// The access matrix's cases for the planning routes (contract/planning.ts: human capital, goals, simulations), one per
// route, spread into CASES (access-matrix.cases.ts: the rules, the fixtures and the shape of a case). Issue 18.
//
// Planning rows are a client's data (visibility 'tenant'): every role reads AND writes those of the clients it sees (a
// BASIC user its own: planning is the client's own, DESIGN.md 3 "BASIC on own data"); another tenant's ids answer 404.
// Each cell gets a fresh row of the tenant's client. Lists are checked to hold it.
import type { RouteName } from '@patrimonio/shared-api';
import { expect } from 'vitest';
import type { Ctx, RouteCase } from './access-matrix.cases.ts';

const OWNED = ['own', 'foreign'] as const;
const everyone = { gate: 'everyone', visibility: 'tenant', scopes: OWNED } as const;

const clientOf = (c: Ctx) => c.fx.clients[c.tenant];
/** The owner query of a read: none for a BASIC user on its own client, else the tenant's client. */
const ownerQuery = (c: Ctx): Record<string, number> => (c.basicOwn ? {} : { clientId: clientOf(c) });

const flowBody = (c: Ctx) => ({
  description: c.fx.name('Stipendio matrice'),
  direction: 'IN',
  category: 'SALARY',
  flowGroup: 'PERSONAL_FLOWS',
  amount: 2500,
  frequency: 'MONTHLY',
  startDate: '2024-01-27',
  endDate: null,
  growthRate: 0.01,
  note: null,
});
const policyBody = (c: Ctx) => ({
  insurer: c.fx.name('Assicurazioni Matrice'),
  policyType: 'TERM_LIFE',
  policyNumber: null,
  insured: 'Assicurato',
  beneficiary: 'Beneficiario',
  capital: 100000,
  premium: 300,
  premiumFrequency: 'YEARLY',
  startDate: '2023-01-01',
  endDate: null,
  surrenderValue: null,
  note: null,
});
const goalBody = (c: Ctx) => ({ description: c.fx.name('Obiettivo matrice'), amount: 50000, initDate: '2040-01-01' });
const simulationBody = (c: Ctx) => ({
  name: c.fx.name('Simulazione matrice'),
  realEstate: [],
  financial: { cash: 10000, shares: 20000, bond: 5000, commodities: 0, crypto: 0 },
  artlux: [],
  share: [],
  startingCash: 10000,
  startingPercentage: 0.285714,
});

/** A fresh planned flow of the tenant's client, in PERSONAL_FLOWS. */
const flow = (c: Ctx) =>
  c.fx.insertId(
    `insert into hc_flows (client_id, description, direction, category, flow_group, amount, frequency, start_date)
     values ($1, $2, 'OUT', 'LIVING_COSTS', 'PERSONAL_FLOWS', 1500, 'MONTHLY', '2024-01-05') returning id`,
    [clientOf(c), c.fx.name('Spese matrice')],
  );
/** A fresh flow recorded today's month against a fresh planned flow. */
async function flowRecord(c: Ctx): Promise<number> {
  return c.fx.insertId(
    'insert into hc_flow_records (flow_id, date, amount) values ($1, current_date, 1480) returning id',
    [await flow(c)],
  );
}
const policy = (c: Ctx) =>
  c.fx.insertId(
    `insert into life_policies (client_id, insurer, policy_type, insured, beneficiary, capital, premium,
                                premium_frequency, start_date)
     values ($1, $2, 'WHOLE_LIFE', 'Assicurato', 'Beneficiario', 80000, 900, 'YEARLY', '2020-01-01') returning id`,
    [clientOf(c), c.fx.name('Vita Matrice')],
  );
const goal = (c: Ctx) =>
  c.fx.insertId(
    `insert into goals (client_id, description, amount, init_date) values ($1, $2, 75000, '2041-06-30') returning id`,
    [clientOf(c), c.fx.name('Meta matrice')],
  );
const simulation = (c: Ctx) =>
  c.fx.insertId(
    `insert into simulations (client_id, name, cash, shares, bond, commodities, crypto, starting_cash,
                              starting_percentage)
     values ($1, $2, 1000, 2000, 0, 0, 0, 1000, 0.333333) returning id`,
    [clientOf(c), c.fx.name('Scenario matrice')],
  );

const listed = (id: number) => (body: unknown) =>
  expect((body as { item: { id: number }[] }).item.map((x) => x.id)).toContain(id);

export const PLANNING_CASES: Partial<Record<RouteName, RouteCase>> = {
  // Human capital: planned flows
  listFlows: {
    ...everyone,
    request: async (c) => {
      const id = await flow(c);
      return { query: { ...ownerQuery(c), size: 10000 }, verify: listed(id) };
    },
  },
  getFlow: { ...everyone, request: async (c) => ({ params: { id: await flow(c) } }) },
  createFlow: { ...everyone, request: async (c) => ({ body: { clientId: clientOf(c), ...flowBody(c) } }) },
  updateFlow: { ...everyone, request: async (c) => ({ params: { id: await flow(c) }, body: flowBody(c) }) },
  deleteFlow: { ...everyone, request: async (c) => ({ params: { id: await flow(c) } }) },

  // Human capital: recorded flows
  listFlowRecords: {
    ...everyone,
    request: async (c) => {
      const id = await flowRecord(c);
      return { query: { ...ownerQuery(c), size: 10000 }, verify: listed(id) };
    },
  },
  createFlowRecord: {
    ...everyone,
    request: async (c) => ({ body: { flowId: await flow(c), date: '2024-05-05', amount: 1510, note: null } }),
  },
  updateFlowRecord: {
    ...everyone,
    request: async (c) => ({ params: { id: await flowRecord(c) }, body: { date: '2024-05-06', amount: 1490 } }),
  },
  deleteFlowRecord: { ...everyone, request: async (c) => ({ params: { id: await flowRecord(c) } }) },

  // Human capital: life insurance
  listPolicies: {
    ...everyone,
    request: async (c) => {
      const id = await policy(c);
      return { query: { ...ownerQuery(c), size: 10000 }, verify: listed(id) };
    },
  },
  createPolicy: { ...everyone, request: async (c) => ({ body: { clientId: clientOf(c), ...policyBody(c) } }) },
  updatePolicy: { ...everyone, request: async (c) => ({ params: { id: await policy(c) }, body: policyBody(c) }) },
  deletePolicy: { ...everyone, request: async (c) => ({ params: { id: await policy(c) } }) },

  // Human capital: the figure and its settings
  humanCapitalSummary: {
    ...everyone,
    request: async (c) => {
      await flow(c);
      return {
        query: ownerQuery(c),
        verify: (body) =>
          expect((body as { members: { clientId: number }[] }).members.map((m) => m.clientId)).toEqual([clientOf(c)]),
      };
    },
  },
  updatePlanningSettings: {
    ...everyone,
    request: async (c) => ({ body: { clientId: clientOf(c), retirementDate: '2049-12-31', discountRate: 0.025 } }),
  },

  // Goals
  listGoals: {
    ...everyone,
    request: async (c) => {
      const id = await goal(c);
      return { query: ownerQuery(c), verify: listed(id) };
    },
  },
  getGoal: { ...everyone, request: async (c) => ({ params: { id: await goal(c) } }) },
  createGoal: { ...everyone, request: async (c) => ({ body: { clientId: clientOf(c), ...goalBody(c) } }) },
  updateGoal: { ...everyone, request: async (c) => ({ params: { id: await goal(c) }, body: goalBody(c) }) },
  deleteGoal: { ...everyone, request: async (c) => ({ params: { id: await goal(c) } }) },
  goalProjection: {
    ...everyone,
    request: async (c) => {
      const id = await goal(c);
      return {
        query: ownerQuery(c),
        verify: (body) => expect((body as { goals: { id: number }[] }).goals.map((g) => g.id)).toContain(id),
      };
    },
  },

  // Simulations
  listSimulations: {
    ...everyone,
    request: async (c) => {
      const id = await simulation(c);
      return { query: ownerQuery(c), verify: listed(id) };
    },
  },
  initSimulation: { ...everyone, request: async (c) => ({ query: ownerQuery(c) }) },
  getSimulation: { ...everyone, request: async (c) => ({ params: { id: await simulation(c) } }) },
  createSimulation: {
    ...everyone,
    request: async (c) => ({ body: { clientId: clientOf(c), ...simulationBody(c) } }),
  },
  updateSimulation: {
    ...everyone,
    request: async (c) => ({ params: { id: await simulation(c) }, body: simulationBody(c) }),
  },
  deleteSimulation: { ...everyone, request: async (c) => ({ params: { id: await simulation(c) } }) },
  computeSimulationWealth: {
    ...everyone,
    writes: false,
    request: async (c) => ({ body: { clientId: clientOf(c), simulation: simulationBody(c) } }),
  },
  simulationWealth: { ...everyone, request: async (c) => ({ params: { id: await simulation(c) } }) },
};
