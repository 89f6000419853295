// Loading the real-estate figures' inputs from the database for a set of clients with weights, and the two functions
// the dashboard and the total asset history use (analytics: asset REALESTATE).
import type { Mortgage } from '@patrimonio/engine';
import type { Queryable } from '../db/database.ts';
import { type PropertyFigures, valueOn, valueSeries } from './figures.ts';

/** A client and the weight its figures count for (1 for a client alone; the member weight in a family). */
export interface WeightedClient {
  clientId: number;
  weight: number;
}

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** The mortgage row (aliased `m`) as the engine's input. */
export function mortgageOf(r: Record<string, unknown>): Mortgage {
  return {
    amount: Number(r.amount),
    initDate: String(r.init_date),
    rataType: r.rata_type as Mortgage['rataType'],
    totalRata: Number(r.total_rata),
    interestRateType: r.interest_rate_type as Mortgage['interestRateType'],
    amortization: r.amortization as Mortgage['amortization'],
    interestRate: Number(r.interest_rate),
  };
}

/**
 * The properties of the clients (sold ones included: they carry soldDate), with evaluations and mortgage, each
 * weighted by its client's weight. `propertyIds` narrows to some properties.
 */
export async function loadFigures(
  db: Queryable,
  owners: readonly WeightedClient[],
  propertyIds?: readonly number[],
): Promise<PropertyFigures[]> {
  if (owners.length === 0) return [];
  const weights = new Map<number, number>();
  for (const o of owners) weights.set(o.clientId, (weights.get(o.clientId) ?? 0) + o.weight);
  const { rows } = await db.query(
    `select r.id, r.client_id, r.typology, r.destination, r.perc_owned::float8 as perc_owned,
        r.income::float8 as income, r.maintenance_cost::float8 as maintenance_cost,
        to_char(r.sold_date, 'YYYY-MM-DD') as sold_date,
        m.amount::float8 as amount, to_char(m.init_date, 'YYYY-MM-DD') as init_date, m.rata_type, m.total_rata,
        m.interest_rate_type, m.amortization, m.interest_rate::float8 as interest_rate,
        coalesce((select json_agg(json_build_object('date', to_char(e.evaluation_date, 'YYYY-MM-DD'), 'value', e.value::float8))
                    from real_estate_evaluations e where e.real_estate_id = r.id), '[]'::json) as evaluations
       from real_estates r left join mortgages m on m.real_estate_id = r.id
      where r.client_id = any($1::bigint[])${propertyIds ? ' and r.id = any($2::bigint[])' : ''}
      order by r.id`,
    propertyIds ? [[...weights.keys()], [...propertyIds]] : [[...weights.keys()]],
  );
  return rows.map((r) => {
    const evaluations = (typeof r.evaluations === 'string' ? JSON.parse(r.evaluations) : r.evaluations) as Array<{
      date: string;
      value: number;
    }>;
    return {
      id: Number(r.id),
      clientId: Number(r.client_id),
      typology: r.typology as PropertyFigures['typology'],
      destination: r.destination as PropertyFigures['destination'],
      percOwned: Number(r.perc_owned),
      income: num(r.income),
      maintenanceCost: num(r.maintenance_cost),
      evaluations: evaluations.map((e) => ({ date: e.date, value: Number(e.value) })),
      mortgage: r.amount === null || r.amount === undefined ? null : mortgageOf(r),
      soldDate: (r.sold_date as string | null) ?? null,
      weight: weights.get(Number(r.client_id)) ?? 1,
    };
  });
}

/**
 * The real-estate wealth of the clients day by day from `start` to `end` (both included): each property's latest
 * evaluation on or before the day x percOwned x the client's weight, 0 before its first evaluation and from its sale.
 * For the total asset history with asset=REALESTATE.
 */
export async function realEstateValueSeries(
  db: Queryable,
  owners: readonly WeightedClient[],
  start: string,
  end: string,
): Promise<Array<{ date: string; value: number }>> {
  return valueSeries(await loadFigures(db, owners), start, end);
}

/** The real-estate wealth of the clients at the end of `date` (as realEstateValueSeries, one day). For the dashboard. */
export async function realEstateValueAt(
  db: Queryable,
  owners: readonly WeightedClient[],
  date: string,
): Promise<number> {
  return valueOn(await loadFigures(db, owners), date);
}
