// Financial data routes: currencies, intermediaries and branches, portfolios, accounts (instruments and prices,
// movements follow). Each sub-module registers its own routes from the shared-api contract.
import type { FastifyInstance } from 'fastify';
import { accountRoutes } from './accounts.ts';
import { intermediaryRoutes } from './intermediaries.ts';
import { lookupRoutes } from './lookups.ts';
import { movementRoutes } from './movements.ts';
import { onboardingRoutes } from './onboarding.ts';
import { pendingMovementRoutes } from './pending-movements.ts';
import { portfolioRoutes } from './portfolios.ts';
import { stockRoutes } from './stocks.ts';
import { uploadRoutes } from './uploads.ts';

export async function financialRoutes(app: FastifyInstance): Promise<void> {
  await lookupRoutes(app);
  await intermediaryRoutes(app);
  await portfolioRoutes(app);
  await accountRoutes(app);
  await stockRoutes(app);
  await movementRoutes(app);
  await pendingMovementRoutes(app);
  await uploadRoutes(app);
  await onboardingRoutes(app);
}
