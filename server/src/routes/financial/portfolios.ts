// Portfolios: a client's named sets of accounts. Each client and family also has an aggregate portfolio, which has
// no row and no id. Visible through the owner client; testing portfolios only for ADMIN, BACK_OFFICE or an
// impersonating session. BASIC reads its own and writes nothing (403); another tenant's ids answer 404.
import { routes } from '@patrimonio/shared-api';
import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import { audit } from '../../access/audit.ts';
import { assertVisibleClient } from '../../access/clients.ts';
import { visiblePortfolio } from '../../access/financial.ts';
import { assertMayFlagTesting, FINANCIAL_WRITERS } from '../../access/financial-visibility.ts';
import { ownerScope } from '../../access/owners.ts';
import { currencyOrDefault } from '../../data/currencies.ts';
import { linkAccount, listPortfolioAccounts, visibleAccountClientId } from '../../data/financial/accounts.ts';
import {
  AGGREGATE_NAME,
  aggregateOwner,
  deletePortfolio,
  insertPortfolio,
  type Portfolio,
  portfoliosOf,
  updatePortfolio,
} from '../../data/financial/portfolios.ts';
import { caller } from '../../plugins/auth.ts';
import { badRequest, notFound } from '../../plugins/errors.ts';
import { route } from '../../plugins/route.ts';

type PortfolioMenuItem = Static<(typeof routes.portfolioMenu.response)[200]>[number];

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

export async function portfolioRoutes(app: FastifyInstance): Promise<void> {
  route(app, routes.portfolioMenu, async (request) => {
    const user = caller(request);
    // A BASIC user is one client: the menu defaults to it. Others must say whose portfolios they want.
    const { clientId, familyId } = await ownerScope(app.db, user, request.query);
    if (familyId !== null) {
      const family = await aggregateOwner(app.db, { familyId });
      const items = await portfoliosOf(app.db, user, { familyId });
      const aggregate: PortfolioMenuItem = {
        id: null,
        owner: family.name,
        ownerId: null,
        familyId,
        name: AGGREGATE_NAME,
        aggregate: true,
        currencySymbol: family.currencySymbol,
        firstMovementDate: earliest(items, 'firstMovementDate'),
        lastQuantityCheckOkDate: earliest(items, 'lastQuantityCheckOkDate'),
        testing: false,
      };
      return [aggregate, ...items.map((i) => toMenuItem(i, familyId))];
    }
    const owner = await aggregateOwner(app.db, { clientId });
    const items = await portfoliosOf(app.db, user, { clientId });
    const aggregate: PortfolioMenuItem = {
      id: null,
      owner: owner.name,
      ownerId: clientId,
      familyId: null,
      name: AGGREGATE_NAME,
      aggregate: true,
      currencySymbol: owner.currencySymbol,
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
        const id = await insertPortfolio(
          tx,
          { clientId, name: name.trim(), currencyId: currency.id, testing },
          user.userId,
        );
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
        await updatePortfolio(tx, before.id, {
          name: name.trim(),
          currencyId: currency.id,
          testing: testing ?? before.testing,
        });
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
        await deletePortfolio(tx, before.id);
        await audit(tx, user, 'delete', 'portfolio', before.id, before, null);
        return { id: before.id };
      });
    },
    { roles: FINANCIAL_WRITERS },
  );

  route(app, routes.portfolioAccounts, async (request) => {
    const user = caller(request);
    const portfolio = await visiblePortfolio(app.db, user, request.params.id);
    return listPortfolioAccounts(app.db, user, portfolio.id, request.query);
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
          const accountClientId = await visibleAccountClientId(tx, user, link.accountId);
          if (accountClientId === undefined) throw notFound();
          if (accountClientId !== portfolio.clientId)
            throw badRequest([{ field: `body.links.${i}`, message: 'account and portfolio have different owners' }]);
          if (await linkAccount(tx, link.portfolioId, link.accountId)) {
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
