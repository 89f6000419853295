import { routes } from '@patrimonio/shared-api';
import type { FastifyInstance } from 'fastify';
import { audit } from '../access/audit.ts';
import { saveTourSteps, tourSteps, userLinks } from '../data/users.ts';
import { caller } from '../plugins/auth.ts';
import { route } from '../plugins/route.ts';

export async function userRoutes(app: FastifyInstance): Promise<void> {
  route(app, routes.userMe, async (request) => {
    const user = caller(request);
    const links = await userLinks(app.db, user.userId);
    return {
      id: user.sub,
      role: user.role,
      name: user.name,
      permissions: user.permissions,
      clientId: links.clientId,
      proId: links.proId === null ? null : String(links.proId),
      impersonator: user.impersonator,
    };
  });

  route(app, routes.getDataTour, async (request) => {
    const user = caller(request);
    return (await tourSteps(app.db, user.userId)) || '-1';
  });

  route(app, routes.patchDataTour, async (request) => {
    const user = caller(request);
    const step = request.body.tourStep;
    return app.db.transaction(async (tx) => {
      const before = await tourSteps(tx, user.userId, true);
      const steps = new Set((before ?? '').split(',').filter(Boolean));
      steps.add(step);
      const after = [...steps].join(',');
      await saveTourSteps(tx, user.userId, after);
      await audit(tx, user, 'update', 'tour', user.userId, { tourSteps: before }, { tourSteps: after });
      return after;
    });
  });
}
