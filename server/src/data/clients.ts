// The clients table: the Client answer (columns and row mapping), the list, the duplicate-code lookup and the writes
// of the client routes. Which client a caller may see: access/clients.ts and access/visibility.ts.
import { CLIENT_TRIAL_DAYS, type Client } from '@patrimonio/shared-api';
import { visibleClients } from '../access/visibility.ts';
import { clientDisplayNameSql } from '../db/client-name.ts';
import type { Queryable, Row } from '../db/database.ts';
import type { AuthUser } from '../identity/types.ts';
import { isoDate, likePattern } from './sql.ts';

/** Days of the trial a new client starts with (shared with the portal: shared-api subscription-codes). */
export const TRIAL_DAYS = CLIENT_TRIAL_DAYS;

/**
 * Whether the client (aliased `alias`) is in its trial now: a trial counts only while its end date is today or later.
 * Every read of a client's trial goes through this (the protected-route rules read `trial`).
 */
export const trialActiveSql = (alias = 'c') => `(${alias}.trial and ${alias}.trial_until >= current_date)`;

/**
 * The clients columns plus the invitation state the clients table shows: whether the client has an account
 * (registered) and when the open invitation, if any, was sent. `alias` is the clients table's alias.
 */
export const clientColumnsSql = (alias = 'c') => `${alias}.*, ${trialActiveSql(alias)} as trial_active,
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
    // trial_active: trialActiveSql, read with the row (clientColumnsSql, insertClient).
    trial: Boolean(r.trial_active),
    trialUntil: isoDate(r.trial_until),
    registered: Boolean(r.registered),
    invitedAt: (r.invited_at as string | null) ?? null,
  };
}

const SORT_SQL: Record<string, string> = {
  createdAt: 'c.created_at',
  updatedAt: 'c.updated_at',
  name: `lower(${clientDisplayNameSql('c')})`,
  firstName: 'lower(c.first_name)',
  lastName: 'lower(c.last_name)',
  companyName: 'lower(c.company_name)',
};

/**
 * One page of the clients the caller sees: matching `search` (name, tax code, vat, email) and changed since `since`
 * (an ISO local timestamp) when given, sorted by `sort` (`field[,asc|desc]`).
 */
export async function listClients(
  db: Queryable,
  user: AuthUser,
  query: { search?: string | undefined; since?: string | undefined; sort: string; page: number; size: number },
): Promise<{ item: Client[]; total: number }> {
  const visible = visibleClients(user, 1);
  const where = [visible.sql];
  const params = [...visible.params];
  if (query.search) {
    params.push(likePattern(query.search));
    const p = `$${params.length}`;
    where.push(
      `(${clientDisplayNameSql('c')} ilike ${p} or c.first_name ilike ${p} or c.last_name ilike ${p}
        or concat_ws(' ', c.first_name, c.last_name) ilike ${p} or concat_ws(' ', c.last_name, c.first_name) ilike ${p}
        or c.company_name ilike ${p} or c.tax_code ilike ${p} or c.vat ilike ${p} or c.email ilike ${p})`,
    );
  }
  if (query.since !== undefined) {
    params.push(query.since);
    where.push(`c.updated_at >= $${params.length}::timestamp`);
  }
  const [field = 'updatedAt', dir = 'desc'] = query.sort.split(',');
  const order = `${SORT_SQL[field] ?? SORT_SQL.updatedAt} ${dir === 'asc' ? 'asc' : 'desc'} nulls last, c.id ${dir === 'asc' ? 'asc' : 'desc'}`;
  const whereSql = where.join(' and ');
  const { rows: count } = await db.query<{ n: number }>(
    `select count(*)::int as n from clients c where ${whereSql}`,
    params,
  );
  const { rows } = await db.query(
    `select ${clientColumnsSql('c')} from clients c where ${whereSql} order by ${order}
      limit ${query.size} offset ${(query.page - 1) * query.size}`,
    params,
  );
  return { item: rows.map(toClient), total: count[0]?.n ?? 0 };
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

/** The columns a new client is written with (a trial of TRIAL_DAYS starts with it). */
export const CLIENT_INSERT_COLUMNS = [
  'company',
  'first_name',
  'last_name',
  'company_name',
  'name',
  'tax_code',
  'vat',
  'atoka_id',
  'email',
  'prefix',
  'mobile',
  'created_by',
] as const;

/** Inserts a client on trial; answers it. */
export async function insertClient(
  tx: Queryable,
  values: Record<(typeof CLIENT_INSERT_COLUMNS)[number], unknown>,
): Promise<Client> {
  const { rows } = await tx.query(
    `insert into clients (${CLIENT_INSERT_COLUMNS.join(', ')}, trial, trial_until)
     values (${CLIENT_INSERT_COLUMNS.map((_, i) => `$${i + 1}`).join(', ')}, true, current_date + ${TRIAL_DAYS})
     returning *, ${trialActiveSql('clients')} as trial_active`,
    CLIENT_INSERT_COLUMNS.map((c) => values[c] ?? null),
  );
  return toClient(rows[0]!);
}

/** Writes the given columns (names as in the table) of a client. */
export async function updateClient(tx: Queryable, id: number, columns: [string, unknown][]): Promise<void> {
  await tx.query(
    `update clients set ${columns.map(([c], i) => `${c} = $${i + 2}`).join(', ')}, updated_at = now() where id = $1`,
    [id, ...columns.map(([, v]) => v)],
  );
}

export async function deleteClient(tx: Queryable, id: number): Promise<void> {
  await tx.query('delete from clients where id = $1', [id]);
}

/** Whether the client has an account (a BASIC user linked to it). */
export async function clientHasAccount(db: Queryable, clientId: number): Promise<boolean> {
  const { rows } = await db.query('select 1 from users where client_id = $1 limit 1', [clientId]);
  return rows.length > 0;
}

/** The client's display name ('' when not found). */
export async function clientName(db: Queryable, clientId: number): Promise<string> {
  const { rows } = await db.query<{ name: string }>(
    `select ${clientDisplayNameSql('c')} as name from clients c where c.id = $1`,
    [clientId],
  );
  return rows[0]?.name ?? '';
}
