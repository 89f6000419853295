// Which property a call may read or write (DESIGN.md 3): one of a client the caller sees (visibleRealEstates in
// visibility.ts), else 404 (another tenant's ids are never revealed).
import type { RealEstate } from '@patrimonio/shared-api';
import { REAL_ESTATE_SELECT, toRealEstate } from '../data/real-estate/properties.ts';
import { Params } from '../data/sql.ts';
import type { Queryable } from '../db/database.ts';
import type { AuthUser } from '../identity/types.ts';
import { notFound } from '../plugins/errors.ts';
import { visibleRealEstates } from './visibility.ts';

/** One property the caller may see (sold or not), else 404; `lock` holds its row for the transaction. */
export async function visibleRealEstate(db: Queryable, user: AuthUser, id: number, lock = false): Promise<RealEstate> {
  const p = new Params();
  const where = `r.id = ${p.add(id)} and ${p.visible(visibleRealEstates, user)}`;
  if (lock) {
    const { rows } = await db.query(`select r.id from real_estates r where ${where} for update`, p.values);
    if (!rows[0]) throw notFound();
  }
  const { rows } = await db.query(`${REAL_ESTATE_SELECT} where ${where}`, p.values);
  if (!rows[0]) throw notFound();
  return toRealEstate(rows[0]);
}
