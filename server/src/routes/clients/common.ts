// What the client routes share: the Client mapping, who manages clients, finding a visible client, duplicates.
import { CLIENT_CANNOT_BE_ADDED, type Client, type Role } from '@patrimonio/shared-api';
import { visibleClients } from '../../access/visibility.ts';
import { clientDisplayNameSql } from '../../db/client-name.ts';
import type { Queryable, Row } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { AuthUser } from '../../identity/types.ts';
import { HttpError } from '../../plugins/errors.ts';

/** Who manages clients (data-and-admin section 6); BASIC only reads its own record. */
export const CLIENT_MANAGERS = ['ADMIN', 'BACK_OFFICE', 'PRO', 'DELEGATE'] as const satisfies readonly Role[];

/**
 * The clients columns plus the invitation state the clients table shows: whether the client has an account
 * (registered) and when the open invitation, if any, was sent. `alias` is the clients table's alias.
 */
export const clientColumnsSql = (alias = 'c') => `${alias}.*,
  exists (select 1 from users u where u.client_id = ${alias}.id) as registered,
  (select to_char(max(i.created_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') from client_invitations i
    where i.client_id = ${alias}.id and i.used_at is null and i.revoked_at is null and i.expires_at > now()) as invited_at`;

export function toClient(r: Row): Client {
  return {
    id: Number(r.id),
    demoUser: Boolean(r.demo_user),
    firstName: (r.first_name as string | null) ?? null,
    lastName: (r.last_name as string | null) ?? null,
    companyName: (r.company_name as string | null) ?? null,
    vat: (r.vat as string | null) ?? null,
    taxCode: (r.tax_code as string | null) ?? null,
    name: (r.name as string | null) ?? null,
    user: [],
    currencySymbol: (r.currency_symbol as string) ?? '€',
    atokaId: (r.atoka_id as string | null) ?? null,
    company: Boolean(r.company),
    prefix: (r.prefix as string | null) ?? null,
    mobile: (r.mobile as string | null) ?? null,
    email: (r.email as string | null) ?? null,
    subscribe: Boolean(r.subscribe),
    trial: Boolean(r.trial),
    registered: Boolean(r.registered),
    invitedAt: (r.invited_at as string | null) ?? null,
  };
}

/** The client row if the caller may see it; with lock, the row is locked for the rest of the transaction. */
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

export interface Duplicate {
  id: number;
  name: string;
  /** Whether the caller may see it: only then is it named (another tenant's clients stay unnamed). */
  visible: boolean;
}

/** A client other than excludeId holding the same tax code, vat or registry id. */
export async function findDuplicate(
  db: Queryable,
  user: AuthUser,
  keys: { taxCode?: string | null; vat?: string | null; atokaId?: string | null; excludeId?: number },
): Promise<Duplicate | null> {
  const visible = visibleClients(user, 1);
  const n = visible.params.length;
  const { rows } = await db.query<{ id: number; name: string; visible: boolean }>(
    `select c.id, ${clientDisplayNameSql('c')} as name, (${visible.sql}) as visible
       from clients c
      where (upper(c.tax_code) = $${n + 1} or c.vat = $${n + 2} or c.atoka_id = $${n + 3}) and c.id <> $${n + 4}
      order by c.id limit 1`,
    [...visible.params, keys.taxCode || null, keys.vat || null, keys.atokaId || null, keys.excludeId ?? 0],
  );
  const r = rows[0];
  return r ? { id: Number(r.id), name: r.name, visible: Boolean(r.visible) } : null;
}

/**
 * The refusal of a code another client holds. A client the caller sees: the spec's 409 "already present", naming it
 * (data-and-admin section 8). Any other (another adviser's, one the back office holds for no adviser, with an
 * account or not): the one "cannot be added" answer, the same words and status whatever the reason, so that no
 * adviser learns whose client a code is (issue 13). Both come after the same single query (findDuplicate).
 */
export function duplicateError(d: Duplicate | null): HttpError {
  return d?.visible
    ? new HttpError(409, `Client already present: ${d.name}`, 'duplicate_client')
    : cannotBeAddedError();
}

/** The "cannot be added" answer of the adds and edits (CLIENT_CANNOT_BE_ADDED in the contract). */
export const cannotBeAddedError = (): HttpError =>
  new HttpError(409, 'This client cannot be added', CLIENT_CANNOT_BE_ADDED);

/**
 * A unique violation that slipped past the duplicate check (two adds at once): whose client won is not known, so
 * it is the "cannot be added" answer.
 */
export function mapUniqueViolation(err: unknown): unknown {
  return isUniqueViolation(err) ? duplicateError(null) : err;
}

/** Trims; empty strings become null; undefined (left out) stays undefined. */
export const clean = (v: string | null | undefined): string | null | undefined =>
  v === undefined ? undefined : v === null ? null : v.trim() || null;
