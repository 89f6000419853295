// Places (shared-api contract/geo.ts): the offline address autocomplete over the Italian municipalities.
import type { FastifyInstance } from 'fastify';

export async function geoRoutes(_app: FastifyInstance): Promise<void> {}
