// Family business shares and art and luxury goods (shared-api contract/shares-lux.ts).
import type { FastifyInstance } from 'fastify';

export async function shareLuxRoutes(_app: FastifyInstance): Promise<void> {}
