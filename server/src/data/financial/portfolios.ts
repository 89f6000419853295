// The portfolios table: a client's named sets of accounts, and the aggregate portfolio every client and family has
// (no row, no id). Reads carry the caller's visibility (access/financial-visibility.ts visiblePortfolios).
import type { routes } from '@patrimonio/shared-api';
import type { Static } from 'typebox';
import { visiblePortfolios } from '../../access/financial-visibility.ts';
import { clientDisplayNameSql } from '../../db/client-name.ts';
import type { Queryable, Row } from '../../db/database.ts';
import type { AuthUser } from '../../identity/types.ts';
import { isoDate, Params } from '../sql.ts';

export type Portfolio = Static<(typeof routes.getPortfolio.response)[200]>;

/** Name of the aggregate portfolio item (the portal shows it as the whole of a client's or family's wealth). */
export const AGGREGATE_NAME = 'Aggregato';

const PORTFOLIO_SELECT = `select p.id, p.client_id, p.name, p.testing, p.currency_id, cur.symbol as currency_symbol,
    to_char(p.first_movement_date, 'YYYY-MM-DD') as first_movement_date,
    to_char(p.last_quantity_check_ok_date, 'YYYY-MM-DD') as last_quantity_check_ok_date,
    ${clientDisplayNameSql('oc')} as owner_name,
    coalesce((select array_agg(pa.account_id order by pa.account_id) from portfolio_accounts pa where pa.portfolio_id = p.id), '{}') as account_ids
  from portfolios p
  join clients oc on oc.id = p.client_id
  join currencies cur on cur.id = p.currency_id`;

/** A portfolio row as the contract shows it; with visibleAccountIds, only those of its accounts. */
function toPortfolio(r: Row, visibleAccountIds?: Set<number>): Portfolio {
  const accountIds = ((r.account_ids as unknown[]) ?? []).map(Number);
  return {
    id: Number(r.id),
    clientId: Number(r.client_id),
    owner: String(r.owner_name),
    name: String(r.name),
    aggregate: false,
    familyId: null,
    currencyId: Number(r.currency_id),
    currencySymbol: String(r.currency_symbol),
    testing: Boolean(r.testing),
    firstMovementDate: isoDate(r.first_movement_date),
    lastQuantityCheckOkDate: isoDate(r.last_quantity_check_ok_date),
    accountIds: visibleAccountIds ? accountIds.filter((id) => visibleAccountIds.has(id)) : accountIds,
  };
}

/**
 * The portfolio if the caller sees it, its accountIds cut to the accounts `accountsSeen` keeps; with lock, the row
 * is locked for the rest of the transaction.
 */
export async function findVisiblePortfolio(
  db: Queryable,
  user: AuthUser,
  id: number,
  accountsSeen: (ids: number[]) => Promise<Set<number>>,
  lock = false,
): Promise<Portfolio | undefined> {
  const p = new Params();
  const { rows } = await db.query(
    `${PORTFOLIO_SELECT} where p.id = ${p.add(id)} and ${p.visible(visiblePortfolios, user)}${lock ? ' for update of p' : ''}`,
    p.values,
  );
  if (!rows[0]) return undefined;
  return toPortfolio(rows[0], await accountsSeen(((rows[0].account_ids as unknown[]) ?? []).map(Number)));
}

/** The portfolios the caller sees of one client or of a family's members, by owner and name. */
export async function portfoliosOf(
  db: Queryable,
  user: AuthUser,
  owner: { clientId: number } | { familyId: number },
): Promise<Portfolio[]> {
  const p = new Params();
  const ownerSql =
    'clientId' in owner
      ? `p.client_id = ${p.add(owner.clientId)}`
      : `p.client_id in (select client_id from family_members where family_id = ${p.add(owner.familyId)})`;
  const { rows } = await db.query(
    `${PORTFOLIO_SELECT} where ${ownerSql} and ${p.visible(visiblePortfolios, user)} order by owner_name, lower(p.name), p.id`,
    p.values,
  );
  return rows.map((r) => toPortfolio(r));
}

/** The aggregate item's owner: a family's name (symbol €) or a client's display name and currency symbol. */
export async function aggregateOwner(
  db: Queryable,
  owner: { clientId: number } | { familyId: number },
): Promise<{ name: string; currencySymbol: string }> {
  if ('familyId' in owner) {
    const { rows } = await db.query<{ name: string }>('select name from families where id = $1', [owner.familyId]);
    return { name: rows[0]!.name, currencySymbol: '€' };
  }
  const { rows } = await db.query<{ name: string; currency_symbol: string }>(
    `select ${clientDisplayNameSql('c')} as name, c.currency_symbol from clients c where c.id = $1`,
    [owner.clientId],
  );
  return { name: rows[0]!.name, currencySymbol: rows[0]!.currency_symbol };
}

/** Of these portfolio ids, the ones of the client that the caller sees. */
export async function visiblePortfolioIdsOf(
  db: Queryable,
  user: AuthUser,
  ids: number[],
  clientId: number,
): Promise<number[]> {
  const p = new Params();
  const { rows } = await db.query<{ id: number }>(
    `select p.id from portfolios p where p.id = any(${p.add(ids)}::bigint[])
       and p.client_id = ${p.add(clientId)} and ${p.visible(visiblePortfolios, user)}`,
    p.values,
  );
  return rows.map((r) => Number(r.id));
}

export async function insertPortfolio(
  db: Queryable,
  v: { clientId: number; name: string; currencyId: number; testing: boolean },
  userId: number | null,
): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `insert into portfolios (client_id, name, currency_id, testing, created_by) values ($1, $2, $3, $4, $5) returning id`,
    [v.clientId, v.name, v.currencyId, v.testing, userId],
  );
  return Number(rows[0]!.id);
}

export async function updatePortfolio(
  db: Queryable,
  id: number,
  v: { name: string; currencyId: number; testing: boolean },
): Promise<void> {
  await db.query('update portfolios set name = $2, currency_id = $3, testing = $4, updated_at = now() where id = $1', [
    id,
    v.name,
    v.currencyId,
    v.testing,
  ]);
}

export async function deletePortfolio(db: Queryable, id: number): Promise<void> {
  await db.query('delete from portfolios where id = $1', [id]);
}

/** Whether the caller sees the portfolio. */
export async function portfolioIsVisible(db: Queryable, user: AuthUser, id: number): Promise<boolean> {
  const p = new Params();
  const { rows } = await db.query(
    `select 1 from portfolios p where p.id = ${p.add(id)} and ${p.visible(visiblePortfolios, user)}`,
    p.values,
  );
  return rows.length > 0;
}
