// Shared SQL helpers of the repositories: a builder for parameterised SQL, paging and sorting, ILIKE patterns, dates.
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

/** page counts from 1; size defaults to 10000 (spec section 9); sort `field[,asc|desc]`, default updatedAt desc. */
export function paging(query: PageQuery, columns: Record<string, string>, alias: string) {
  const page = query.page ?? 1;
  const size = query.size ?? 10000;
  const [field = 'updatedAt', dir = 'desc'] = (query.sort ?? 'updatedAt,desc').split(',');
  const column = columns[field] ?? `${alias}.updated_at`;
  return {
    page,
    size,
    orderBy: `${column} ${dir === 'asc' ? 'asc' : 'desc'}, ${alias}.id ${dir === 'asc' ? 'asc' : 'desc'}`,
    limit: `limit ${size} offset ${(page - 1) * size}`,
  };
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
