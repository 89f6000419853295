// Lookups: currencies (reference data, every signed-in role). The intermediary, portfolio and account menus live
// with their own entities (intermediaries.ts, portfolios.ts, accounts.ts).
import { routes } from '@patrimonio/shared-api';
import type { FastifyInstance } from 'fastify';
import { currencyMenu } from '../../data/currencies.ts';
import { route } from '../../plugins/route.ts';

export async function lookupRoutes(app: FastifyInstance): Promise<void> {
  route(app, routes.currencyMenu, async () => currencyMenu(app.db));
}
