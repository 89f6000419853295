// Helpers shared by the financial routes: paging and sorting, owner checks, date and error mapping.
import type { FastifyInstance } from 'fastify';
import { seesTesting } from '../../access/financial-visibility.ts';
import { visibleClients, visibleFamilies } from '../../access/visibility.ts';
import type { Queryable } from '../../db/database.ts';
import type { AuthUser } from '../../identity/types.ts';
import { badRequest, HttpError, notFound } from '../../plugins/errors.ts';

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

/** The client must be one the caller may see, else 404 (never reveal another tenant's ids). */
export async function assertVisibleClient(db: Queryable, user: AuthUser, clientId: number): Promise<void> {
  const visible = visibleClients(user, 2);
  const { rows } = await db.query(`select 1 from clients c where c.id = $1 and ${visible.sql}`, [
    clientId,
    ...visible.params,
  ]);
  if (!rows[0]) throw notFound();
}

/**
 * The client a call is about: the given clientId (which the caller must see, else 404), or for a BASIC user
 * with none given, its own client. Anyone else must name one: 400 on querystring.clientId.
 */
export async function targetClientId(db: Queryable, user: AuthUser, clientId: number | undefined): Promise<number> {
  if (clientId === undefined) {
    const own =
      user.role === 'BASIC' && user.userId !== null
        ? (await db.query<{ client_id: number | null }>('select client_id from users where id = $1', [user.userId]))
            .rows[0]
        : undefined;
    if (own?.client_id === undefined || own.client_id === null) {
      throw badRequest([{ field: 'querystring.clientId', message: 'give clientId or familyId' }]);
    }
    clientId = Number(own.client_id);
  }
  await assertVisibleClient(db, user, clientId);
  return clientId;
}

/** The family must be one the caller may see, else 404. */
export async function assertVisibleFamily(db: Queryable, user: AuthUser, familyId: number): Promise<void> {
  const visible = visibleFamilies(user, 2);
  const { rows } = await db.query(`select 1 from families f where f.id = $1 and ${visible.sql}`, [
    familyId,
    ...visible.params,
  ]);
  if (!rows[0]) throw notFound();
}

/** Only ADMIN, BACK_OFFICE or an impersonating session may flag portfolios and accounts as testing. */
export function assertMayFlagTesting(user: AuthUser, testing: boolean | undefined): void {
  if (testing && !seesTesting(user))
    throw new HttpError(403, 'Only ADMIN, BACK_OFFICE or an impersonating session may flag testing data');
}

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

/** A unique violation of the database becomes a 409. */
export function conflictOn(err: unknown, message: string): never {
  if (err && typeof err === 'object' && 'code' in err && (err as { code: unknown }).code === '23505')
    throw new HttpError(409, message, 'CONFLICT');
  throw err;
}

export type App = FastifyInstance;
