// The lux_items and lux_evaluations tables: the writes of the luxury-goods routes and an item's evaluation history
// (the reads of items and figures: shares-lux/lux.ts; which item a caller may see: access/shares-lux.ts).
import type { LuxUpdate } from '@patrimonio/shared-api';
import type { Queryable } from '../../db/database.ts';

/** The columns of an item a create or an edit writes (amounts rounded to cents as stored). */
type LuxItemBody = LuxUpdate;

const itemValues = (b: LuxItemBody) => [
  b.description.trim(),
  b.category,
  b.buyCost ?? null,
  b.yearlyIncome ?? 0,
  b.yearlyMaintenance ?? 0,
  b.linkedDebt ?? 0,
  b.note ?? null,
];

export async function insertLuxItem(
  tx: Queryable,
  clientId: number,
  createdBy: number | null,
  b: LuxItemBody,
): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    `insert into lux_items (client_id, description, category, buy_cost, yearly_income, yearly_maintenance,
                            linked_debt, note, created_by)
     values ($1, $2, $3, round($4::numeric, 2), round($5::numeric, 2), round($6::numeric, 2),
             round($7::numeric, 2), $8, $9) returning id`,
    [clientId, ...itemValues(b), createdBy],
  );
  return Number(rows[0]!.id);
}

export async function updateLuxItem(tx: Queryable, id: number, b: LuxItemBody): Promise<void> {
  await tx.query(
    `update lux_items set description = $2, category = $3, buy_cost = round($4::numeric, 2),
            yearly_income = round($5::numeric, 2), yearly_maintenance = round($6::numeric, 2),
            linked_debt = round($7::numeric, 2), note = $8, updated_at = now()
      where id = $1`,
    [id, ...itemValues(b)],
  );
}

export async function deleteLuxItem(tx: Queryable, id: number): Promise<void> {
  await tx.query('delete from lux_items where id = $1', [id]);
}

/** The item's last change is now (after a write to its evaluations). */
export async function touchLuxItem(tx: Queryable, id: number): Promise<void> {
  await tx.query('update lux_items set updated_at = now() where id = $1', [id]);
}

export interface LuxEvaluationRow {
  id: number;
  evaluationDate: string;
  value: number;
}

/** An item's evaluations, latest first. */
export async function luxEvaluationsOf(db: Queryable, itemId: number): Promise<LuxEvaluationRow[]> {
  const { rows } = await db.query<{ id: number; evaluation_date: string; value: string }>(
    `select id, to_char(evaluation_date, 'YYYY-MM-DD') as evaluation_date, value::text as value
       from lux_evaluations where item_id = $1 order by evaluation_date desc, id desc`,
    [itemId],
  );
  return rows.map((r) => ({ id: Number(r.id), evaluationDate: r.evaluation_date, value: Number(r.value) }));
}

/** Inserts an evaluation (a second one on the date is a unique violation the caller maps); answers its id. */
export async function insertLuxEvaluation(tx: Queryable, itemId: number, date: string, value: number): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    'insert into lux_evaluations (item_id, evaluation_date, value) values ($1, $2, round($3::numeric, 2)) returning id',
    [itemId, date, value],
  );
  return Number(rows[0]!.id);
}

export async function updateLuxEvaluation(tx: Queryable, id: number, date: string, value: number): Promise<void> {
  await tx.query('update lux_evaluations set evaluation_date = $2, value = round($3::numeric, 2) where id = $1', [
    id,
    date,
    value,
  ]);
}

export async function deleteLuxEvaluation(tx: Queryable, id: number): Promise<void> {
  await tx.query('delete from lux_evaluations where id = $1', [id]);
}
