import { routes } from '@patrimonio/shared-api';
import type { FastifyInstance } from 'fastify';
import { audit } from '../access/audit.ts';
import { saveTourSteps, tourSteps, userLinks } from '../data/users.ts';
import { stopImpersonation } from '../identity/impersonation.ts';
import { findUserById } from '../identity/users.ts';
import { caller } from '../plugins/auth.ts';
import { HttpError } from '../plugins/errors.ts';
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
      impersonatorName: user.impersonator
        ? ((await findUserById(app.db, Number(user.impersonator)))?.name ?? null)
        : null,
    };
  });

  route(app, routes.stopImpersonation, async (request) => {
    const stopped = await stopImpersonation(app.db, app.identity.revokeKey, caller(request));
    if (!stopped) throw new HttpError(409, 'This session is not impersonating anyone', 'not_impersonating');
    return { stopped: true as const };
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
