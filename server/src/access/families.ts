// Which family a caller may read or write (DESIGN.md 3): those visibleFamilies allows; any other id answers 404.
import type { FamilyRow } from '../data/families.ts';
import type { Queryable } from '../db/database.ts';
import type { AuthUser } from '../identity/types.ts';
import { notFound } from '../plugins/errors.ts';
import { visibleFamilies } from './visibility.ts';

/** The family if the caller may see it (locked for the transaction when `lock`), else 404. */
export async function visibleFamily(q: Queryable, user: AuthUser, id: number, lock = false): Promise<FamilyRow> {
  const visible = visibleFamilies(user, 2);
  const { rows } = await q.query<FamilyRow>(
    `select f.id, f.name, f.created_by from families f where f.id = $1 and ${visible.sql}${lock ? ' for update of f' : ''}`,
    [id, ...visible.params],
  );
  if (!rows[0]) throw notFound();
  return rows[0];
}
