// The audit table (issue 17, /caronte-audit): every write of the product (access/audit.ts), who acted and, when an
// ADMIN impersonates, for whom; filtered by user, entity, action and days, newest first. ADMIN only.
import { routes } from '@patrimonio/shared-api';
import type { FastifyInstance } from 'fastify';
import { USER_ADMINS } from '../../access/admin.ts';
import { auditEntities, listAudit } from '../../data/audit.ts';
import { route } from '../../plugins/route.ts';

export async function auditRoutes(app: FastifyInstance): Promise<void> {
  route(
    app,
    routes.listAudit,
    async (request) => {
      const page = request.query.page ?? 1;
      const size = request.query.size ?? 100;
      return { ...(await listAudit(app.db, { ...request.query, page, size })), page, size };
    },
    { roles: USER_ADMINS },
  );

  route(app, routes.auditEntities, async () => auditEntities(app.db), { roles: USER_ADMINS });
}
