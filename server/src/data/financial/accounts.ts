// The accounts table (and its portfolio links): a client's current and securities accounts at an intermediary.
// Lists and reads carry the caller's visibility (access/financial-visibility.ts visibleAccounts).
import type { routes } from '@patrimonio/shared-api';
import type { Static } from 'typebox';
import { seesTesting, visibleAccounts } from '../../access/financial-visibility.ts';
import { clientDisplayNameSql } from '../../db/client-name.ts';
import type { Queryable, Row } from '../../db/database.ts';
import type { AuthUser } from '../../identity/types.ts';
import { likePattern, type PageQuery, Params, paging } from '../sql.ts';

export type Account = Static<(typeof routes.getAccount.response)[200]>;
type AccountType = Account['accountType'];
const TYPE_CODES: Record<string, AccountType> = {
  '1': 'CONTO_CORRENTE',
  '2': 'CUSTODIA_TITOLI',
  CONTO_CORRENTE: 'CONTO_CORRENTE',
  CUSTODIA_TITOLI: 'CUSTODIA_TITOLI',
};

/** Whose accounts a list is about: one client, a family's members, or all the caller sees. */
export type AccountOwner = { clientId: number } | { familyId: number } | 'all';

/** The select list of an account with owner, intermediary, currency and the portfolios the caller sees. */
function accountSelect(user: AuthUser): string {
  return `select a.*, ${clientDisplayNameSql('oc')} as owner_name, fi.name as intermediary_name, cur.symbol as currency_symbol,
      coalesce((select array_agg(pa.portfolio_id order by pa.portfolio_id) from portfolio_accounts pa
                  join portfolios pp on pp.id = pa.portfolio_id
                 where pa.account_id = a.id${seesTesting(user) ? '' : ' and not pp.testing'}), '{}') as portfolio_ids
    from accounts a
    join clients oc on oc.id = a.client_id
    join financial_intermediaries fi on fi.id = a.financial_intermediary_id
    join currencies cur on cur.id = a.currency_id`;
}

const ACCOUNT_SORT = { name: 'lower(a.name)', createdAt: 'a.created_at', updatedAt: 'a.updated_at' };

function toAccount(r: Row): Account {
  return {
    id: Number(r.id),
    accountType: r.account_type as AccountType,
    name: String(r.name),
    iban: (r.iban as string | null) ?? null,
    testing: Boolean(r.testing),
    clientId: Number(r.client_id),
    user: String(r.owner_name),
    financialIntermediaryId: Number(r.financial_intermediary_id),
    intermediary: String(r.intermediary_name),
    branchId: r.branch_id === null ? null : Number(r.branch_id),
    currencyId: Number(r.currency_id),
    currencySymbol: String(r.currency_symbol),
    portfolioIds: ((r.portfolio_ids as unknown[]) ?? []).map(Number),
  };
}

function ownerSql(owner: AccountOwner, p: Params): string {
  if (owner === 'all') return 'true';
  if ('clientId' in owner) return `a.client_id = ${p.add(owner.clientId)}`;
  return `a.client_id in (select client_id from family_members where family_id = ${p.add(owner.familyId)})`;
}

/** The account if the caller sees it; with lock, the row is locked for the rest of the transaction. */
export async function findVisibleAccount(
  db: Queryable,
  user: AuthUser,
  id: number,
  lock = false,
): Promise<Account | undefined> {
  const p = new Params();
  const { rows } = await db.query(
    `${accountSelect(user)} where a.id = ${p.add(id)} and ${p.visible(visibleAccounts, user)}${lock ? ' for update of a' : ''}`,
    p.values,
  );
  return rows[0] ? toAccount(rows[0]) : undefined;
}

/** The menu of the owner's accounts the caller sees, of one type (code or name) when given. */
export async function accountMenu(db: Queryable, user: AuthUser, owner: AccountOwner, accountType?: string) {
  const p = new Params();
  const type = accountType ? TYPE_CODES[accountType] : undefined;
  const typeSql = type ? ` and a.account_type = ${p.add(type)}` : '';
  const { rows } = await db.query(
    `${accountSelect(user)} where ${ownerSql(owner, p)}${typeSql} and ${p.visible(visibleAccounts, user)} order by lower(a.name), a.id`,
    p.values,
  );
  return rows.map((r) => {
    const a = toAccount(r);
    return {
      id: a.id,
      name: a.name,
      accountType: a.accountType,
      iban: a.iban,
      clientId: a.clientId,
      user: a.user,
      intermediary: a.intermediary,
      currencySymbol: a.currencySymbol,
      testing: a.testing,
    };
  });
}

/** One page of the owner's accounts the caller sees, of one type when given, matching q (name, IBAN, intermediary, owner). */
export async function listAccounts(
  db: Queryable,
  user: AuthUser,
  owner: AccountOwner,
  query: PageQuery & { accountType?: string; q?: string },
) {
  const p = new Params();
  const type = query.accountType ? TYPE_CODES[query.accountType] : undefined;
  let where = `${ownerSql(owner, p)} and ${p.visible(visibleAccounts, user)}`;
  if (type) where += ` and a.account_type = ${p.add(type)}`;
  if (query.q) {
    const q = p.add(likePattern(query.q));
    where += ` and (a.name ilike ${q} or a.iban ilike ${q} or fi.name ilike ${q} or ${clientDisplayNameSql('oc')} ilike ${q})`;
  }
  const pg = paging(query, ACCOUNT_SORT, 'a');
  const { rows } = await db.query(`${accountSelect(user)} where ${where} order by ${pg.orderBy} ${pg.limit}`, p.values);
  const { rows: count } = await db.query<{ n: number }>(
    `select count(*)::int as n from accounts a join clients oc on oc.id = a.client_id
       join financial_intermediaries fi on fi.id = a.financial_intermediary_id where ${where}`,
    p.values,
  );
  return { item: rows.map(toAccount), total: count[0]!.n, page: pg.page, size: pg.size };
}

/** One page of a portfolio's accounts the caller sees, matching q (name, IBAN, intermediary). */
export async function listPortfolioAccounts(
  db: Queryable,
  user: AuthUser,
  portfolioId: number,
  query: PageQuery & { q?: string },
) {
  const p = new Params();
  let where = `a.id in (select account_id from portfolio_accounts where portfolio_id = ${p.add(portfolioId)}) and ${p.visible(visibleAccounts, user)}`;
  if (query.q) {
    const q = p.add(likePattern(query.q));
    where += ` and (a.name ilike ${q} or a.iban ilike ${q} or fi.name ilike ${q})`;
  }
  const pg = paging(query, ACCOUNT_SORT, 'a');
  const { rows } = await db.query(`${accountSelect(user)} where ${where} order by ${pg.orderBy} ${pg.limit}`, p.values);
  const { rows: count } = await db.query<{ n: number }>(
    `select count(*)::int as n from accounts a join financial_intermediaries fi on fi.id = a.financial_intermediary_id
      where ${where}`,
    p.values,
  );
  return { item: rows.map(toAccount), total: count[0]!.n, page: pg.page, size: pg.size };
}

/** Of these account ids, the ones the caller sees. */
export async function visibleAccountIds(db: Queryable, user: AuthUser, ids: number[]): Promise<Set<number>> {
  const p = new Params();
  const { rows } = await db.query<{ id: number }>(
    `select a.id from accounts a where a.id = any(${p.add(ids)}::bigint[]) and ${p.visible(visibleAccounts, user)}`,
    p.values,
  );
  return new Set(rows.map((r) => Number(r.id)));
}

/** The owner client of an account the caller sees, or undefined. */
export async function visibleAccountClientId(db: Queryable, user: AuthUser, id: number): Promise<number | undefined> {
  const p = new Params();
  const { rows } = await db.query<{ client_id: number }>(
    `select a.client_id from accounts a where a.id = ${p.add(id)} and ${p.visible(visibleAccounts, user)}`,
    p.values,
  );
  return rows[0] ? Number(rows[0].client_id) : undefined;
}

/** The first account with this IBAN the caller sees, or null. */
export async function visibleAccountIdByIban(db: Queryable, user: AuthUser, iban: string): Promise<number | null> {
  const p = new Params();
  const { rows } = await db.query<{ id: number }>(
    `select a.id from accounts a where a.iban = ${p.add(iban)} and ${p.visible(visibleAccounts, user)} order by a.id limit 1`,
    p.values,
  );
  return rows[0] ? Number(rows[0].id) : null;
}

export interface AccountValues {
  accountType: string;
  name: string;
  iban: string | null;
  currencyId: number;
  financialIntermediaryId: number;
  branchId: number | null;
  testing: boolean;
}

/** Inserts an account and returns its id (a duplicate IBAN of the client and type is a unique violation). */
export async function insertAccount(
  db: Queryable,
  clientId: number,
  v: AccountValues,
  userId: number | null,
): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `insert into accounts (client_id, account_type, name, iban, currency_id, financial_intermediary_id, branch_id, testing, created_by)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning id`,
    [clientId, v.accountType, v.name, v.iban, v.currencyId, v.financialIntermediaryId, v.branchId, v.testing, userId],
  );
  return Number(rows[0]!.id);
}

export async function updateAccount(db: Queryable, id: number, v: AccountValues): Promise<void> {
  await db.query(
    `update accounts set account_type = $2, name = $3, iban = $4, currency_id = $5, financial_intermediary_id = $6,
            branch_id = $7, testing = $8, updated_at = now() where id = $1`,
    [id, v.accountType, v.name, v.iban, v.currencyId, v.financialIntermediaryId, v.branchId, v.testing],
  );
}

/** Links an account to a portfolio; false when the link was there already. */
export async function linkAccount(db: Queryable, portfolioId: number, accountId: number): Promise<boolean> {
  const { rows } = await db.query(
    `insert into portfolio_accounts (portfolio_id, account_id) values ($1, $2)
     on conflict do nothing returning portfolio_id`,
    [portfolioId, accountId],
  );
  return rows.length > 0;
}

/** The owner client and currency of an account the caller sees, or undefined. */
export async function visibleAccountOwnerAndCurrency(
  db: Queryable,
  user: AuthUser,
  id: number,
): Promise<{ clientId: number; currencyId: number } | undefined> {
  const p = new Params();
  const { rows } = await db.query<{ client_id: number; currency_id: number }>(
    `select a.client_id, a.currency_id from accounts a where a.id = ${p.add(id)} and ${p.visible(visibleAccounts, user)}`,
    p.values,
  );
  return rows[0] ? { clientId: Number(rows[0].client_id), currencyId: Number(rows[0].currency_id) } : undefined;
}
