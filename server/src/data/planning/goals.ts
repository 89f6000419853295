// The goals table: a client's goals and their writes.
import type { Goal, GoalListQuery, GoalUpdate } from '@patrimonio/shared-api';
import type { Queryable } from '../../db/database.ts';
import { isoDate, Params, paging, selectPage } from '../sql.ts';

export const GOAL_SELECT = `select g.id, g.client_id, g.description, g.amount::text as amount, g.init_date,
    g.created_at, g.updated_at from goals g`;

export function toGoal(r: Record<string, unknown>): Goal {
  return {
    id: Number(r.id),
    clientId: Number(r.client_id),
    description: String(r.description),
    amount: Number(r.amount),
    initDate: isoDate(r.init_date)!,
    createdAt: new Date(r.created_at as string).toISOString(),
    updatedAt: new Date(r.updated_at as string).toISOString(),
  };
}

const SORT = { initDate: 'g.init_date', amount: 'g.amount', updatedAt: 'g.updated_at' };

/** One page of a client's goals, by target date unless sorted otherwise. */
export function listGoals(db: Queryable, clientId: number, q: GoalListQuery) {
  const p = new Params();
  const { orderBy } = paging({ sort: q.sort ?? 'initDate,asc' }, SORT, 'g');
  return selectPage(
    db,
    {
      select: GOAL_SELECT,
      from: 'goals g',
      filter: `where g.client_id = ${p.add(clientId)}`,
      orderBy,
      values: p.values,
    },
    { page: q.page, size: q.size ?? 100000 },
    toGoal,
  );
}

/** Every goal of a client, by target date. */
export async function goalsOf(db: Queryable, clientId: number): Promise<Goal[]> {
  const { rows } = await db.query(`${GOAL_SELECT} where g.client_id = $1 order by g.init_date, g.id`, [clientId]);
  return rows.map(toGoal);
}

export async function insertGoal(tx: Queryable, clientId: number, createdBy: number | null, b: GoalUpdate) {
  const { rows } = await tx.query<{ id: number }>(
    `insert into goals (client_id, description, amount, init_date, created_by)
     values ($1, $2, round($3::numeric, 2), $4, $5) returning id`,
    [clientId, b.description.trim(), b.amount, b.initDate, createdBy],
  );
  return Number(rows[0]!.id);
}

export async function updateGoal(tx: Queryable, id: number, b: GoalUpdate): Promise<void> {
  await tx.query(
    `update goals set description = $2, amount = round($3::numeric, 2), init_date = $4, updated_at = now()
      where id = $1`,
    [id, b.description.trim(), b.amount, b.initDate],
  );
}

export async function deleteGoal(tx: Queryable, id: number): Promise<void> {
  await tx.query('delete from goals where id = $1', [id]);
}
