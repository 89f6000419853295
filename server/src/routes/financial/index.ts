// Financial data routes: currencies, intermediaries and branches, portfolios, accounts, instruments and prices,
// movements. Each sub-module registers its own routes from the shared-api contract.
import type { FastifyInstance } from 'fastify';

export async function financialRoutes(_app: FastifyInstance): Promise<void> {}
