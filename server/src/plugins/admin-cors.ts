// Cross-origin calls to the admin routes (@fastify/cors). The spec sends admin calls "to a separate base host": when
// ADMIN_API_URL names another origin than PUBLIC_URL's, the portal (served at PUBLIC_URL) sends the routes the
// contract marks `adminHost` there, and a server answering at that address lets the portal's origin, and it alone,
// call them. No other route answers a cross-origin call, and without a separate admin origin nothing is registered.
import cors from '@fastify/cors';
import { type RouteDef, routes, STORED_ROWS_HEADER } from '@patrimonio/shared-api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config.ts';

/** How long a browser may keep a preflight's answer, in seconds. */
const PREFLIGHT_MAX_AGE = 600;

/** A path pattern of the contract (`/api/v1/external-server/:id`) as a test of a request's path. */
function pathTest(url: string): RegExp {
  const segments = url.split('/').map((s) => (s.startsWith(':') ? '[^/]+' : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`^${segments.join('/')}$`);
}

/** The paths of the routes sent to the admin base address. */
export const ADMIN_HOST_PATHS: readonly RegExp[] = [
  ...new Set((Object.values(routes) as RouteDef[]).filter((r) => r.adminHost).map((r) => r.url)),
].map(pathTest);

/** Whether a request's path (query left out) is one of an admin route. */
export function isAdminHostPath(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return ADMIN_HOST_PATHS.some((test) => test.test(path));
}

/** The origin the portal calls the admin routes from, when ADMIN_API_URL puts them on another origin; else null. */
export function adminCallerOrigin(config: ServerConfig): string | null {
  const admin = config.exchange.adminApiUrl;
  if (!admin?.startsWith('http')) return null;
  const portal = new URL(config.publicUrl).origin;
  return new URL(admin).origin === portal ? null : portal;
}

export async function registerAdminCors(app: FastifyInstance, config: ServerConfig): Promise<void> {
  const portal = adminCallerOrigin(config);
  if (!portal) return;
  await app.register(cors, {
    delegator: (request: FastifyRequest, callback) =>
      callback(
        null,
        isAdminHostPath(request.url)
          ? {
              origin: [portal],
              methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
              allowedHeaders: ['authorization', 'content-type', 'accept', 'accept-language'],
              // What the client reads of an answer: a download's name, a retry's wait, an upload's stored rows.
              exposedHeaders: ['content-disposition', 'retry-after', STORED_ROWS_HEADER],
              credentials: false,
              maxAge: PREFLIGHT_MAX_AGE,
            }
          : { origin: false },
      ),
  });
}
