// Shared SQL helpers of the repositories: a builder for parameterised SQL, paging and sorting, ILIKE patterns, dates.
import type { Queryable } from '../db/database.ts';
import type { AuthUser } from '../identity/types.ts';

/** A small builder for parameterised SQL: placeholders numbered as values are added. */

export class Params {
  readonly values: unknown[] = [];
  /** Adds a value and returns its placeholder. */
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
  /** Adds a visibility condition built for the next placeholder number and returns its SQL. */
  visible(
    build: (user: AuthUser, offset: number, alias?: string) => { sql: string; params: unknown[] },
    user: AuthUser,
    alias?: string,
  ): string {
    const v = alias === undefined ? build(user, this.values.length + 1) : build(user, this.values.length + 1, alias);
    this.values.push(...v.params);
    return v.sql;
  }
}

export interface PageQuery {
  page?: number;
  size?: number;
  sort?: string;
}

/** page counts from 1; size defaults to 10000 (spec section 9): the page, its size and its `limit … offset …`. */
export function pageLimit(query: Pick<PageQuery, 'page' | 'size'>) {
  const page = query.page ?? 1;
  const size = query.size ?? 10000;
  return { page, size, limit: `limit ${size} offset ${(page - 1) * size}` };
}

/** pageLimit, and the order of sort `field[,asc|desc]` (default updatedAt desc), the row's id breaking ties. */
export function paging(query: PageQuery, columns: Record<string, string>, alias: string) {
  const [field = 'updatedAt', dir = 'desc'] = (query.sort ?? 'updatedAt,desc').split(',');
  const column = columns[field] ?? `${alias}.updated_at`;
  return {
    ...pageLimit(query),
    orderBy: `${column} ${dir === 'asc' ? 'asc' : 'desc'}, ${alias}.id ${dir === 'asc' ? 'asc' : 'desc'}`,
  };
}

/**
 * One page of a listing in a fixed order: the rows of `select` (its table's alias in `from`) matching `filter`, and
 * the count of all that match.
 */
export async function selectPage<T>(
  db: Queryable,
  list: { select: string; from: string; filter: string; orderBy: string; values: unknown[] },
  query: Pick<PageQuery, 'page' | 'size'>,
  map: (row: Record<string, unknown>) => T,
): Promise<{ item: T[]; total: number; page: number; size: number }> {
  const { page, size, limit } = pageLimit(query);
  const { rows } = await db.query<Record<string, unknown>>(
    `${list.select} ${list.filter} order by ${list.orderBy} ${limit}`,
    list.values,
  );
  const { rows: count } = await db.query<{ n: number }>(
    `select count(*)::int as n from ${list.from} ${list.filter}`,
    list.values,
  );
  return { item: rows.map(map), total: Number(count[0]?.n ?? 0), page, size };
}

/** `%text%` for ILIKE with the wildcard characters escaped. */
export const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/** A date column as YYYY-MM-DD (both drivers may give a Date). */
export function isoDate(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) {
    const y = value.getFullYear();
    const m = String(value.getMonth() + 1).padStart(2, '0');
    const d = String(value.getDate()).padStart(2, '0');
    return `${y}-${m}-${d}`;
  }
  return String(value).slice(0, 10);
}
