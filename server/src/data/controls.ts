// The reconciliation controls' tables (migration 015): the bank's balances and positions, the stored results of the
// checks per portfolio and bank date, and the accepted differences. Numbers are numeric in SQL; they are read as
// numbers for the comparison (analytics/controls.ts).
import type { ControlDetail, ControlRow, ControlStatusCode } from '@patrimonio/shared-api';
import { visibleAccounts, visiblePortfolios } from '../access/financial-visibility.ts';
import type { BankAt, CheckedAccount } from '../analytics/controls.ts';
import { clientDisplayNameSql } from '../db/client-name.ts';
import type { Queryable } from '../db/database.ts';
import type { AuthUser } from '../identity/types.ts';
import { Params } from './sql.ts';

const ACCOUNT_COLUMNS = `a.id, a.name, a.iban, cur.iso as currency, a.account_type`;

const toAccount = (r: Record<string, unknown>): CheckedAccount => ({
  id: Number(r.id),
  name: String(r.name),
  iban: (r.iban as string | null) ?? null,
  currency: String(r.currency),
  type: r.account_type as CheckedAccount['type'],
});

/** Every portfolio of a client with its accounts (all of them, testing ones included), by id. */
export async function clientPortfolios(
  db: Queryable,
  clientId: number,
): Promise<Array<{ id: number; accounts: CheckedAccount[] }>> {
  const { rows } = await db.query<Record<string, unknown>>(
    `select pa.portfolio_id, ${ACCOUNT_COLUMNS}
       from portfolios p join portfolio_accounts pa on pa.portfolio_id = p.id
       join accounts a on a.id = pa.account_id join currencies cur on cur.id = a.currency_id
      where p.client_id = $1 order by pa.portfolio_id, a.account_type, a.id`,
    [clientId],
  );
  const out = new Map<number, CheckedAccount[]>();
  for (const r of rows) {
    const id = Number(r.portfolio_id);
    if (!out.has(id)) out.set(id, []);
    out.get(id)!.push(toAccount(r));
  }
  // Portfolios without accounts have no bank data: their stored results go (storeResults with none).
  const { rows: all } = await db.query<{ id: number }>('select id from portfolios where client_id = $1 order by id', [
    clientId,
  ]);
  return all.map((p) => ({ id: Number(p.id), accounts: out.get(Number(p.id)) ?? [] }));
}

/** The accounts of a portfolio among `visible`, current accounts first, as the checks show them. */
export async function portfolioAccounts(
  db: Queryable,
  portfolioId: number,
  visible: ReadonlyArray<number>,
): Promise<CheckedAccount[]> {
  const { rows } = await db.query<Record<string, unknown>>(
    `select ${ACCOUNT_COLUMNS} from portfolio_accounts pa join accounts a on a.id = pa.account_id
       join currencies cur on cur.id = a.currency_id
      where pa.portfolio_id = $1 and a.id = any($2::bigint[]) order by a.account_type, a.id`,
    [portfolioId, [...visible]],
  );
  return rows.map(toAccount);
}

/** Every date with bank data (a balance or a position) for these accounts, newest first. */
export async function bankDates(db: Queryable, accountIds: ReadonlyArray<number>): Promise<string[]> {
  if (!accountIds.length) return [];
  const { rows } = await db.query<{ d: string }>(
    `select to_char(d, 'YYYY-MM-DD') as d from (
       select date as d from bank_balances where account_id = any($1::bigint[])
       union select date from bank_positions where account_id = any($1::bigint[])) x order by d desc`,
    [[...accountIds]],
  );
  return rows.map((r) => r.d);
}

/** The bank's rows of these accounts at these dates, by date. */
export async function bankRows(
  db: Queryable,
  accountIds: ReadonlyArray<number>,
  dates: ReadonlyArray<string>,
): Promise<Map<string, BankAt>> {
  const out = new Map<string, { balances: Map<number, number>; positions: BankAt['positions'][number][] }>();
  for (const d of dates) out.set(d, { balances: new Map(), positions: [] });
  if (!accountIds.length || !dates.length) return out;
  const { rows: bal } = await db.query<{ account_id: number; d: string; balance: number }>(
    `select account_id, to_char(date, 'YYYY-MM-DD') as d, balance::float8 as balance from bank_balances
      where account_id = any($1::bigint[]) and date = any($2::date[])`,
    [[...accountIds], [...dates]],
  );
  for (const r of bal) out.get(r.d)?.balances.set(Number(r.account_id), Number(r.balance));
  const { rows: pos } = await db.query<Record<string, unknown>>(
    `select b.account_id, to_char(b.date, 'YYYY-MM-DD') as d, b.isin, b.quantity::float8 as quantity,
        b.price::float8 as price, cur.iso as currency
       from bank_positions b join currencies cur on cur.id = b.currency_id
      where b.account_id = any($1::bigint[]) and b.date = any($2::date[]) order by b.account_id, b.isin`,
    [[...accountIds], [...dates]],
  );
  for (const r of pos)
    out.get(String(r.d))?.positions.push({
      accountId: Number(r.account_id),
      isin: String(r.isin),
      quantity: Number(r.quantity),
      price: r.price === null ? null : Number(r.price),
      currency: String(r.currency),
    });
  return out;
}

/** The dates with an accepted difference, per portfolio. */
export async function acceptedDates(
  db: Queryable,
  portfolioIds: ReadonlyArray<number>,
): Promise<Map<number, Set<string>>> {
  const { rows } = await db.query<{ portfolio_id: number; d: string }>(
    `select portfolio_id, to_char(date, 'YYYY-MM-DD') as d from control_acceptances
      where portfolio_id = any($1::bigint[])`,
    [[...portfolioIds]],
  );
  const out = new Map<number, Set<string>>();
  for (const r of rows) {
    const id = Number(r.portfolio_id);
    if (!out.has(id)) out.set(id, new Set());
    out.get(id)!.add(r.d);
  }
  return out;
}

/** The accepted difference of a portfolio at a date, or null. */
export async function acceptanceAt(
  db: Queryable,
  portfolioId: number,
  date: string,
): Promise<ControlDetail['accepted']> {
  const { rows } = await db.query<{ note: string; by: string | null; at: string }>(
    `select ca.note, u.name as by, to_char(ca.accepted_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as at
       from control_acceptances ca left join users u on u.id = ca.accepted_by
      where ca.portfolio_id = $1 and ca.date = $2`,
    [portfolioId, date],
  );
  const r = rows[0];
  return r ? { date, note: r.note, by: r.by, at: r.at } : null;
}

/** Records (or replaces) the acceptance of a portfolio's differences at a date; answers the one it replaced. */
export async function acceptDifferences(
  tx: Queryable,
  portfolioId: number,
  date: string,
  note: string,
  userId: number | null,
): Promise<{ note: string } | null> {
  const { rows: before } = await tx.query<{ note: string }>(
    'select note from control_acceptances where portfolio_id = $1 and date = $2 for update',
    [portfolioId, date],
  );
  await tx.query(
    `insert into control_acceptances (portfolio_id, date, note, accepted_by) values ($1, $2, $3, $4)
     on conflict (portfolio_id, date) do update
       set note = excluded.note, accepted_by = excluded.accepted_by, accepted_at = now()`,
    [portfolioId, date, note, userId],
  );
  return before[0] ?? null;
}

export interface StoredResult {
  date: string;
  status: Exclude<ControlStatusCode, 'NO_BANK_DATA'>;
  differences: number;
}

/**
 * Stores a portfolio's results at its bank dates: a row is written only when its result changed, and the results of
 * dates that are no longer bank dates of the portfolio go.
 */
export async function storeResults(tx: Queryable, portfolioId: number, results: ReadonlyArray<StoredResult>) {
  await tx.query(`delete from control_results where portfolio_id = $1 and not (date = any($2::date[]))`, [
    portfolioId,
    results.map((r) => r.date),
  ]);
  if (!results.length) return;
  await tx.query(
    `insert into control_results (portfolio_id, date, status, differences)
     select $1, t.d, t.s, t.n from unnest($2::date[], $3::text[], $4::int[]) as t(d, s, n)
     on conflict (portfolio_id, date) do update set status = excluded.status, differences = excluded.differences,
       checked_at = now()
      where (control_results.status, control_results.differences) is distinct from (excluded.status, excluded.differences)`,
    [portfolioId, results.map((r) => r.date), results.map((r) => r.status), results.map((r) => r.differences)],
  );
}

/** Marks a stored result OK (an accepted difference), when there is one. */
export async function markResultOk(tx: Queryable, portfolioId: number, date: string): Promise<void> {
  await tx.query(
    `update control_results set status = 'OK', checked_at = now()
      where portfolio_id = $1 and date = $2 and status <> 'OK'`,
    [portfolioId, date],
  );
}

/**
 * Moves a portfolio's lastQuantityCheckOkDate to `date` when that is later (it never moves back); answers the date
 * it had when it moved, undefined when it stayed.
 */
export async function advanceLastQuantityCheckOk(
  tx: Queryable,
  portfolioId: number,
  date: string,
): Promise<string | null | undefined> {
  const { rows } = await tx.query<{ before: string | null }>(
    // Derived from the checks, not an edit of the portfolio: updated_at stays.
    `update portfolios p set last_quantity_check_ok_date = $2
       from (select id, to_char(last_quantity_check_ok_date, 'YYYY-MM-DD') as before from portfolios where id = $1
              for update) old
      where p.id = old.id and (p.last_quantity_check_ok_date is null or p.last_quantity_check_ok_date < $2::date)
      returning old.before`,
    [portfolioId, date],
  );
  return rows[0] ? rows[0].before : undefined;
}

/** Whether a client has bank data for any of its accounts. */
export async function hasBankData(db: Queryable, clientId: number): Promise<boolean> {
  const { rows } = await db.query(
    `select 1 from accounts a where a.client_id = $1 and (
       exists (select 1 from bank_balances b where b.account_id = a.id)
       or exists (select 1 from bank_positions b where b.account_id = a.id)) limit 1`,
    [clientId],
  );
  return rows.length > 0;
}

/** The clients with bank data for any of their accounts. */
export async function clientsWithBankData(db: Queryable): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    `select distinct a.client_id as id from accounts a
      where exists (select 1 from bank_balances b where b.account_id = a.id)
         or exists (select 1 from bank_positions b where b.account_id = a.id) order by 1`,
  );
  return rows.map((r) => Number(r.id));
}

/**
 * One page of the portfolios the caller sees (of one client when clientId is given), each with its last date with
 * bank data, the stored result at that date, and lastQuantityCheckOkDate; by client and portfolio name. A bank date
 * not checked yet (the job is queued) reads as DIFFERENCES with 0 differences until its result is stored.
 */
export async function listControlRows(
  db: Queryable,
  user: AuthUser,
  q: { clientId?: number; status?: ControlStatusCode; page?: number; size?: number },
): Promise<{ item: ControlRow[]; total: number; page: number; size: number }> {
  const p = new Params();
  const page = q.page ?? 1;
  const size = q.size ?? 100000;
  let where = p.visible(visiblePortfolios, user);
  if (q.clientId !== undefined) where += ` and p.client_id = ${p.add(q.clientId)}`;
  const status = q.status === undefined ? 'true' : `x.status = ${p.add(q.status)}`;
  const { rows } = await db.query<Record<string, unknown>>(
    `with ptf as (
       select p.id, p.client_id, p.name, ${clientDisplayNameSql('oc')} as client,
          to_char(p.last_quantity_check_ok_date, 'YYYY-MM-DD') as last_ok,
          (select max(d) from (
             select b.date as d from bank_balances b join portfolio_accounts pa on pa.account_id = b.account_id
              where pa.portfolio_id = p.id
             union all
             select b.date from bank_positions b join portfolio_accounts pa on pa.account_id = b.account_id
              where pa.portfolio_id = p.id) dates) as last_check
         from portfolios p join clients oc on oc.id = p.client_id
        where ${where}),
     x as (
       select ptf.*, case when ptf.last_check is null then 'NO_BANK_DATA' else coalesce(r.status, 'DIFFERENCES') end
           as status,
          case when r.status = 'DIFFERENCES' then r.differences else 0 end as differences
         from ptf left join control_results r on r.portfolio_id = ptf.id and r.date = ptf.last_check)
     select x.id, x.client_id, x.name, x.client, x.last_ok, to_char(x.last_check, 'YYYY-MM-DD') as last_check, x.status,
        x.differences, count(*) over ()::int as total
       from x where ${status}
      order by lower(x.client), x.client_id, lower(x.name), x.id
      limit ${p.add(size)} offset ${p.add((page - 1) * size)}`,
    p.values,
  );
  let total = rows[0] ? Number(rows[0].total) : 0;
  if (!rows[0] && page > 1) {
    // Past the last page: the total still counts.
    const again = await listControlRows(db, user, { ...q, page: 1, size: 1 });
    total = again.total;
  }
  return {
    item: rows.map((r) => ({
      clientId: Number(r.client_id),
      client: String(r.client),
      portfolioId: Number(r.id),
      portfolio: String(r.name),
      lastCheckDate: (r.last_check as string | null) ?? null,
      status: r.status as ControlStatusCode,
      differences: Number(r.differences),
      lastQuantityCheckOkDate: (r.last_ok as string | null) ?? null,
    })),
    total,
    page,
    size,
  };
}

// ---- Bank files ----

/** An account a bank file may name: one the caller sees, by id or by IBAN. */
export interface BankFileAccount {
  id: number;
  clientId: number;
  iban: string | null;
  type: CheckedAccount['type'];
  currencyId: number;
  currency: string;
}

/** The accounts the caller sees among these ids or with these IBANs. */
export async function visibleAccountsByRef(
  db: Queryable,
  user: AuthUser,
  ids: ReadonlyArray<number>,
  ibans: ReadonlyArray<string>,
): Promise<BankFileAccount[]> {
  const p = new Params();
  const { rows } = await db.query<Record<string, unknown>>(
    `select a.id, a.client_id, a.iban, a.account_type, a.currency_id, cur.iso as currency
       from accounts a join currencies cur on cur.id = a.currency_id
      where (a.id = any(${p.add([...new Set(ids)])}::bigint[]) or a.iban = any(${p.add([...new Set(ibans)])}::text[]))
        and ${p.visible(visibleAccounts, user)}
      order by a.id`,
    p.values,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    clientId: Number(r.client_id),
    iban: (r.iban as string | null) ?? null,
    type: r.account_type as CheckedAccount['type'],
    currencyId: Number(r.currency_id),
    currency: String(r.currency),
  }));
}

export interface BankBalanceRow {
  accountId: number;
  date: string;
  /** Numeric text. */
  balance: string;
  currencyId: number;
}

export interface BankPositionRow {
  accountId: number;
  date: string;
  isin: string;
  quantity: string;
  price: string | null;
  currencyId: number;
}

/**
 * Deletes the rows of a bank table at each (account, date) that some rows name, before a file's rows replace them.
 * Answers how many it deleted.
 */
async function deleteBankRowsAt(
  tx: Queryable,
  table: 'bank_balances' | 'bank_positions',
  rows: ReadonlyArray<{ accountId: number; date: string }>,
): Promise<number> {
  const pairs = [...new Map(rows.map((r) => [`${r.accountId}|${r.date}`, r])).values()];
  const { rows: gone } = await tx.query(
    `delete from ${table} b using unnest($1::bigint[], $2::date[]) as t(a, d)
      where b.account_id = t.a and b.date = t.d returning 1`,
    [pairs.map((r) => r.accountId), pairs.map((r) => r.date)],
  );
  return gone.length;
}

/**
 * Stores a balance file: the rows of each (account, date) it names replace those there (a corrected file). Answers how
 * many rows it replaced.
 */
export async function replaceBankBalances(
  tx: Queryable,
  userId: number | null,
  rows: ReadonlyArray<BankBalanceRow>,
): Promise<number> {
  const replaced = await deleteBankRowsAt(tx, 'bank_balances', rows);
  await tx.query(
    `insert into bank_balances (account_id, date, balance, currency_id, uploaded_by)
     select t.a, t.d, t.b::numeric, t.c, $5 from unnest($1::bigint[], $2::date[], $3::text[], $4::smallint[]) as t(a, d, b, c)`,
    [
      rows.map((r) => r.accountId),
      rows.map((r) => r.date),
      rows.map((r) => r.balance),
      rows.map((r) => r.currencyId),
      userId,
    ],
  );
  return replaced;
}

/**
 * Stores a positions file: the positions of each (account, date) it names replace all those there (a position the
 * corrected file no longer lists goes). Answers how many rows it replaced.
 */
export async function replaceBankPositions(
  tx: Queryable,
  userId: number | null,
  rows: ReadonlyArray<BankPositionRow>,
): Promise<number> {
  const replaced = await deleteBankRowsAt(tx, 'bank_positions', rows);
  await tx.query(
    `insert into bank_positions (account_id, date, isin, quantity, price, currency_id, uploaded_by)
     select t.a, t.d, t.i, t.q::numeric, t.p::numeric, t.c, $7
       from unnest($1::bigint[], $2::date[], $3::text[], $4::text[], $5::text[], $6::smallint[]) as t(a, d, i, q, p, c)`,
    [
      rows.map((r) => r.accountId),
      rows.map((r) => r.date),
      rows.map((r) => r.isin),
      rows.map((r) => r.quantity),
      rows.map((r) => r.price),
      rows.map((r) => r.currencyId),
      userId,
    ],
  );
  return replaced;
}
