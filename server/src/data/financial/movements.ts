// The movements table: the rows of an account (deposits, trades, income, costs). Reads carry the caller's
// visibility through the account (access/financial-visibility.ts visibleAccounts). Amounts, quantities and prices
// are numeric in SQL: a trade's default amount is quantity x price computed there.
import type { routes } from '@patrimonio/shared-api';
import type { Static } from 'typebox';
import { visibleAccounts, visiblePortfolios } from '../../access/financial-visibility.ts';
import { clientDisplayNameSql } from '../../db/client-name.ts';
import type { Queryable, Row } from '../../db/database.ts';
import type { AuthUser } from '../../identity/types.ts';
import { likePattern, type PageQuery, Params, paging } from '../sql.ts';

export type Movement = Static<(typeof routes.getMovement.response)[200]>;
export type MovementFilter = Static<typeof routes.listMovements.body>;
/** Which accounts a list is about: a portfolio's, a client's or a family's; 'all' = all the caller sees. */
export type MovementOwner = { ptfId: number } | { clientId: number } | { familyId: number } | 'all';

/**
 * How many units one price quote covers (DESIGN.md 4): bonds are quoted per 100 of nominal and their quantity is
 * the nominal, so a bond trade's amount is quantity x price / 100. `instrumentParam` is the SQL parameter.
 */
const PRICE_UNIT_SQL = (instrumentParam: string) =>
  `coalesce((select case when i.macro_asset_class = 'Bond' then 100 else 1 end from instruments i where i.id = ${instrumentParam}), 1)`;

const SORT = { dateTime: 'm.date_time', createdAt: 'm.created_at' };

const FROM = `from movements m
    join accounts a on a.id = m.account_id
    join clients oc on oc.id = m.client_id
    join currencies cur on cur.id = m.currency_id
    left join instruments i on i.id = m.instrument_id
    left join users au on au.id = m.created_by
    left join users du on du.id = m.decided_by`;

/** An instant as ISO 8601 in UTC. */
const utc = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/**
 * The display columns of a movement; its portfolios are the names of those holding its account that the caller sees
 * (visiblePortfolios: the testing ones only for ADMIN, BACK_OFFICE or an impersonating session), parameters in `p`.
 */
function columns(p: Params, user: AuthUser): string {
  return `m.id, to_char(m.date_time, 'YYYY-MM-DD HH24:MI') as date_time, m.classification, m.cause,
    m.subcause, m.account_id, a.name as account_name, m.offset_account_id, m.currency_id, cur.iso as currency_iso,
    cur.symbol as currency_symbol, m.client_id, ${clientDisplayNameSql('oc')} as owner_name,
    array(select vp.name from portfolio_accounts vpa join portfolios vp on vp.id = vpa.portfolio_id
           where vpa.account_id = m.account_id and ${p.visible(visiblePortfolios, user, 'vp')}
           order by vp.name, vp.id) as portfolio_names, m.instrument_id,
    i.isin, i.name as instrument_name, m.quantity::text as quantity, m.price::text as price, m.amount::text as amount,
    m.status, m.origin, au.name as author_name, m.reject_reason, ${utc('m.decided_at')} as decided_at,
    du.name as decided_by_name, ${utc('m.created_at')} as created_at`;
}
const select = (p: Params, user: AuthUser) => `select ${columns(p, user)} ${FROM}`;

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

function toMovement(r: Row): Movement {
  return {
    id: Number(r.id),
    dateTime: String(r.date_time),
    classification: (r.classification as string | null) ?? null,
    cause: r.cause as Movement['cause'],
    subcause: (r.subcause as Movement['subcause']) ?? null,
    accountId: Number(r.account_id),
    accountName: String(r.account_name),
    offsetAccountId: num(r.offset_account_id),
    currencyId: Number(r.currency_id),
    currency: String(r.currency_iso),
    currencySymbol: String(r.currency_symbol),
    ownerId: Number(r.client_id),
    owner: String(r.owner_name),
    portfolios: (r.portfolio_names as string[] | null) ?? [],
    instrumentId: num(r.instrument_id),
    isin: (r.isin as string | null) ?? null,
    instrumentName: (r.instrument_name as string | null) ?? null,
    quantity: num(r.quantity),
    price: num(r.price),
    amount: Number(r.amount),
    status: r.status as Movement['status'],
    origin: r.origin as Movement['origin'],
    author: (r.author_name as string | null) ?? null,
    rejectReason: (r.reject_reason as string | null) ?? null,
    decidedAt: (r.decided_at as string | null) ?? null,
    decidedBy: (r.decided_by_name as string | null) ?? null,
    createdAt: String(r.created_at),
  };
}

/** One movement on an account the caller sees, or undefined; with lock, locked for the rest of the transaction. */
export async function findVisibleMovement(
  db: Queryable,
  user: AuthUser,
  id: number,
  lock = false,
): Promise<Movement | undefined> {
  const p = new Params();
  const { rows } = await db.query(
    `${select(p, user)} where m.id = ${p.add(id)} and ${p.visible(visibleAccounts, user)}${lock ? ' for update of m' : ''}`,
    p.values,
  );
  return rows[0] ? toMovement(rows[0]) : undefined;
}

/**
 * The movements with these ids on accounts the caller sees, in id order; with lock, locked for the rest of the
 * transaction, one after the other in id order (two transactions locking overlapping sets wait, never deadlock).
 */
export async function visibleMovements(
  db: Queryable,
  user: AuthUser,
  ids: number[],
  lock = false,
): Promise<Movement[]> {
  const p = new Params();
  const { rows } = await db.query(
    `${select(p, user)} where m.id = any(${p.add(ids)}::bigint[]) and ${p.visible(visibleAccounts, user)}
      order by m.id${lock ? ' for update of m' : ''}`,
    p.values,
  );
  return rows.map(toMovement);
}

/** The movements with these ids on accounts the caller sees, locked for the rest of the transaction. */
export const lockVisibleMovements = (db: Queryable, user: AuthUser, ids: number[]) =>
  visibleMovements(db, user, ids, true);

function ownerSql(owner: MovementOwner, p: Params): string {
  if (owner === 'all') return 'true';
  if ('ptfId' in owner)
    return `m.account_id in (select account_id from portfolio_accounts where portfolio_id = ${p.add(owner.ptfId)})`;
  if ('clientId' in owner) return `a.client_id = ${p.add(owner.clientId)}`;
  return `a.client_id in (select client_id from family_members where family_id = ${p.add(owner.familyId)})`;
}

function filterSql(f: MovementFilter, p: Params): string {
  let where = '';
  if (f.dateFrom) where += ` and m.date_time >= ${p.add(f.dateFrom)}::date`;
  if (f.dateTo) where += ` and m.date_time < ${p.add(f.dateTo)}::date + 1`;
  if (f.cause?.length) where += ` and m.cause = any(${p.add(f.cause)}::text[])`;
  if (f.accountId !== undefined) where += ` and m.account_id = ${p.add(f.accountId)}`;
  if (f.isin) where += ` and i.isin = ${p.add(f.isin.toUpperCase())}`;
  // Rejected movements are kept with their reason but listed only when asked for (the middle office's own list).
  if (f.status) where += ` and m.status = ${p.add(f.status.toUpperCase())}`;
  else where += ` and m.status <> 'REJECTED'`;
  if (f.text) {
    const t = p.add(likePattern(f.text));
    where += ` and (m.classification ilike ${t} or m.cause ilike ${t} or a.name ilike ${t} or i.name ilike ${t}
      or i.isin ilike ${t} or ${clientDisplayNameSql('oc')} ilike ${t})`;
  }
  return where;
}

/**
 * One page of the owner's movements the caller sees that match the filter (default newest first, `defaultSize` a
 * page); `lastMonth`: only those of the last month.
 */
export async function listMovements(
  db: Queryable,
  user: AuthUser,
  owner: MovementOwner,
  q: PageQuery,
  f: MovementFilter,
  defaultSize: number,
  lastMonth = false,
) {
  const p = new Params();
  const filters = filterSql(f, p);
  const recent = lastMonth ? " and m.date_time >= now()::timestamp - interval '1 month'" : '';
  const where = `${ownerSql(owner, p)} and ${p.visible(visibleAccounts, user)}${filters}${recent}`;
  const pg = paging({ page: q.page, size: q.size ?? defaultSize, sort: q.sort ?? 'dateTime,desc' }, SORT, 'm');
  // One statement: the matching ids (joining the owner and instrument only when a filter reads them), the page
  // of them, then the display columns for that page alone, with the total alongside.
  const joins = `${/\b(oc|i)\./.test(filters) ? ' join clients oc on oc.id = m.client_id left join instruments i on i.id = m.instrument_id' : ''}`;
  const whereValues = [...p.values];
  const { rows } = await db.query(
    `with hits as (
       select m.id, m.date_time, m.created_at from movements m join accounts a on a.id = m.account_id${joins}
        where ${where}),
     page as (select m.id from hits m order by ${pg.orderBy} ${pg.limit})
     select ${columns(p, user)}, (select count(*)::int from hits) as total_count ${FROM}
       where m.id in (select id from page) order by ${pg.orderBy}`,
    p.values,
  );
  let total = rows[0] ? Number(rows[0].total_count) : 0;
  if (!rows[0] && pg.page > 1) {
    // Past the last page: the total still counts.
    total = (await db.query<{ n: number }>(`select count(*)::int as n ${FROM} where ${where}`, whereValues)).rows[0]!.n;
  }
  return { item: rows.map(toMovement), total, page: pg.page, size: pg.size };
}

/** The stored values of a movement (numbers as text, so numeric does the arithmetic: no binary floats). */
export interface MovementValues {
  accountId: number;
  clientId: number;
  dateTime: string;
  classification: string | null;
  cause: string;
  subcause: string | null;
  currencyId: number;
  instrumentId: number | null;
  quantity: string | null;
  price: string | null;
  amount: string | null;
  offsetAccountId: number | null;
  status: string;
}

/** The stored columns of a movement that insert and update write, with the MovementValues key of each. */
const MOVEMENT_COLUMNS = [
  ['account_id', 'accountId'],
  ['client_id', 'clientId'],
  ['date_time', 'dateTime'],
  ['classification', 'classification'],
  ['cause', 'cause'],
  ['subcause', 'subcause'],
  ['currency_id', 'currencyId'],
  ['instrument_id', 'instrumentId'],
  ['quantity', 'quantity'],
  ['price', 'price'],
  ['amount', 'amount'],
  ['offset_account_id', 'offsetAccountId'],
  ['status', 'status'],
] as const satisfies readonly (readonly [string, keyof MovementValues])[];

type Column = (typeof MOVEMENT_COLUMNS)[number][0];

/**
 * SQL for those columns from parameters $first, $first+1, ...: the casts, and a trade's default amount
 * (quantity x price / price unit, to the cent) when none is given.
 */
function movementExpressions(first: number): string[] {
  const at = (column: Column) => `$${first + MOVEMENT_COLUMNS.findIndex(([c]) => c === column)}`;
  return MOVEMENT_COLUMNS.map(([column]) => {
    if (column === 'date_time') return `${at(column)}::timestamp`;
    if (column === 'quantity' || column === 'price') return `${at(column)}::numeric`;
    if (column === 'amount')
      return `coalesce(${at('amount')}::numeric, round(${at('quantity')}::numeric * ${at('price')}::numeric / ${PRICE_UNIT_SQL(at('instrument_id'))}, 2))`;
    return at(column);
  });
}

const movementParams = (v: MovementValues) => MOVEMENT_COLUMNS.map(([, key]) => v[key]);

/** Where a movement came from (shared-api MOVEMENT_ORIGINS). */
export type MovementOrigin = Movement['origin'];

/** Inserts a movement and returns its id (a numeric overflow of quantity x price is SQLSTATE 22003). */
export async function insertMovement(
  db: Queryable,
  v: MovementValues,
  userId: number | null,
  origin: MovementOrigin = 'MANUAL',
): Promise<number> {
  const n = MOVEMENT_COLUMNS.length;
  const { rows } = await db.query<{ id: number }>(
    `insert into movements (${MOVEMENT_COLUMNS.map(([c]) => c).join(', ')}, created_by, origin)
     values (${movementExpressions(1).join(', ')}, $${n + 1}, $${n + 2}) returning id`,
    [...movementParams(v), userId, origin],
  );
  return Number(rows[0]!.id);
}

/**
 * Rewrites a movement. Its status follows `v.status`: a change to APPROVED records who decided (`userId`) and when,
 * back to PENDING clears the decision, and only a movement that stays REJECTED keeps its reason.
 */
export async function updateMovement(
  db: Queryable,
  id: number,
  v: MovementValues,
  userId: number | null,
): Promise<void> {
  const status = `$${2 + MOVEMENT_COLUMNS.findIndex(([c]) => c === 'status')}::text`;
  const decider = `$${MOVEMENT_COLUMNS.length + 2}::bigint`;
  await db.query(
    `update movements set ${movementExpressions(2)
      .map((e, i) => `${MOVEMENT_COLUMNS[i]![0]} = ${e}`)
      .join(', ')}, updated_at = now(),
        reject_reason = case when ${status} = 'REJECTED' then reject_reason end,
        decided_by = case when ${status} = status then decided_by when ${status} = 'PENDING' then null else ${decider} end,
        decided_at = case when ${status} = status then decided_at when ${status} = 'PENDING' then null else now() end
      where id = $1`,
    [id, ...movementParams(v), userId],
  );
}

export async function deleteMovementRows(db: Queryable, ids: number[]): Promise<void> {
  await db.query('delete from movements where id = any($1::bigint[])', [ids]);
}

/**
 * Keeps first_movement_date of the portfolios holding these accounts: the earliest date of their approved movements
 * (a pending or rejected one is in no figure, so it does not open the report's date range either).
 */
export async function syncFirstMovementDate(tx: Queryable, accountIds: number[]): Promise<void> {
  await tx.query(
    `update portfolios p set first_movement_date = (
        select min(m.date_time)::date from movements m join portfolio_accounts pa on pa.account_id = m.account_id
         where pa.portfolio_id = p.id and m.status = 'APPROVED')
      where p.id in (select portfolio_id from portfolio_accounts where account_id = any($1::bigint[]))`,
    [accountIds],
  );
}

/** A checked row of a movement file (numbers as text). */
export interface MovementFileRow {
  date: string;
  cause: string;
  subcause: string | null;
  instrumentId: number | null;
  /** 100 for a bond (prices per 100 of nominal, DESIGN.md 4), else 1: the default amount is quantity x price / unit. */
  priceUnit: number;
  quantity: string | null;
  price: string | null;
  amount: string | null;
  currencyId: number;
  description: string | null;
}

/**
 * Stores checked movement rows of one account in one statement (numeric arithmetic in SQL), with the status given
 * (APPROVED, or PENDING for the middle office) and origin IMPORT, a trade's offset on offsetAccountId; answers how
 * many, and the ids of the first and the last row (the ids follow the rows' order). Only those three come back, not
 * an id per row: a 100,000-row file's ids cost the database and the driver a large answer for nothing.
 */
export async function insertMovementRows(
  tx: Queryable,
  userId: number | null,
  account: { id: number; clientId: number },
  offsetAccountId: number | null,
  rows: MovementFileRow[],
  status: 'APPROVED' | 'PENDING',
  /** A file exchange run: origin FILE_EXCHANGE, the run and each row's line of the file (else origin IMPORT). */
  run?: { id: number; lines: number[] },
): Promise<{ count: number; first: number; last: number }> {
  const col = <K extends keyof MovementFileRow>(k: K) => rows.map((r) => r[k]);
  const { rows: stored } = await tx.query<{ count: number; first: number; last: number }>(
    `with stored as (
     insert into movements (account_id, client_id, date_time, classification, cause, subcause, currency_id,
        instrument_id, quantity, price, amount, offset_account_id, status, created_by, origin, import_run_id,
        import_line)
     select $1, $2, t.d::timestamp, t.descr, t.c, t.sc, t.cur, t.ins, t.q::numeric, t.p::numeric,
        coalesce(t.a::numeric, round(t.q::numeric * t.p::numeric / t.u, 2)),
        case when t.c in ('BUY', 'SELL') then $3::bigint end, $15, $4,
        case when $16::bigint is null then 'IMPORT' else 'FILE_EXCHANGE' end, $16::bigint, ($17::int[])[t.n]
       from unnest($5::text[], $6::text[], $7::text[], $8::text[], $9::int[], $10::bigint[], $11::text[],
        $12::text[], $13::text[], $14::int[]) with ordinality as t(d, descr, c, sc, cur, ins, q, p, a, u, n)
      order by t.n
     returning id)
     select count(*)::int as count, min(id) as first, max(id) as last from stored`,
    [
      account.id,
      account.clientId,
      offsetAccountId,
      userId,
      col('date'),
      col('description'),
      col('cause'),
      col('subcause'),
      col('currencyId'),
      col('instrumentId'),
      col('quantity'),
      col('price'),
      col('amount'),
      col('priceUnit'),
      status,
      run?.id ?? null,
      run?.lines ?? null,
    ],
  );
  const { count, first, last } = stored[0]!;
  return { count: Number(count), first: Number(first), last: Number(last) };
}

/** first_movement_date of the portfolios holding the account after new rows from `earliest` on: it can only move earlier. */
export async function advanceFirstMovementDate(tx: Queryable, accountId: number, earliest: string): Promise<void> {
  await tx.query(
    `update portfolios set first_movement_date = least(coalesce(first_movement_date, $2::date), $2::date)
      where id in (select portfolio_id from portfolio_accounts where account_id = $1)`,
    [accountId, earliest],
  );
}

// ---- The middle office: pending movements (issue 16) ----
// Who may approve is decided in access/middle-office.ts; the functions below read and write the movements on the
// accounts the caller sees (visibleAccounts), which for an approver are the movements it may approve.

/** How many PENDING movements are on accounts the caller sees. */
export async function countPendingMovements(db: Queryable, user: AuthUser): Promise<number> {
  const p = new Params();
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n from movements m join accounts a on a.id = m.account_id
      where m.status = 'PENDING' and ${p.visible(visibleAccounts, user)}`,
    p.values,
  );
  return Number(rows[0]!.n);
}

/**
 * Locks the accounts, in id order, for the rest of the transaction: approvals touching the same accounts run one
 * after the other, so the oversell check of each sees what the other approved.
 */
export async function lockAccounts(tx: Queryable, accountIds: number[]): Promise<void> {
  await tx.query('select id from accounts where id = any($1::bigint[]) order by id for no key update', [accountIds]);
}

/** The decision of the middle office on pending movements. */
export type Decision = { status: 'APPROVED' } | { status: 'REJECTED'; reason: string };

/**
 * Approves or rejects the movements among `ids` that are still PENDING (the others were decided first and are left
 * as they are), recording who decided and when; answers the ids decided, in id order.
 */
export async function decidePendingMovements(
  tx: Queryable,
  ids: number[],
  decision: Decision,
  userId: number | null,
): Promise<number[]> {
  const { rows } = await tx.query<{ id: number }>(
    `update movements set status = $2, reject_reason = $3, decided_by = $4, decided_at = now(), updated_at = now()
      where id = any($1::bigint[]) and status = 'PENDING'
      returning id`,
    [ids, decision.status, decision.status === 'REJECTED' ? decision.reason : null, userId],
  );
  return rows.map((r) => Number(r.id)).sort((a, b) => a - b);
}

/** A line whose running quantity goes below zero: what it sells and what was held just before it. */
export interface OversoldLine {
  movementId: number;
  date: string;
  cause: string;
  quantity: number;
  held: number;
  accountId: number;
  accountName: string;
  isin: string;
  instrumentName: string;
}

/** The causes that move an instrument's quantity (with an instrument and a quantity). */
const SECURITIES = "'BUY', 'SELL', 'TRANSFER_IN', 'TRANSFER_OUT'";

/** How far below zero a running quantity may go (rounding of quantities at 3 decimals, DESIGN.md 4). */
export const OVERSELL_TOLERANCE = 0.0005;

/**
 * The first line that sells more than is held once the movements `decidedIds` are approved, or undefined. Quantities
 * are replayed per (account, instrument) over the APPROVED movements in the engine's order (engine/src/positions.ts
 * prepareMovements: by date, the same day in the order of date_time and id, as the analytics snapshot lists them):
 * BUY and TRANSFER_IN of an instrument add their quantity, SELL and TRANSFER_OUT take it away. A line counts when its
 * running quantity is below -OVERSELL_TOLERANCE and lower than it would be without `decidedIds` (so a line the new
 * approvals do not reach, or an older oversell they do not worsen, does not block them). Call it after the update,
 * in the same transaction.
 */
export async function findOversold(tx: Queryable, decidedIds: number[]): Promise<OversoldLine | undefined> {
  const { rows } = await tx.query<Record<string, unknown>>(
    `with touched as (
       select distinct account_id, instrument_id from movements
        where id = any($1::bigint[]) and instrument_id is not null and quantity > 0 and cause in (${SECURITIES})),
     flows as (
       select m.id, m.account_id, m.instrument_id, m.date_time, m.cause, m.quantity,
              case when m.cause in ('BUY', 'TRANSFER_IN') then m.quantity else -m.quantity end as delta,
              m.id = any($1::bigint[]) as decided_now
         from movements m join touched t on t.account_id = m.account_id and t.instrument_id = m.instrument_id
        where m.status = 'APPROVED' and m.quantity > 0 and m.cause in (${SECURITIES})),
     running as (
       select f.*, sum(f.delta) over w as held_after,
              sum(case when f.decided_now then 0 else f.delta end) over w as held_without
         from flows f
       window w as (partition by f.account_id, f.instrument_id order by f.date_time, f.id rows unbounded preceding))
     select r.id, to_char(r.date_time, 'YYYY-MM-DD') as date, r.cause, r.quantity::text as quantity,
            (r.held_after - r.delta)::text as held, r.account_id, a.name as account_name, i.isin,
            i.name as instrument_name
       from running r join accounts a on a.id = r.account_id join instruments i on i.id = r.instrument_id
      where r.held_after < $2 and r.held_after < r.held_without
      order by r.date_time, r.id
      limit 1`,
    [decidedIds, -OVERSELL_TOLERANCE],
  );
  const r = rows[0];
  if (!r) return undefined;
  return {
    movementId: Number(r.id),
    date: String(r.date),
    cause: String(r.cause),
    quantity: Number(r.quantity),
    held: Number(r.held),
    accountId: Number(r.account_id),
    accountName: String(r.account_name),
    isin: String(r.isin).trim(),
    instrumentName: String(r.instrument_name),
  };
}

/** The fields the middle office corrects on a pending movement before approving it. */
export interface PendingFields {
  cause: string;
  subcause: string | null;
  instrumentId: number | null;
  accountId: number;
}

/** Rewrites those fields of a movement that is still PENDING; false when it no longer is. */
export async function updatePendingMovement(tx: Queryable, id: number, v: PendingFields): Promise<boolean> {
  const { rows } = await tx.query(
    `update movements set cause = $2, subcause = $3, instrument_id = $4, account_id = $5, updated_at = now()
      where id = $1 and status = 'PENDING' returning id`,
    [id, v.cause, v.subcause, v.instrumentId, v.accountId],
  );
  return rows.length > 0;
}

/**
 * One page of the REJECTED movements on accounts the caller sees, newest decision first: all of them for an approver
 * (`approver`), otherwise those the caller entered or imported.
 */
export async function listRejectedMovements(
  db: Queryable,
  user: AuthUser,
  approver: boolean,
  q: { page?: number | undefined; size?: number | undefined },
) {
  const page = q.page ?? 1;
  const size = q.size ?? 100000;
  const p = new Params();
  const own = approver ? '' : ` and m.created_by = ${p.add(user.userId)}`;
  const where = `m.status = 'REJECTED' and ${p.visible(visibleAccounts, user)}${own}`;
  const whereValues = [...p.values];
  const { rows } = await db.query(
    `select ${columns(p, user)}, count(*) over ()::int as total_count ${FROM} where ${where}
      order by m.decided_at desc nulls last, m.id desc limit ${size} offset ${(page - 1) * size}`,
    p.values,
  );
  let total = rows[0] ? Number(rows[0].total_count) : 0;
  if (!rows[0] && page > 1)
    total = (await db.query<{ n: number }>(`select count(*)::int as n ${FROM} where ${where}`, whereValues)).rows[0]!.n;
  return { item: rows.map(toMovement), total, page, size };
}
