// Real-estate routes (shared-api contract/real-estate.ts): houses and lands, evaluations, mortgages, sold list and
// the dashboard figures. Each sub-module registers its own routes.
import type { FastifyInstance } from 'fastify';

export async function realEstateRoutes(_app: FastifyInstance): Promise<void> {}
