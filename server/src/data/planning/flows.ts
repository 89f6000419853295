// The hc_flows (planned cash flows of human capital) and hc_flow_records (flows recorded per date) tables: lists,
// single rows and writes. Who may see which row: access/planning.ts; the figures: planning/human-capital.ts.
import { FLOWS_PER_YEAR, roundMoney } from '@patrimonio/engine';
import type {
  Flow,
  FlowCategory,
  FlowDirection,
  FlowFrequency,
  FlowGroup,
  FlowListQuery,
  FlowRecord,
  FlowRecordListQuery,
  FlowUpdate,
} from '@patrimonio/shared-api';
import { clientDisplayNameSql } from '../../db/client-name.ts';
import type { Queryable } from '../../db/database.ts';
import type { WeightedClient } from '../../real-estate/load.ts';
import { isoDate, Params, paging, selectPage } from '../sql.ts';

const num = (v: unknown) => Number(v ?? 0);
/** Occurrences a year, a one-off counting once. */
const perYear = (f: FlowFrequency) => (f === 'ONCE' ? 1 : FLOWS_PER_YEAR[f]);

/** The select list of a planned flow with its owner's name (alias f, client c). */
export const FLOW_SELECT = `select f.id, f.client_id, ${clientDisplayNameSql('c')} as owner, f.description, f.direction,
    f.category, f.flow_group, f.amount::text as amount, f.frequency, f.start_date, f.end_date,
    f.growth_rate::text as growth_rate, f.note, f.updated_at
  from hc_flows f join clients c on c.id = f.client_id`;

export function toFlow(r: Record<string, unknown>, weight = 1): Flow {
  const amount = num(r.amount);
  const frequency = r.frequency as FlowFrequency;
  return {
    id: Number(r.id),
    clientId: Number(r.client_id),
    owner: String(r.owner),
    weight,
    description: String(r.description),
    direction: r.direction as FlowDirection,
    category: r.category as FlowCategory,
    flowGroup: r.flow_group as FlowGroup,
    amount,
    frequency,
    startDate: isoDate(r.start_date)!,
    endDate: isoDate(r.end_date),
    growthRate: num(r.growth_rate),
    note: (r.note as string | null) ?? null,
    yearlyAmount: roundMoney(amount * perYear(frequency)),
    updatedAt: new Date(r.updated_at as string).toISOString(),
  };
}

const weightOf = (members: readonly WeightedClient[]) => {
  const w = new Map(members.map((m) => [m.clientId, m.weight]));
  return (clientId: number) => w.get(clientId) ?? 1;
};

const FLOW_SORT = { startDate: 'f.start_date', amount: 'f.amount', updatedAt: 'f.updated_at' };

/** One page of the members' planned flows (of one group when given). */
export async function listFlows(db: Queryable, members: readonly WeightedClient[], q: FlowListQuery) {
  const p = new Params();
  const ids = p.add(members.map((m) => m.clientId));
  const group = q.flowGroup ? ` and f.flow_group = ${p.add(q.flowGroup)}` : '';
  const { orderBy } = paging(q, FLOW_SORT, 'f');
  const weight = weightOf(members);
  return selectPage(
    db,
    {
      select: FLOW_SELECT,
      from: 'hc_flows f',
      filter: `where f.client_id = any(${ids}::bigint[])${group}`,
      orderBy,
      values: p.values,
    },
    { page: q.page, size: q.size ?? 5 },
    (r) => toFlow(r, weight(Number(r.client_id))),
  );
}

/** Every planned flow of the members (for the figures), in id order. */
export async function flowsOf(db: Queryable, clientIds: readonly number[]): Promise<Flow[]> {
  const { rows } = await db.query(`${FLOW_SELECT} where f.client_id = any($1::bigint[]) order by f.id`, [clientIds]);
  return rows.map((r) => toFlow(r));
}

type FlowBody = FlowUpdate;
const flowValues = (b: FlowBody) => [
  b.description.trim(),
  b.direction,
  b.category,
  b.flowGroup,
  b.amount,
  b.frequency,
  b.startDate,
  b.endDate ?? null,
  b.growthRate,
  b.note ?? null,
];

export async function insertFlow(tx: Queryable, clientId: number, createdBy: number | null, b: FlowBody) {
  const { rows } = await tx.query<{ id: number }>(
    `insert into hc_flows (client_id, description, direction, category, flow_group, amount, frequency, start_date,
                           end_date, growth_rate, note, created_by)
     values ($1, $2, $3, $4, $5, round($6::numeric, 2), $7, $8, $9, $10, $11, $12) returning id`,
    [clientId, ...flowValues(b), createdBy],
  );
  return Number(rows[0]!.id);
}

export async function updateFlow(tx: Queryable, id: number, b: FlowBody): Promise<void> {
  await tx.query(
    `update hc_flows set description = $2, direction = $3, category = $4, flow_group = $5,
            amount = round($6::numeric, 2), frequency = $7, start_date = $8, end_date = $9, growth_rate = $10,
            note = $11, updated_at = now()
      where id = $1`,
    [id, ...flowValues(b)],
  );
}

export async function deleteFlow(tx: Queryable, id: number): Promise<void> {
  await tx.query('delete from hc_flows where id = $1', [id]);
}

// Recorded flows

/** The select list of a recorded flow with its planned flow and owner (alias r, f, c). */
export const RECORD_SELECT = `select r.id, r.flow_id, f.client_id, ${clientDisplayNameSql('c')} as owner, f.description,
    f.direction, f.category, f.flow_group, r.date, r.amount::text as amount, r.note
  from hc_flow_records r join hc_flows f on f.id = r.flow_id join clients c on c.id = f.client_id`;

export function toFlowRecord(r: Record<string, unknown>, weight = 1): FlowRecord {
  return {
    id: Number(r.id),
    flowId: Number(r.flow_id),
    clientId: Number(r.client_id),
    owner: String(r.owner),
    weight,
    description: String(r.description),
    direction: r.direction as FlowDirection,
    category: r.category as FlowCategory,
    flowGroup: r.flow_group as FlowGroup,
    date: isoDate(r.date)!,
    amount: num(r.amount),
    note: (r.note as string | null) ?? null,
  };
}

const RECORD_SORT = { date: 'r.date', amount: 'r.amount' };

/**
 * One page of the members' recorded flows of a group dated in [dateFrom, dateTo], with the range's totals (each
 * member's flows weighted by its family weight).
 */
export async function listFlowRecords(
  db: Queryable,
  members: readonly WeightedClient[],
  q: FlowRecordListQuery & { flowGroup: FlowGroup; dateFrom: string; dateTo: string },
) {
  const p = new Params();
  const filter = `where f.client_id = any(${p.add(members.map((m) => m.clientId))}::bigint[])
      and f.flow_group = ${p.add(q.flowGroup)} and r.date between ${p.add(q.dateFrom)} and ${p.add(q.dateTo)}`;
  const { orderBy } = paging({ sort: q.sort ?? 'date,desc' }, RECORD_SORT, 'r');
  const weight = weightOf(members);
  const page = await selectPage(
    db,
    {
      select: RECORD_SELECT,
      from: 'hc_flow_records r join hc_flows f on f.id = r.flow_id',
      filter,
      orderBy,
      values: p.values,
    },
    { page: q.page, size: q.size ?? 5 },
    (r) => toFlowRecord(r, weight(Number(r.client_id))),
  );
  const { rows } = await db.query<{ client_id: string; direction: string; total: string }>(
    `select f.client_id, f.direction, sum(r.amount)::text as total
       from hc_flow_records r join hc_flows f on f.id = r.flow_id ${filter} group by f.client_id, f.direction`,
    p.values,
  );
  let income = 0;
  let expense = 0;
  for (const r of rows) {
    const v = num(r.total) * weight(Number(r.client_id));
    if (r.direction === 'IN') income += v;
    else expense += v;
  }
  return {
    ...page,
    dateFrom: q.dateFrom,
    dateTo: q.dateTo,
    income: roundMoney(income),
    expense: roundMoney(expense),
    net: roundMoney(income - expense),
  };
}

export async function insertFlowRecord(
  tx: Queryable,
  flowId: number,
  createdBy: number | null,
  b: { date: string; amount: number; note?: string | null },
) {
  const { rows } = await tx.query<{ id: number }>(
    `insert into hc_flow_records (flow_id, date, amount, note, created_by)
     values ($1, $2, round($3::numeric, 2), $4, $5) returning id`,
    [flowId, b.date, b.amount, b.note ?? null, createdBy],
  );
  return Number(rows[0]!.id);
}

export async function updateFlowRecord(
  tx: Queryable,
  id: number,
  b: { date: string; amount: number; note?: string | null },
): Promise<void> {
  await tx.query('update hc_flow_records set date = $2, amount = round($3::numeric, 2), note = $4 where id = $1', [
    id,
    b.date,
    b.amount,
    b.note ?? null,
  ]);
}

export async function deleteFlowRecord(tx: Queryable, id: number): Promise<void> {
  await tx.query('delete from hc_flow_records where id = $1', [id]);
}
