// The admin area's users and audit (issue 17): ADMIN only (access/admin.ts).
import type { FastifyInstance } from 'fastify';
import { auditRoutes } from './audit.ts';
import { adminUserRoutes } from './users.ts';

export async function adminRoutes(app: FastifyInstance): Promise<void> {
  await adminUserRoutes(app);
  await auditRoutes(app);
}
