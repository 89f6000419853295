// "May the caller see this client / family?": the 404 checks every domain runs before it reads or writes for one.
import type { Role } from '@patrimonio/shared-api';
import { clientColumnsSql } from '../data/clients.ts';
import type { Queryable, Row } from '../db/database.ts';
import type { AuthUser } from '../identity/types.ts';
import { badRequest, notFound } from '../plugins/errors.ts';
import { visibleClients, visibleFamilies } from './visibility.ts';

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

/** Who manages clients (data-and-admin section 6); BASIC only reads its own record. */
export const CLIENT_MANAGERS = ['ADMIN', 'BACK_OFFICE', 'PRO', 'DELEGATE'] as const satisfies readonly Role[];

/**
 * The client row (clientColumnsSql) if the caller may see it; with lock, the row is locked for the rest of the
 * transaction.
 */
export async function findVisibleClient(
  db: Queryable,
  user: AuthUser,
  id: number,
  lock = false,
): Promise<Row | undefined> {
  const visible = visibleClients(user, 2);
  const { rows } = await db.query(
    `select ${clientColumnsSql('c')} from clients c where c.id = $1 and ${visible.sql}${lock ? ' for update of c' : ''}`,
    [id, ...visible.params],
  );
  return rows[0];
}

/** 404 unless the caller may see every one of these clients. */
export async function assertVisibleClients(db: Queryable, user: AuthUser, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const visible = visibleClients(user, 2);
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n from clients c where c.id = any($1::bigint[]) and ${visible.sql}`,
    [[...ids], ...visible.params],
  );
  if ((rows[0]?.n ?? 0) !== ids.length) throw notFound();
}
