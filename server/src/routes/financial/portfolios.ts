// Portfolios: a client's named sets of accounts. Each client and family also has an aggregate portfolio, which has
// no row and no id. Visible through the owner client; testing portfolios only for ADMIN, BACK_OFFICE or an
// impersonating session. BASIC reads its own and writes nothing (403); another tenant's ids answer 404.
import { routes } from '@patrimonio/shared-api';
import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import { audit } from '../../access/audit.ts';
import { assertVisibleClient, assertVisibleFamily, targetClientId } from '../../access/clients.ts';
import {
  assertMayFlagTesting,
  FINANCIAL_WRITERS,
  visibleAccounts,
  visiblePortfolios,
} from '../../access/financial-visibility.ts';
import { currencyOrDefault } from '../../data/currencies.ts';
import { AGGREGATE_NAME } from '../../data/financial/portfolios.ts';
import { isoDate, likePattern, Params, paging } from '../../data/sql.ts';
import { clientDisplayNameSql } from '../../db/client-name.ts';
import type { Queryable, Row } from '../../db/database.ts';
import type { AuthUser } from '../../identity/types.ts';
import { caller } from '../../plugins/auth.ts';
import { badRequest, notFound } from '../../plugins/errors.ts';
import { route } from '../../plugins/route.ts';
import { ACCOUNT_SORT, accountSelect, toAccount } from './accounts.ts';

type Portfolio = Static<(typeof routes.getPortfolio.response)[200]>;
type PortfolioMenuItem = Static<(typeof routes.portfolioMenu.response)[200]>[number];

const PORTFOLIO_SELECT = `select p.id, p.client_id, p.name, p.testing, p.currency_id, cur.symbol as currency_symbol,
    to_char(p.first_movement_date, 'YYYY-MM-DD') as first_movement_date,
    to_char(p.last_quantity_check_ok_date, 'YYYY-MM-DD') as last_quantity_check_ok_date,
    ${clientDisplayNameSql('oc')} as owner_name,
    coalesce((select array_agg(pa.account_id order by pa.account_id) from portfolio_accounts pa where pa.portfolio_id = p.id), '{}') as account_ids
  from portfolios p
  join clients oc on oc.id = p.client_id
  join currencies cur on cur.id = p.currency_id`;

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

function toMenuItem(p: Portfolio, familyId: number | null): PortfolioMenuItem {
  return {
    id: p.id,
    owner: p.owner,
    ownerId: p.clientId,
    familyId,
    name: p.name,
    aggregate: false,
    currencySymbol: p.currencySymbol,
    firstMovementDate: p.firstMovementDate,
    lastQuantityCheckOkDate: p.lastQuantityCheckOkDate,
    testing: p.testing,
  };
}

/** The aggregate's dates: the earliest first movement and the earliest last check of its non-testing portfolios. */
function earliest(items: Portfolio[], key: 'firstMovementDate' | 'lastQuantityCheckOkDate'): string | null {
  const dates = items.filter((p) => !p.testing && p[key]).map((p) => p[key] as string);
  return dates.length ? dates.sort()[0]! : null;
}

async function visiblePortfolio(db: Queryable, user: AuthUser, id: number, lock = false): Promise<Portfolio> {
  const p = new Params();
  const { rows } = await db.query(
    `${PORTFOLIO_SELECT} where p.id = ${p.add(id)} and ${p.visible(visiblePortfolios, user)}${lock ? ' for update of p' : ''}`,
    p.values,
  );
  if (!rows[0]) throw notFound();
  const ids = ((rows[0].account_ids as unknown[]) ?? []).map(Number);
  const q = new Params();
  const { rows: seen } = await db.query<{ id: number }>(
    `select a.id from accounts a where a.id = any(${q.add(ids)}::bigint[]) and ${q.visible(visibleAccounts, user)}`,
    q.values,
  );
  return toPortfolio(rows[0], new Set(seen.map((r) => Number(r.id))));
}

async function portfoliosOf(db: Queryable, user: AuthUser, ownerSql: (p: Params) => string): Promise<Portfolio[]> {
  const p = new Params();
  const { rows } = await db.query(
    `${PORTFOLIO_SELECT} where ${ownerSql(p)} and ${p.visible(visiblePortfolios, user)} order by owner_name, lower(p.name), p.id`,
    p.values,
  );
  return rows.map((r) => toPortfolio(r));
}

export async function portfolioRoutes(app: FastifyInstance): Promise<void> {
  route(app, routes.portfolioMenu, async (request) => {
    const user = caller(request);
    const { familyId } = request.query;
    const { clientId: givenClientId } = request.query;
    if (givenClientId !== undefined && familyId !== undefined)
      throw badRequest([{ field: 'querystring.familyId', message: 'give clientId or familyId, not both' }]);
    if (familyId !== undefined) {
      await assertVisibleFamily(app.db, user, familyId);
      const { rows } = await app.db.query<{ name: string }>('select name from families where id = $1', [familyId]);
      const items = await portfoliosOf(
        app.db,
        user,
        (p) => `p.client_id in (select client_id from family_members where family_id = ${p.add(familyId)})`,
      );
      const aggregate: PortfolioMenuItem = {
        id: null,
        owner: rows[0]!.name,
        ownerId: null,
        familyId,
        name: AGGREGATE_NAME,
        aggregate: true,
        currencySymbol: '€',
        firstMovementDate: earliest(items, 'firstMovementDate'),
        lastQuantityCheckOkDate: earliest(items, 'lastQuantityCheckOkDate'),
        testing: false,
      };
      return [aggregate, ...items.map((i) => toMenuItem(i, familyId))];
    }
    // A BASIC user is one client: the menu defaults to it. Others must say whose portfolios they want.
    const clientId = await targetClientId(app.db, user, givenClientId);
    const { rows } = await app.db.query<{ name: string; currency_symbol: string }>(
      `select ${clientDisplayNameSql('c')} as name, c.currency_symbol from clients c where c.id = $1`,
      [clientId],
    );
    const owner = rows[0]!;
    const id = clientId;
    const items = await portfoliosOf(app.db, user, (p) => `p.client_id = ${p.add(id)}`);
    const aggregate: PortfolioMenuItem = {
      id: null,
      owner: owner.name,
      ownerId: clientId,
      familyId: null,
      name: AGGREGATE_NAME,
      aggregate: true,
      currencySymbol: owner.currency_symbol,
      firstMovementDate: earliest(items, 'firstMovementDate'),
      lastQuantityCheckOkDate: earliest(items, 'lastQuantityCheckOkDate'),
      testing: false,
    };
    return [aggregate, ...items.map((i) => toMenuItem(i, null))];
  });

  route(app, routes.getPortfolio, async (request) => visiblePortfolio(app.db, caller(request), request.params.id));

  route(
    app,
    routes.createPortfolio,
    async (request) => {
      const user = caller(request);
      const { clientId, name, currencyId, testing = false } = request.body;
      return app.db.transaction(async (tx) => {
        await assertVisibleClient(tx, user, clientId);
        assertMayFlagTesting(user, testing);
        const currency = await currencyOrDefault(tx, currencyId, 'body.currencyId');
        const { rows } = await tx.query<{ id: number }>(
          `insert into portfolios (client_id, name, currency_id, testing, created_by) values ($1, $2, $3, $4, $5) returning id`,
          [clientId, name.trim(), currency.id, testing, user.userId],
        );
        const id = Number(rows[0]!.id);
        await audit(tx, user, 'create', 'portfolio', id, null, await visiblePortfolio(tx, user, id));
        return { id };
      });
    },
    { roles: FINANCIAL_WRITERS },
  );

  route(
    app,
    routes.updatePortfolio,
    async (request) => {
      const user = caller(request);
      const { name, currencyId, testing } = request.body;
      return app.db.transaction(async (tx) => {
        const before = await visiblePortfolio(tx, user, request.params.id, true);
        assertMayFlagTesting(user, testing);
        const currency = await currencyOrDefault(tx, currencyId ?? before.currencyId, 'body.currencyId');
        await tx.query(
          'update portfolios set name = $2, currency_id = $3, testing = $4, updated_at = now() where id = $1',
          [before.id, name.trim(), currency.id, testing ?? before.testing],
        );
        const after = await visiblePortfolio(tx, user, before.id);
        await audit(tx, user, 'update', 'portfolio', before.id, before, after);
        return after;
      });
    },
    { roles: FINANCIAL_WRITERS },
  );

  route(
    app,
    routes.deletePortfolio,
    async (request) => {
      const user = caller(request);
      return app.db.transaction(async (tx) => {
        const before = await visiblePortfolio(tx, user, request.params.id, true);
        await tx.query('delete from portfolios where id = $1', [before.id]);
        await audit(tx, user, 'delete', 'portfolio', before.id, before, null);
        return { id: before.id };
      });
    },
    { roles: FINANCIAL_WRITERS },
  );

  route(app, routes.portfolioAccounts, async (request) => {
    const user = caller(request);
    const portfolio = await visiblePortfolio(app.db, user, request.params.id);
    const p = new Params();
    let where = `a.id in (select account_id from portfolio_accounts where portfolio_id = ${p.add(portfolio.id)}) and ${p.visible(visibleAccounts, user)}`;
    if (request.query.q) {
      const q = p.add(likePattern(request.query.q));
      where += ` and (a.name ilike ${q} or a.iban ilike ${q} or fi.name ilike ${q})`;
    }
    const pg = paging(request.query, ACCOUNT_SORT, 'a');
    const { rows } = await app.db.query(
      `${accountSelect(user)} where ${where} order by ${pg.orderBy} ${pg.limit}`,
      p.values,
    );
    const { rows: count } = await app.db.query<{ n: number }>(
      `select count(*)::int as n from accounts a join financial_intermediaries fi on fi.id = a.financial_intermediary_id
        where ${where}`,
      p.values,
    );
    return { item: rows.map(toAccount), total: count[0]!.n, page: pg.page, size: pg.size };
  });

  route(
    app,
    routes.linkAccounts,
    async (request) => {
      const user = caller(request);
      const { links } = request.body;
      return app.db.transaction(async (tx) => {
        let added = 0;
        for (const [i, link] of links.entries()) {
          const portfolio = await visiblePortfolio(tx, user, link.portfolioId);
          const p = new Params();
          const { rows } = await tx.query<{ client_id: number }>(
            `select a.client_id from accounts a where a.id = ${p.add(link.accountId)} and ${p.visible(visibleAccounts, user)}`,
            p.values,
          );
          if (!rows[0]) throw notFound();
          if (Number(rows[0].client_id) !== portfolio.clientId)
            throw badRequest([{ field: `body.links.${i}`, message: 'account and portfolio have different owners' }]);
          const { rows: inserted } = await tx.query(
            `insert into portfolio_accounts (portfolio_id, account_id) values ($1, $2)
             on conflict do nothing returning portfolio_id`,
            [link.portfolioId, link.accountId],
          );
          if (inserted[0]) {
            added++;
            await audit(tx, user, 'create', 'portfolioAccount', `${link.portfolioId}:${link.accountId}`, null, link);
          }
        }
        return { added };
      });
    },
    { roles: FINANCIAL_WRITERS },
  );
}
