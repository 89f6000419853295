// The wealth report's server calls (shared-api contract/report.ts): logo and settings. Written by issue 7.
import type { FastifyInstance } from 'fastify';

export async function reportRoutes(_app: FastifyInstance): Promise<void> {}
