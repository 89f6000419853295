// The simulations table: a client's saved simulations. The lists of a simulation (real estate with mortgages, art and
// luxury, shares) are jsonb in the contract's shape; jsonb keeps numbers as numeric.
import type { Simulation, SimulationBody } from '@patrimonio/shared-api';
import type { Queryable } from '../../db/database.ts';
import { Params, selectPage } from '../sql.ts';

const num = (v: unknown) => Number(v ?? 0);
const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;

export const SIMULATION_SELECT = `select s.id, s.client_id, s.name, s.cash::text as cash, s.shares::text as shares,
    s.bond::text as bond, s.commodities::text as commodities, s.crypto::text as crypto, s.real_estate_items,
    s.artlux_items, s.share_items, s.starting_cash::text as starting_cash,
    s.starting_percentage::text as starting_percentage, s.created_at, s.updated_at
  from simulations s`;

export function toSimulation(r: Record<string, unknown>): Simulation {
  return {
    id: Number(r.id),
    clientId: Number(r.client_id),
    name: String(r.name),
    realEstate: json(r.real_estate_items),
    financial: {
      cash: num(r.cash),
      shares: num(r.shares),
      bond: num(r.bond),
      commodities: num(r.commodities),
      crypto: num(r.crypto),
    },
    artlux: json(r.artlux_items),
    share: json(r.share_items),
    startingCash: num(r.starting_cash),
    startingPercentage: num(r.starting_percentage),
    createdAt: new Date(r.created_at as string).toISOString(),
    updatedAt: new Date(r.updated_at as string).toISOString(),
  };
}

/** One page of a client's simulations, latest change first. */
export function listSimulations(db: Queryable, clientId: number, q: { page?: number; size?: number }) {
  const p = new Params();
  return selectPage(
    db,
    {
      select: SIMULATION_SELECT,
      from: 'simulations s',
      filter: `where s.client_id = ${p.add(clientId)}`,
      orderBy: 's.updated_at desc, s.id desc',
      values: p.values,
    },
    q,
    toSimulation,
  );
}

const values = (b: SimulationBody) => [
  b.name.trim(),
  b.financial.cash,
  b.financial.shares,
  b.financial.bond,
  b.financial.commodities,
  b.financial.crypto,
  JSON.stringify(b.realEstate),
  JSON.stringify(b.artlux),
  JSON.stringify(b.share),
  b.startingCash,
  b.startingPercentage,
];

export async function insertSimulation(tx: Queryable, clientId: number, createdBy: number | null, b: SimulationBody) {
  const { rows } = await tx.query<{ id: number }>(
    `insert into simulations (client_id, name, cash, shares, bond, commodities, crypto, real_estate_items,
                              artlux_items, share_items, starting_cash, starting_percentage, created_by)
     values ($1, $2, round($3::numeric, 2), round($4::numeric, 2), round($5::numeric, 2), round($6::numeric, 2),
             round($7::numeric, 2), $8::jsonb, $9::jsonb, $10::jsonb, round($11::numeric, 2), $12, $13)
     returning id`,
    [clientId, ...values(b), createdBy],
  );
  return Number(rows[0]!.id);
}

export async function updateSimulation(tx: Queryable, id: number, b: SimulationBody): Promise<void> {
  await tx.query(
    `update simulations set name = $2, cash = round($3::numeric, 2), shares = round($4::numeric, 2),
            bond = round($5::numeric, 2), commodities = round($6::numeric, 2), crypto = round($7::numeric, 2),
            real_estate_items = $8::jsonb, artlux_items = $9::jsonb, share_items = $10::jsonb,
            starting_cash = round($11::numeric, 2), starting_percentage = $12, updated_at = now()
      where id = $1`,
    [id, ...values(b)],
  );
}

export async function deleteSimulation(tx: Queryable, id: number): Promise<void> {
  await tx.query('delete from simulations where id = $1', [id]);
}

/** The descriptions of a client's properties, by id (a new simulation names its rows with them). */
export async function propertyDescriptions(db: Queryable, clientId: number): Promise<Map<number, string>> {
  const { rows } = await db.query<{ id: number; description: string }>(
    'select id, description from real_estates where client_id = $1',
    [clientId],
  );
  return new Map(rows.map((r) => [Number(r.id), r.description]));
}

/** The ids of a client's properties, goods and companies held: the items a simulation of the client may name. */
export async function ownItemIds(
  db: Queryable,
  clientId: number,
): Promise<{ realEstate: Set<number>; lux: Set<number>; company: Set<number> }> {
  const { rows } = await db.query<{ kind: string; id: number }>(
    `select 'realEstate' as kind, id from real_estates where client_id = $1
     union all select 'lux', id from lux_items where client_id = $1
     union all select 'company', company_id from company_holdings where client_id = $1`,
    [clientId],
  );
  const ids = { realEstate: new Set<number>(), lux: new Set<number>(), company: new Set<number>() };
  for (const r of rows) ids[r.kind as keyof typeof ids].add(Number(r.id));
  return ids;
}
