import { routes } from '@patrimonio/shared-api';
import type { FastifyInstance } from 'fastify';
import { SERVER_VERSION } from '../app.ts';
import { route } from '../plugins/route.ts';

export async function liveRoutes(app: FastifyInstance): Promise<void> {
  route(app, routes.liveVersion, async () => ({ version: SERVER_VERSION }));
}
