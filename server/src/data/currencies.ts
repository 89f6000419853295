// Currencies: the one a record is kept in.
import type { Queryable } from '../db/database.ts';
import { HttpError } from '../plugins/errors.ts';

/** The currency must exist (400 on the field otherwise); defaults to EUR. */
export async function currencyOrDefault(db: Queryable, currencyId: number | undefined, field: string) {
  const { rows } = await db.query<{ id: number; symbol: string }>(
    currencyId === undefined
      ? "select id, symbol from currencies where iso = 'EUR'"
      : 'select id, symbol from currencies where id = $1',
    currencyId === undefined ? [] : [currencyId],
  );
  if (!rows[0]) throw new HttpError(400, 'Unknown currency', 'VALIDATION', [{ field, message: 'unknown currency' }]);
  return rows[0];
}

/** Every currency (reference data), by id. */
export async function currencyMenu(db: Queryable) {
  const { rows } = await db.query<{ id: number; iso: string; symbol: string; name: string }>(
    'select id, iso, symbol, name from currencies order by id',
  );
  return rows.map((r) => ({ id: Number(r.id), iso: r.iso, symbol: r.symbol, name: r.name }));
}

/** Whether the currency exists. */
export async function currencyExists(db: Queryable, id: number): Promise<boolean> {
  const { rows } = await db.query('select 1 from currencies where id = $1', [id]);
  return rows.length > 0;
}

/** The id of the currency with this ISO code, or undefined. */
export async function currencyIdByIso(db: Queryable, iso: string): Promise<number | undefined> {
  const { rows } = await db.query<{ id: number }>('select id from currencies where iso = $1', [iso]);
  return rows[0] ? Number(rows[0].id) : undefined;
}

/** ISO code -> currency id. */
export async function currencyIdsByIso(db: Queryable): Promise<Map<string, number>> {
  const { rows } = await db.query<{ id: number; iso: string }>('select id, iso from currencies');
  return new Map(rows.map((r) => [String(r.iso), Number(r.id)]));
}
