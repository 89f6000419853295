// Family business shares and art and luxury goods (shared-api contract/shares-lux.ts).
import type { FastifyInstance } from 'fastify';
import { luxRoutes } from './lux.ts';
import { shareRoutes } from './shares.ts';

export async function shareLuxRoutes(app: FastifyInstance): Promise<void> {
  await shareRoutes(app);
  await luxRoutes(app);
}
