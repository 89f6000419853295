// Real-estate routes (shared-api contract/real-estate.ts): houses and lands, evaluations, mortgages, sold list and
// the dashboard figures. Each sub-module registers its own routes.
import type { FastifyInstance } from 'fastify';
import { dashboardRoutes } from './dashboard.ts';
import { evaluationRoutes } from './evaluations.ts';
import { mortgageRoutes } from './mortgages.ts';
import { propertyRoutes } from './properties.ts';

export async function realEstateRoutes(app: FastifyInstance): Promise<void> {
  await propertyRoutes(app);
  await evaluationRoutes(app);
  await mortgageRoutes(app);
  await dashboardRoutes(app);
}
