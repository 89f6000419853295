import { routes } from '@patrimonio/shared-api';
import type { FastifyInstance } from 'fastify';
import { audit } from '../access/audit.ts';
import { caller } from '../plugins/auth.ts';
import { route } from '../plugins/route.ts';

export async function userRoutes(app: FastifyInstance): Promise<void> {
  route(app, routes.userMe, async (request) => {
    const user = caller(request);
    const { rows } = await app.db.query<{ pro_id: number | null; client_id: number | null }>(
      'select pro_id, client_id from users where id = $1',
      [user.userId],
    );
    return {
      id: user.sub,
      role: user.role,
      name: user.name,
      permissions: user.permissions,
      clientId: rows[0]?.client_id ?? null,
      proId: rows[0]?.pro_id == null ? null : String(rows[0].pro_id),
      impersonator: user.impersonator,
    };
  });

  route(app, routes.getDataTour, async (request) => {
    const user = caller(request);
    const { rows } = await app.db.query<{ tour_steps: string | null }>('select tour_steps from users where id = $1', [
      user.userId,
    ]);
    return rows[0]?.tour_steps || '-1';
  });

  route(app, routes.patchDataTour, async (request) => {
    const user = caller(request);
    const step = request.body.tourStep;
    return app.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ tour_steps: string | null }>(
        'select tour_steps from users where id = $1 for update',
        [user.userId],
      );
      const before = rows[0]?.tour_steps ?? null;
      const steps = new Set((before ?? '').split(',').filter(Boolean));
      steps.add(step);
      const after = [...steps].join(',');
      await tx.query('update users set tour_steps = $2, updated_at = now() where id = $1', [user.userId, after]);
      await audit(tx, user, 'update', 'tour', user.userId, { tourSteps: before }, { tourSteps: after });
      return after;
    });
  });
}
