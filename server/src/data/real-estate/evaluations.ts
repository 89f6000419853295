// The real_estate_evaluations table: a property's evaluation history (the latest by date is its current value).
import type { Queryable, Row } from '../../db/database.ts';
import { isoDate } from '../sql.ts';

export interface Evaluation {
  id: number;
  realEstateId: number;
  evaluationDate: string;
  value: number;
}

const COLUMNS = `id, real_estate_id, to_char(evaluation_date, 'YYYY-MM-DD') as evaluation_date, value::float8 as value`;

const toEvaluation = (r: Row): Evaluation => ({
  id: Number(r.id),
  realEstateId: Number(r.real_estate_id),
  evaluationDate: isoDate(r.evaluation_date)!,
  value: Number(r.value),
});

/** One page of a property's evaluations by date (`asc` or `desc`), and how many there are. */
export async function listEvaluations(
  db: Queryable,
  realEstateId: number,
  dir: 'asc' | 'desc',
  page: number,
  size: number,
): Promise<{ item: Evaluation[]; total: number }> {
  const { rows } = await db.query(
    `select ${COLUMNS} from real_estate_evaluations where real_estate_id = $1
      order by evaluation_date ${dir} limit ${size} offset ${(page - 1) * size}`,
    [realEstateId],
  );
  const { rows: count } = await db.query<{ n: number }>(
    'select count(*)::int as n from real_estate_evaluations where real_estate_id = $1',
    [realEstateId],
  );
  return { item: rows.map(toEvaluation), total: Number(count[0]!.n) };
}

/** One evaluation of the property, or null. */
export async function findEvaluation(db: Queryable, realEstateId: number, id: number): Promise<Evaluation | null> {
  const { rows } = await db.query(
    `select ${COLUMNS} from real_estate_evaluations where id = $1 and real_estate_id = $2`,
    [id, realEstateId],
  );
  return rows[0] ? toEvaluation(rows[0]) : null;
}

/** Whether the property has an evaluation on that date other than `exceptId`. */
export async function evaluationDateTaken(
  db: Queryable,
  realEstateId: number,
  date: string,
  exceptId: number | null,
): Promise<boolean> {
  const { rows } = await db.query(
    'select 1 from real_estate_evaluations where real_estate_id = $1 and evaluation_date = $2 and id <> $3',
    [realEstateId, date, exceptId ?? 0],
  );
  return rows.length > 0;
}

export async function insertEvaluation(
  tx: Queryable,
  realEstateId: number,
  date: string,
  value: number,
): Promise<Evaluation> {
  const { rows } = await tx.query(
    `insert into real_estate_evaluations (real_estate_id, evaluation_date, value) values ($1, $2, $3)
     returning ${COLUMNS}`,
    [realEstateId, date, value],
  );
  return toEvaluation(rows[0]!);
}

/** The evaluation of that date, written or replaced. */
export async function upsertEvaluation(tx: Queryable, realEstateId: number, date: string, value: number) {
  await tx.query(
    `insert into real_estate_evaluations (real_estate_id, evaluation_date, value) values ($1, $2, $3)
     on conflict (real_estate_id, evaluation_date) do update set value = excluded.value, updated_at = now()`,
    [realEstateId, date, value],
  );
}

export async function updateEvaluation(tx: Queryable, id: number, date: string, value: number): Promise<Evaluation> {
  const { rows } = await tx.query(
    `update real_estate_evaluations set evaluation_date = $2, value = $3, updated_at = now() where id = $1
     returning ${COLUMNS}`,
    [id, date, value],
  );
  return toEvaluation(rows[0]!);
}
