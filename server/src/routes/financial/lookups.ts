// Lookups: currencies (reference data, every signed-in role). The intermediary, portfolio and account menus live
// with their own entities (intermediaries.ts, portfolios.ts, accounts.ts).
import { routes } from '@patrimonio/shared-api';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/route.ts';

export async function lookupRoutes(app: FastifyInstance): Promise<void> {
  route(app, routes.currencyMenu, async () => {
    const { rows } = await app.db.query<{ id: number; iso: string; symbol: string; name: string }>(
      'select id, iso, symbol, name from currencies order by id',
    );
    return rows.map((r) => ({ id: Number(r.id), iso: r.iso, symbol: r.symbol, name: r.name }));
  });
}
