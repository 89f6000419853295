import { type Client, routes } from '@patrimonio/shared-api';
import type { FastifyInstance } from 'fastify';
import { visibleClients } from '../access/visibility.ts';
import type { Row } from '../db/database.ts';
import { caller } from '../plugins/auth.ts';
import { notFound } from '../plugins/errors.ts';
import { route } from '../plugins/route.ts';

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
    trial: Boolean(r.trial),
  };
}

export async function clientRoutes(app: FastifyInstance): Promise<void> {
  route(app, routes.getClient, async (request) => {
    const visible = visibleClients(caller(request), 2);
    const { rows } = await app.db.query(`select c.* from clients c where c.id = $1 and ${visible.sql}`, [
      request.params.id,
      ...visible.params,
    ]);
    if (!rows[0]) throw notFound();
    return toClient(rows[0]);
  });
}
