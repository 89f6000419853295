// Art and luxury goods from the database: the items with their latest evaluation, the dashboard figures, and the lux
// wealth of a set of clients (with weights) at a date and over a date range, for the overview dashboard and the asset
// history.
import { eachDay } from '@patrimonio/engine';
import type { LuxCategory, LuxItem } from '@patrimonio/shared-api';
import { clientDisplayNameSql } from '../db/client-name.ts';
import type { Queryable } from '../db/database.ts';
import {
  type Evaluation,
  type LuxHolding,
  luxColumn,
  luxPie,
  luxStats,
  luxWealthAt,
  luxYield,
  type Member,
} from './figures.ts';

const num = (v: unknown) => Number(v ?? 0);

/** The select list of an item with its owner's name and its latest evaluation (alias li). */
export const LUX_SELECT = `select li.id, li.client_id, ${clientDisplayNameSql('c')} as owner, li.description, li.category,
    li.buy_cost::text as buy_cost, li.yearly_income::text as yearly_income,
    li.yearly_maintenance::text as yearly_maintenance, li.linked_debt::text as linked_debt, li.note,
    le.value::text as evaluation, to_char(le.evaluation_date, 'YYYY-MM-DD') as evaluation_date
  from lux_items li
  join clients c on c.id = li.client_id
  left join lateral (select e.value, e.evaluation_date from lux_evaluations e where e.item_id = li.id
                      order by e.evaluation_date desc limit 1) le on true`;

export function toLuxItem(r: Record<string, unknown>): LuxItem {
  const evaluation = num(r.evaluation);
  const yearlyIncome = num(r.yearly_income);
  return {
    id: Number(r.id),
    ownerId: Number(r.client_id),
    owner: String(r.owner),
    description: String(r.description),
    category: r.category as LuxCategory,
    evaluation,
    evaluationDate: String(r.evaluation_date ?? ''),
    buyCost: r.buy_cost === null ? null : num(r.buy_cost),
    yield: luxYield(yearlyIncome, evaluation),
    yearlyIncome,
    yearlyMaintenance: num(r.yearly_maintenance),
    linkedDebt: num(r.linked_debt),
    note: (r.note as string | null) ?? null,
  };
}

/** The items of the members with their latest evaluation, unsorted. */
export async function luxItems(db: Queryable, members: readonly Member[], category?: LuxCategory): Promise<LuxItem[]> {
  const { rows } = await db.query(
    `${LUX_SELECT} where li.client_id = any($1::bigint[])${category ? ' and li.category = $2' : ''}`,
    category ? [members.map((m) => m.clientId), category] : [members.map((m) => m.clientId)],
  );
  return rows.map(toLuxItem);
}

/** The members' items and all their evaluations (up to a date when given), for the figures. */
async function holdingsAndEvaluations(db: Queryable, members: readonly Member[], upTo?: string) {
  const clientIds = members.map((m) => m.clientId);
  const { rows: items } = await db.query<Record<string, unknown>>(
    `select id, client_id, category, yearly_income::text as yearly_income,
            yearly_maintenance::text as yearly_maintenance, linked_debt::text as linked_debt
       from lux_items where client_id = any($1::bigint[])`,
    [clientIds],
  );
  const { rows: evaluations } = await db.query<Record<string, unknown>>(
    `select e.item_id, to_char(e.evaluation_date, 'YYYY-MM-DD') as date, e.value::text as value
       from lux_evaluations e join lux_items li on li.id = e.item_id
      where li.client_id = any($1::bigint[])${upTo ? ' and e.evaluation_date <= $2' : ''}`,
    upTo ? [clientIds, upTo] : [clientIds],
  );
  return {
    items: items.map(
      (r): LuxHolding => ({
        id: Number(r.id),
        clientId: Number(r.client_id),
        category: r.category as LuxCategory,
        yearlyIncome: num(r.yearly_income),
        yearlyMaintenance: num(r.yearly_maintenance),
        linkedDebt: num(r.linked_debt),
      }),
    ),
    evaluations: evaluations.map(
      (r): Evaluation => ({ itemId: Number(r.item_id), date: String(r.date), value: num(r.value) }),
    ),
  };
}

/** /lux/dashboard/stat: totalValue, yearlyIncome, linkedDebt, yearlyMaintenance (family weights applied). */
export async function luxDashboardStats(db: Queryable, members: readonly Member[]) {
  const { items, evaluations } = await holdingsAndEvaluations(db, members);
  return luxStats(members, items, evaluations);
}

/** /lux/dashboard/pie: value by category. */
export async function luxDashboardPie(db: Queryable, members: readonly Member[]) {
  const { items, evaluations } = await holdingsAndEvaluations(db, members);
  return luxPie(members, items, evaluations);
}

/** /lux/dashboard/column: value by category at each year's end. */
export async function luxDashboardColumn(db: Queryable, members: readonly Member[]) {
  const { items, evaluations } = await holdingsAndEvaluations(db, members);
  return luxColumn(members, items, evaluations);
}

/** The lux wealth of the members at a date: weighted sum of each item's latest evaluation on or before it. */
export async function luxValueAt(db: Queryable, members: readonly Member[], date: string): Promise<number> {
  const { items, evaluations } = await holdingsAndEvaluations(db, members, date);
  return luxWealthAt(members, items, evaluations, date);
}

/** The lux wealth of the members on every day from dateFrom to dateTo (both included), in date order. */
export async function luxValueSeries(
  db: Queryable,
  members: readonly Member[],
  dateFrom: string,
  dateTo: string,
): Promise<{ date: string; value: number }[]> {
  const { items, evaluations } = await holdingsAndEvaluations(db, members, dateTo);
  // The value changes only on evaluation dates: recompute there, carry it forward in between.
  const changes = new Set(evaluations.map((e) => e.date));
  let value = luxWealthAt(members, items, evaluations, dateFrom);
  return eachDay(dateFrom, dateTo).map((date) => {
    if (date !== dateFrom && changes.has(date)) value = luxWealthAt(members, items, evaluations, date);
    return { date, value };
  });
}
