// The instruments table: stocks, bonds and funds by ISIN (reference data).
import type { Queryable } from '../../db/database.ts';
import { Params } from '../sql.ts';

/** The id of the instrument with this id and/or ISIN (both must match when both are given), or undefined. */
export async function findInstrumentId(
  db: Queryable,
  by: { id?: number | null; isin?: string | null },
): Promise<number | undefined> {
  const p = new Params();
  const conds: string[] = [];
  if (by.id != null) conds.push(`id = ${p.add(by.id)}`);
  if (by.isin) conds.push(`isin = ${p.add(by.isin.toUpperCase())}`);
  const { rows } = await db.query<{ id: number }>(`select id from instruments where ${conds.join(' and ')}`, p.values);
  return rows[0] ? Number(rows[0].id) : undefined;
}
