// Demo family companies (holdings and yearly figures) and art and luxury goods with their evaluations (DESIGN.md 5),
// inserted inside the caller's transaction. Written by issue 6. Everything is fixed data or a formula of it, so two
// seeds give the same rows. Amounts are invented for the demo.
import type { Queryable } from '../database.ts';
import { money } from './random.ts';

interface DemoCompany {
  legalName: string;
  /** Client key (demo/clients.ts, seed-demo.ts) to percentage. */
  holders: Record<string, number>;
  createdBy: string;
  firstYear: number;
  lastYear: number;
  /** Revenue of the first year and its yearly growth. */
  revenue: number;
  growth: number;
  /** Profit and EBITDA as parts of revenue; value as a multiple of EBITDA. */
  margin: number;
  ebitdaMargin: number;
  multiple: number;
  /** A year with a loss, to show a negative profit bar. */
  lossYear?: number;
}

const COMPANIES: DemoCompany[] = [
  // Held by both members of the Famiglia Rossi Bianchi, with different percentages.
  {
    legalName: 'Cantine Rossi Bianchi S.r.l.',
    holders: { client: 60, bianchi: 25 },
    createdBy: 'pro',
    firstYear: 2021,
    lastYear: 2025,
    revenue: 2_400_000,
    growth: 0.06,
    margin: 0.09,
    ebitdaMargin: 0.16,
    multiple: 6,
    lossYear: 2022,
  },
  {
    legalName: 'Tipografia Rossi & Figli S.n.c.',
    holders: { client: 50 },
    createdBy: 'pro',
    firstYear: 2022,
    lastYear: 2025,
    revenue: 780_000,
    growth: 0.03,
    margin: 0.07,
    ebitdaMargin: 0.12,
    multiple: 5,
  },
  {
    legalName: 'Verdi Logistica S.r.l.',
    holders: { verdi: 35 },
    createdBy: 'pro',
    firstYear: 2023,
    lastYear: 2025,
    revenue: 5_100_000,
    growth: 0.04,
    margin: 0.05,
    ebitdaMargin: 0.1,
    multiple: 7,
  },
  {
    legalName: 'Esposito Holding S.p.A.',
    holders: { esposito: 51, esposito_r: 29, esposito_m: 20 },
    createdBy: 'pro',
    firstYear: 2020,
    lastYear: 2025,
    revenue: 9_800_000,
    growth: 0.05,
    margin: 0.08,
    ebitdaMargin: 0.14,
    multiple: 6.5,
  },
  {
    legalName: 'Ceramiche Ferrari S.p.A.',
    holders: { ferrari: 70, ricci: 10 },
    createdBy: 'pro2',
    firstYear: 2021,
    lastYear: 2025,
    revenue: 12_500_000,
    growth: 0.02,
    margin: 0.06,
    ebitdaMargin: 0.11,
    multiple: 6,
    lossYear: 2023,
  },
];

type Category = 'ART' | 'CAR' | 'BIKE' | 'BOAT' | 'COLLECTION' | 'JEWELRY';

interface DemoLux {
  owner: string;
  description: string;
  category: Category;
  buyCost: number | null;
  yearlyIncome: number;
  yearlyMaintenance: number;
  linkedDebt: number;
  note: string | null;
  /** Evaluation dates and values, oldest first. */
  evaluations: [string, number][];
}

/** Yearly evaluations on 30 June from `first` to 2026 (the demo data ends in 2026), changing by `drift` a year. */
function yearly(first: number, start: number, drift: number): [string, number][] {
  const out: [string, number][] = [];
  for (let year = first, value = start; year <= 2026; year++, value *= 1 + drift)
    out.push([`${year}-06-30`, money(Math.round(value / 100) * 100)]);
  return out;
}

const LUX: DemoLux[] = [
  {
    owner: 'client',
    description: 'Giorgio Morandi, Natura morta (olio su tela, 1956)',
    category: 'ART',
    buyCost: 380_000,
    yearlyIncome: 0,
    yearlyMaintenance: 2_400,
    linkedDebt: 0,
    note: 'Assicurata; certificato di autenticità in cassetta di sicurezza',
    evaluations: yearly(2021, 420_000, 0.045),
  },
  {
    owner: 'client',
    description: 'Porsche 911 Carrera 4S (2019)',
    category: 'CAR',
    buyCost: 142_000,
    yearlyIncome: 0,
    yearlyMaintenance: 4_800,
    linkedDebt: 35_000,
    note: null,
    evaluations: yearly(2022, 118_000, -0.06),
  },
  {
    owner: 'client',
    description: 'Rolex Cosmograph Daytona 116500LN',
    category: 'JEWELRY',
    buyCost: 13_500,
    yearlyIncome: 0,
    yearlyMaintenance: 300,
    linkedDebt: 0,
    note: null,
    evaluations: yearly(2022, 27_000, 0.03),
  },
  {
    owner: 'client',
    description: "Collezione di francobolli del Regno d'Italia",
    category: 'COLLECTION',
    buyCost: null,
    yearlyIncome: 0,
    yearlyMaintenance: 0,
    linkedDebt: 0,
    note: 'Ereditata',
    evaluations: [
      ['2023-03-15', 48_000],
      ['2025-09-10', 55_500],
    ],
  },
  {
    owner: 'client',
    description: 'Ducati Panigale V4 S',
    category: 'BIKE',
    buyCost: 31_900,
    yearlyIncome: 0,
    yearlyMaintenance: 900,
    linkedDebt: 0,
    note: null,
    evaluations: yearly(2024, 27_500, -0.08),
  },
  {
    owner: 'bianchi',
    description: 'Beneteau Oceanis 46.1',
    category: 'BOAT',
    buyCost: 410_000,
    yearlyIncome: 18_000,
    yearlyMaintenance: 14_500,
    linkedDebt: 160_000,
    note: 'Noleggiata con skipper in luglio e agosto',
    evaluations: yearly(2021, 395_000, -0.05),
  },
  {
    owner: 'esposito',
    description: 'Lucio Fontana, Concetto spaziale (1962)',
    category: 'ART',
    buyCost: 650_000,
    yearlyIncome: 0,
    yearlyMaintenance: 3_000,
    linkedDebt: 0,
    note: null,
    evaluations: yearly(2020, 700_000, 0.06),
  },
  {
    owner: 'esposito_r',
    description: 'Collana Bulgari Serpenti in oro e diamanti',
    category: 'JEWELRY',
    buyCost: 48_000,
    yearlyIncome: 0,
    yearlyMaintenance: 0,
    linkedDebt: 0,
    note: null,
    evaluations: yearly(2023, 52_000, 0.02),
  },
  {
    owner: 'ferrari',
    description: 'Ferrari 275 GTB (1965)',
    category: 'CAR',
    buyCost: 1_900_000,
    yearlyIncome: 12_000,
    yearlyMaintenance: 9_000,
    linkedDebt: 0,
    note: 'Concessa a mostre e rievocazioni',
    evaluations: yearly(2021, 2_150_000, 0.04),
  },
  {
    owner: 'ferrari',
    description: 'Riva Aquarama Special',
    category: 'BOAT',
    buyCost: 720_000,
    yearlyIncome: 0,
    yearlyMaintenance: 22_000,
    linkedDebt: 250_000,
    note: null,
    evaluations: yearly(2022, 760_000, 0.01),
  },
  {
    owner: 'ricci',
    description: 'Collezione di orologi da tasca del XIX secolo',
    category: 'COLLECTION',
    buyCost: 85_000,
    yearlyIncome: 0,
    yearlyMaintenance: 600,
    linkedDebt: 0,
    note: null,
    evaluations: yearly(2023, 92_000, 0.035),
  },
];

export async function seedSharesAndLux(
  tx: Queryable,
  userIds: Map<string, number>,
  clientIds: Map<string, number>,
): Promise<void> {
  const client = (key: string) => {
    const id = clientIds.get(key);
    if (id === undefined) throw new Error(`demo client ${key} is missing`);
    return id;
  };
  for (const c of COMPANIES) {
    const { rows } = await tx.query<{ id: number }>(
      'insert into companies (legal_name, created_by) values ($1, $2) returning id',
      [c.legalName, userIds.get(c.createdBy) ?? null],
    );
    const companyId = Number(rows[0]!.id);
    for (const [key, percentage] of Object.entries(c.holders))
      await tx.query('insert into company_holdings (company_id, client_id, percentage) values ($1, $2, $3)', [
        companyId,
        client(key),
        percentage,
      ]);
    for (let year = c.firstYear; year <= c.lastYear; year++) {
      const revenue = c.revenue * (1 + c.growth) ** (year - c.firstYear);
      const ebitda = revenue * c.ebitdaMargin * (year === c.lossYear ? 0.3 : 1);
      const profit = year === c.lossYear ? -revenue * 0.02 : revenue * c.margin;
      await tx.query(
        'insert into company_figures (company_id, year, revenue, profit, ebitda, value) values ($1, $2, $3, $4, $5, $6)',
        [companyId, year, money(revenue), money(profit), money(ebitda), money(revenue * c.ebitdaMargin * c.multiple)],
      );
    }
  }
  for (const item of LUX) {
    const { rows } = await tx.query<{ id: number }>(
      `insert into lux_items (client_id, description, category, buy_cost, yearly_income, yearly_maintenance,
                              linked_debt, note, created_by)
       values ($1, $2, $3, $4, $5, $6, $7, $8, (select created_by from clients where id = $1)) returning id`,
      [
        client(item.owner),
        item.description,
        item.category,
        item.buyCost,
        item.yearlyIncome,
        item.yearlyMaintenance,
        item.linkedDebt,
        item.note,
      ],
    );
    for (const [date, value] of item.evaluations)
      await tx.query('insert into lux_evaluations (item_id, evaluation_date, value) values ($1, $2, $3)', [
        rows[0]!.id,
        date,
        value,
      ]);
  }
}
