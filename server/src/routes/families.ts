import { routes } from '@patrimonio/shared-api';
import type { FastifyInstance } from 'fastify';
import { visibleFamilies } from '../access/visibility.ts';
import { clientDisplayNameSql } from '../db/client-name.ts';
import { caller } from '../plugins/auth.ts';
import { notFound } from '../plugins/errors.ts';
import { route } from '../plugins/route.ts';

export async function familyRoutes(app: FastifyInstance): Promise<void> {
  route(app, routes.getFamily, async (request) => {
    const visible = visibleFamilies(caller(request), 2);
    const { rows } = await app.db.query<{ id: number; name: string }>(
      `select f.id, f.name from families f where f.id = $1 and ${visible.sql}`,
      [request.params.id, ...visible.params],
    );
    const family = rows[0];
    if (!family) throw notFound();
    const { rows: members } = await app.db.query<{
      id: number;
      name: string;
      weight: string;
      subscribe: boolean;
      trial: boolean;
    }>(
      `select c.id, ${clientDisplayNameSql('c')} as name, m.weight, c.subscribe, c.trial
         from family_members m join clients c on c.id = m.client_id
        where m.family_id = $1 order by name`,
      [family.id],
    );
    return {
      id: family.id,
      name: family.name,
      users: members.map((m) => ({ id: m.id, name: m.name, weight: Number(m.weight) })),
      subscribe: members.some((m) => m.subscribe),
      trial: members.some((m) => m.trial),
    };
  });
}
