// Planning (shared-api contract/planning.ts): human capital, goals and simulations.
import type { FastifyInstance } from 'fastify';
import { goalRoutes } from './goals.ts';
import { humanCapitalRoutes } from './human-capital.ts';
import { simulationRoutes } from './simulations.ts';

export async function planningRoutes(app: FastifyInstance): Promise<void> {
  await humanCapitalRoutes(app);
  await goalRoutes(app);
  await simulationRoutes(app);
}
