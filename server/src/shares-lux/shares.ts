// Family business shares from the database: the rows of /share, the years, the chart data, and the share wealth of a
// set of clients (with weights) at a date and over a date range, for the overview dashboard and the asset history.
import { eachDay, roundMoney } from '@patrimonio/engine';
import type { ShareGraph, ShareItem, ShareMetric } from '@patrimonio/shared-api';
import { visibleClients } from '../access/visibility.ts';
import { clientDisplayNameSql } from '../db/client-name.ts';
import type { Queryable } from '../db/database.ts';
import type { AuthUser } from '../identity/types.ts';
import { type Holding, type Member, shareValue, shareWealthIn, weightOf, type YearFigures } from './figures.ts';
import { type HolderAsSeen, holdersAsSeen, type SeenHolder } from './owners.ts';

const num = (v: unknown) => Number(v ?? 0);

/** The holdings of the given clients. */
async function holdingsOf(db: Queryable, clientIds: readonly number[]): Promise<Holding[]> {
  const { rows } = await db.query<{ company_id: number; client_id: number; percentage: string }>(
    'select company_id, client_id, percentage::text as percentage from company_holdings where client_id = any($1::bigint[])',
    [clientIds],
  );
  return rows.map((r) => ({
    companyId: Number(r.company_id),
    clientId: Number(r.client_id),
    percentage: num(r.percentage),
  }));
}

async function valuesOf(db: Queryable, companyIds: readonly number[]): Promise<YearFigures[]> {
  const { rows } = await db.query<{ company_id: number; year: number; value: string }>(
    'select company_id, year, value::text as value from company_figures where company_id = any($1::bigint[])',
    [[...new Set(companyIds)]],
  );
  return rows.map((r) => ({ companyId: Number(r.company_id), year: Number(r.year), value: num(r.value) }));
}

/**
 * The share wealth of the members at a date: sum of weight x percentage x the company value in force in the date's
 * year (the figures of year Y stand from 1 January of Y until newer ones).
 */
export async function shareValueAt(db: Queryable, members: readonly Member[], date: string): Promise<number> {
  const holdings = await holdingsOf(
    db,
    members.map((m) => m.clientId),
  );
  const figures = await valuesOf(
    db,
    holdings.map((h) => h.companyId),
  );
  return shareWealthIn(members, holdings, figures, Number(date.slice(0, 4)));
}

/**
 * A client's holding in each company at a date, as shareValueAt counts it (percentage x the company value in force),
 * with the company's legal name: what a new simulation starts from (GET /gc/init). Companies without a value: 0.
 */
export async function shareHoldingsAt(
  db: Queryable,
  clientId: number,
  date: string,
): Promise<Array<{ companyId: number; legalName: string; amount: number }>> {
  const holdings = await holdingsOf(db, [clientId]);
  const figures = await valuesOf(
    db,
    holdings.map((h) => h.companyId),
  );
  const { rows } = await db.query<{ id: number; legal_name: string }>(
    'select id, legal_name from companies where id = any($1::bigint[]) order by legal_name, id',
    [holdings.map((h) => h.companyId)],
  );
  const year = Number(date.slice(0, 4));
  const members = [{ clientId, weight: 1 }];
  return rows.map((c) => ({
    companyId: Number(c.id),
    legalName: c.legal_name,
    amount: shareWealthIn(
      members,
      holdings.filter((h) => h.companyId === Number(c.id)),
      figures,
      year,
    ),
  }));
}

/** The share wealth of the members on every day from dateFrom to dateTo (both included), in date order. */
export async function shareValueSeries(
  db: Queryable,
  members: readonly Member[],
  dateFrom: string,
  dateTo: string,
): Promise<{ date: string; value: number }[]> {
  const holdings = await holdingsOf(
    db,
    members.map((m) => m.clientId),
  );
  const figures = await valuesOf(
    db,
    holdings.map((h) => h.companyId),
  );
  const byYear = new Map<number, number>();
  return eachDay(dateFrom, dateTo).map((date) => {
    const year = Number(date.slice(0, 4));
    let value = byYear.get(year);
    if (value === undefined) {
      value = shareWealthIn(members, holdings, figures, year);
      byYear.set(year, value);
    }
    return { date, value };
  });
}

/**
 * Every holder of the companies, largest first, as the caller may see them (owners.ts: the clients it does not see
 * summed into one entry without id or name). The same query whoever the holders are.
 */
export async function companyHolders(
  db: Queryable,
  user: AuthUser,
  companyIds: readonly number[],
): Promise<Map<number, HolderAsSeen[]>> {
  const visible = visibleClients(user, 2);
  const { rows } = await db.query<{
    company_id: number;
    client_id: number;
    name: string;
    percentage: string;
    visible: boolean;
  }>(
    `select h.company_id, h.client_id, ${clientDisplayNameSql('c')} as name, h.percentage::text as percentage,
            (${visible.sql}) as visible
       from company_holdings h join clients c on c.id = h.client_id
      where h.company_id = any($1::bigint[])
      order by h.company_id, h.percentage desc, h.client_id`,
    [[...new Set(companyIds)], ...visible.params],
  );
  const byCompany = new Map<number, SeenHolder[]>();
  for (const r of rows) {
    const list = byCompany.get(Number(r.company_id)) ?? [];
    list.push({
      clientId: Number(r.client_id),
      name: r.name,
      percentage: num(r.percentage),
      visible: Boolean(r.visible),
    });
    byCompany.set(Number(r.company_id), list);
  }
  return new Map([...byCompany].map(([id, holders]) => [id, holdersAsSeen(holders)]));
}

/**
 * The rows of /share for the members: one per company, year and member holding it, with the company's holders in
 * ownerList as the caller may see them (companyHolders). Unsorted.
 */
export async function shareItems(
  db: Queryable,
  user: AuthUser,
  members: readonly Member[],
  year?: number,
): Promise<ShareItem[]> {
  const weight = weightOf(members);
  const { rows } = await db.query<Record<string, unknown>>(
    `select h.company_id, co.legal_name, f.year, f.revenue::text as revenue, f.profit::text as profit,
            f.ebitda::text as ebitda, f.value::text as value, h.client_id, h.percentage::text as percentage,
            ${clientDisplayNameSql('c')} as owner
       from company_holdings h
       join companies co on co.id = h.company_id
       join company_figures f on f.company_id = h.company_id
       join clients c on c.id = h.client_id
      where h.client_id = any($1::bigint[])${year === undefined ? '' : ' and f.year = $2'}`,
    year === undefined ? [members.map((m) => m.clientId)] : [members.map((m) => m.clientId), year],
  );
  const holders = await companyHolders(
    db,
    user,
    rows.map((r) => Number(r.company_id)),
  );
  return rows.map((r) => {
    const ratio = num(r.percentage);
    const value = num(r.value);
    const ownerId = Number(r.client_id);
    return {
      id: `${r.company_id}:${r.year}:${ownerId}`,
      companyId: Number(r.company_id),
      legalName: String(r.legal_name),
      year: Number(r.year),
      ratio,
      shareValue: shareValue(ratio, value),
      value,
      revenue: num(r.revenue),
      profit: num(r.profit),
      ebitda: num(r.ebitda),
      ownerList: holders.get(Number(r.company_id)) ?? [],
      owner: String(r.owner),
      ownerId,
      weight: weight(ownerId),
    };
  });
}

/** The years with figures of the companies the members hold, latest first. */
export async function shareYears(db: Queryable, members: readonly Member[]): Promise<number[]> {
  const { rows } = await db.query<{ year: number }>(
    `select distinct f.year from company_figures f
      where f.company_id in (select company_id from company_holdings where client_id = any($1::bigint[]))
      order by f.year desc`,
    [members.map((m) => m.clientId)],
  );
  return rows.map((r) => Number(r.year));
}

/**
 * One metric of the members' companies in a year: the company's figure and the part held in scope (the sum over the
 * members holding it of weight x percentage x figure). Companies by legal name.
 */
export async function shareGraph(
  db: Queryable,
  user: AuthUser,
  members: readonly Member[],
  metric: ShareMetric,
  year: number,
): Promise<ShareGraph> {
  const items = await shareItems(db, user, members, year);
  const byCompany = new Map<number, ShareGraph['item'][number] & { owned: number }>();
  for (const item of items) {
    const point = byCompany.get(item.companyId) ?? {
      companyId: item.companyId,
      legalName: item.legalName,
      value: item[metric],
      ownedValue: 0,
      owned: 0,
    };
    point.owned += item.weight * (item.ratio / 100) * item[metric];
    byCompany.set(item.companyId, point);
  }
  const points = [...byCompany.values()]
    .map(({ owned, ...p }) => ({ ...p, ownedValue: roundMoney(owned) }))
    .sort((a, b) => a.legalName.localeCompare(b.legalName, 'it') || a.companyId - b.companyId);
  return { metric, year, item: points };
}
