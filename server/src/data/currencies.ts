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
