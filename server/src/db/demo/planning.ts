// Demo planning data (DESIGN.md 5, issue 18): planned cash flows with flows recorded against them, life insurance
// policies, goals and one saved simulation, inserted inside the caller's transaction. Fixed data or formulas of it, so
// two seeds give the same rows. Amounts are invented for the demo.
import { addMonthsClamped, flowOccurrences, residualDebt } from '@patrimonio/engine';
import type { FlowCategory, FlowDirection, FlowFrequency, FlowGroup, PolicyType } from '@patrimonio/shared-api';
import { mortgageOf } from '../../real-estate/load.ts';
import type { Queryable } from '../database.ts';
import { DEMO_END_DATE } from './catalog.ts';
import { money } from './random.ts';

interface DemoFlow {
  owner: string;
  description: string;
  direction: FlowDirection;
  category: FlowCategory;
  flowGroup: FlowGroup;
  amount: number;
  frequency: FlowFrequency;
  startDate: string;
  endDate: string | null;
  growthRate: number;
  /** Record the flow on its dates of the last 14 months before the demo's end, the amount varied by up to this part. */
  record?: number;
}

const FLOWS: DemoFlow[] = [
  {
    owner: 'client',
    description: 'Stipendio dirigente',
    direction: 'IN',
    category: 'SALARY',
    flowGroup: 'WORK_FLOWS',
    amount: 4_200,
    frequency: 'MONTHLY',
    startDate: '2015-01-27',
    endDate: null,
    growthRate: 0.02,
    record: 0,
  },
  {
    owner: 'client',
    description: 'Spese della famiglia',
    direction: 'OUT',
    category: 'LIVING_COSTS',
    flowGroup: 'PERSONAL_FLOWS',
    amount: 2_300,
    frequency: 'MONTHLY',
    startDate: '2020-01-05',
    endDate: null,
    growthRate: 0.02,
    record: 0.12,
  },
  {
    owner: 'client',
    description: 'Retta scolastica figli',
    direction: 'OUT',
    category: 'SCHOOL_FEES',
    flowGroup: 'PERSONAL_FLOWS',
    amount: 3_500,
    frequency: 'HALF_YEARLY',
    startDate: '2023-09-15',
    endDate: '2031-06-30',
    growthRate: 0.03,
    record: 0,
  },
  {
    owner: 'client',
    description: 'Saldo IRPEF',
    direction: 'OUT',
    category: 'TAXES',
    flowGroup: 'PERSONAL_FLOWS',
    amount: 6_500,
    frequency: 'YEARLY',
    startDate: '2021-06-30',
    endDate: null,
    growthRate: 0,
    record: 0.08,
  },
  {
    owner: 'client',
    description: 'Affitto box auto',
    direction: 'IN',
    category: 'RENT',
    flowGroup: 'PROPERTY_FLOWS',
    amount: 150,
    frequency: 'MONTHLY',
    startDate: '2022-03-01',
    endDate: null,
    growthRate: 0.01,
  },
  {
    owner: 'bianchi',
    description: 'Pensione INPS',
    direction: 'IN',
    category: 'PENSION',
    flowGroup: 'PERSONAL_FLOWS',
    amount: 1_900,
    frequency: 'MONTHLY',
    startDate: '2019-01-01',
    endDate: null,
    growthRate: 0.015,
    record: 0,
  },
  {
    owner: 'bianchi',
    description: 'Spese personali',
    direction: 'OUT',
    category: 'LIVING_COSTS',
    flowGroup: 'PERSONAL_FLOWS',
    amount: 1_200,
    frequency: 'MONTHLY',
    startDate: '2019-01-10',
    endDate: null,
    growthRate: 0.02,
  },
  {
    owner: 'verdi',
    description: 'Compenso amministratore',
    direction: 'IN',
    category: 'BUSINESS_INCOME',
    flowGroup: 'BUSINESS_FLOWS',
    amount: 60_000,
    frequency: 'YEARLY',
    startDate: '2020-12-31',
    endDate: '2032-12-31',
    growthRate: 0.02,
  },
  {
    owner: 'verdi',
    description: 'Spese della famiglia',
    direction: 'OUT',
    category: 'LIVING_COSTS',
    flowGroup: 'PERSONAL_FLOWS',
    amount: 3_100,
    frequency: 'MONTHLY',
    startDate: '2020-01-05',
    endDate: null,
    growthRate: 0.02,
  },
];

interface DemoPolicy {
  owner: string;
  insurer: string;
  policyType: PolicyType;
  policyNumber: string;
  insured: string;
  beneficiary: string;
  capital: number;
  premium: number;
  premiumFrequency: 'SINGLE' | 'MONTHLY' | 'QUARTERLY' | 'HALF_YEARLY' | 'YEARLY';
  startDate: string;
  endDate: string | null;
  surrenderValue: number | null;
}

const POLICIES: DemoPolicy[] = [
  {
    owner: 'client',
    insurer: 'Generali Italia',
    policyType: 'TERM_LIFE',
    policyNumber: 'TCM-2021-04471',
    insured: 'Mario Rossi',
    beneficiary: 'Coniuge e figli in parti uguali',
    capital: 300_000,
    premium: 480,
    premiumFrequency: 'YEARLY',
    startDate: '2021-03-01',
    endDate: '2041-03-01',
    surrenderValue: null,
  },
  {
    owner: 'client',
    insurer: 'Allianz',
    policyType: 'UNIT_LINKED',
    policyNumber: 'UL-88213',
    insured: 'Mario Rossi',
    beneficiary: 'Eredi legittimi',
    capital: 50_000,
    premium: 200,
    premiumFrequency: 'MONTHLY',
    startDate: '2019-05-01',
    endDate: null,
    surrenderValue: 18_450.3,
  },
  {
    owner: 'bianchi',
    insurer: 'Poste Vita',
    policyType: 'WHOLE_LIFE',
    policyNumber: 'PV-5520193',
    insured: 'Giulia Bianchi',
    beneficiary: 'Mario Rossi',
    capital: 100_000,
    premium: 1_200,
    premiumFrequency: 'YEARLY',
    startDate: '2012-10-01',
    endDate: null,
    surrenderValue: 22_100,
  },
];

const GOALS: Array<{ owner: string; description: string; amount: number; initDate: string }> = [
  { owner: 'client', description: 'Università dei figli', amount: 120_000, initDate: '2034-09-01' },
  // Twice Mario Rossi's wealth today in about 14 years: a goal the projection gives even odds, not a certainty.
  { owner: 'client', description: 'Patrimonio per i nipoti', amount: 9_000_000, initDate: '2040-06-30' },
  { owner: 'verdi', description: 'Integrazione della pensione', amount: 900_000, initDate: '2040-12-31' },
];

export async function seedPlanning(tx: Queryable, clientIds: Map<string, number>): Promise<void> {
  const client = (key: string) => {
    const id = clientIds.get(key);
    if (id === undefined) throw new Error(`demo client ${key} is missing`);
    return id;
  };
  const creator = '(select created_by from clients where id = $1)';
  for (const f of FLOWS) {
    const { rows } = await tx.query<{ id: number }>(
      `insert into hc_flows (client_id, description, direction, category, flow_group, amount, frequency, start_date,
                             end_date, growth_rate, created_by)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, ${creator}) returning id`,
      [
        client(f.owner),
        f.description,
        f.direction,
        f.category,
        f.flowGroup,
        f.amount,
        f.frequency,
        f.startDate,
        f.endDate,
        f.growthRate,
      ],
    );
    if (f.record === undefined) continue;
    const planned = flowOccurrences({ ...f, endDate: f.endDate }, addMonthsClamped(DEMO_END_DATE, -14), DEMO_END_DATE);
    for (const [i, { date, amount: signed }] of planned.entries()) {
      // The planned amount with a fixed wave within the flow's variation: the same rows on every seed.
      const amount = Math.abs(signed) * (1 + (f.record ?? 0) * Math.sin(i * 1.7));
      await tx.query(
        `insert into hc_flow_records (flow_id, date, amount, created_by) values ($1, $2, $3,
           (select created_by from clients where id = $4))`,
        [rows[0]!.id, date, money(amount), client(f.owner)],
      );
    }
  }
  for (const p of POLICIES) {
    await tx.query(
      `insert into life_policies (client_id, insurer, policy_type, policy_number, insured, beneficiary, capital, premium,
                                  premium_frequency, start_date, end_date, surrender_value, created_by)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, ${creator})`,
      [
        client(p.owner),
        p.insurer,
        p.policyType,
        p.policyNumber,
        p.insured,
        p.beneficiary,
        p.capital,
        p.premium,
        p.premiumFrequency,
        p.startDate,
        p.endDate,
        p.surrenderValue,
      ],
    );
  }
  for (const g of GOALS) {
    await tx.query(
      `insert into goals (client_id, description, amount, init_date, created_by) values ($1, $2, $3, $4, ${creator})`,
      [client(g.owner), g.description, g.amount, g.initDate],
    );
  }
  await seedSimulation(tx, client('client'));
}

/**
 * One saved simulation of Mario Rossi: his properties as at the demo's end, the one let for income sold (its
 * evaluation less the debt left, for his share, added to cash) and a move from bonds to shares.
 */
async function seedSimulation(tx: Queryable, clientId: number): Promise<void> {
  const { rows } = await tx.query<Record<string, unknown>>(
    `select r.id, r.description, r.destination, r.perc_owned::float8 as perc_owned, r.income::float8 as income,
            r.maintenance_cost::float8 as maintenance_cost,
            (select e.value::float8 from real_estate_evaluations e where e.real_estate_id = r.id
              order by e.evaluation_date desc limit 1) as evaluation,
            m.amount::float8 as amount, to_char(m.init_date, 'YYYY-MM-DD') as init_date, m.rata_type, m.total_rata,
            m.interest_rate_type, m.amortization, m.interest_rate::float8 as interest_rate
       from real_estates r left join mortgages m on m.real_estate_id = r.id
      where r.client_id = $1 and r.sold_date is null order by r.id`,
    [clientId],
  );
  let cash = 48_000;
  let sold = false;
  const kept = [];
  for (const r of rows) {
    const mortgage = r.amount === null ? null : mortgageOf(r);
    const item = {
      realEstateId: Number(r.id),
      description: String(r.description),
      evaluation: Number(r.evaluation ?? 0),
      percOwned: Number(r.perc_owned),
      income: Number(r.income ?? 0),
      maintenanceCost: Number(r.maintenance_cost ?? 0),
      mortgage,
    };
    if (r.destination === 'INCOME' && !sold) {
      sold = true;
      const debt = mortgage ? residualDebt(mortgage, DEMO_END_DATE) : 0;
      cash += (item.evaluation - debt) * item.percOwned;
      continue;
    }
    kept.push(item);
  }
  const financial = { shares: 210_000, bond: 90_000, commodities: 12_000, crypto: 0 };
  const gross =
    cash +
    Object.values(financial).reduce((s, v) => s + v, 0) +
    kept.reduce((s, r) => s + r.evaluation * r.percOwned, 0);
  await tx.query(
    `insert into simulations (client_id, name, cash, shares, bond, commodities, crypto, real_estate_items, artlux_items,
                              share_items, starting_cash, starting_percentage, created_by)
     values ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, '[]'::jsonb, '[]'::jsonb, $9, $10,
             (select created_by from clients where id = $1))`,
    [
      clientId,
      'Vendita immobile a reddito',
      money(cash),
      financial.shares,
      financial.bond,
      financial.commodities,
      financial.crypto,
      JSON.stringify(kept),
      48_000,
      Math.round((48_000 / gross) * 1e6) / 1e6,
    ],
  );
}
