// Every route marked auth in the contract needs a valid bearer access token; request.user holds its claims.

import type { Role } from '@patrimonio/shared-api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TokenVerifier } from '../identity/types.ts';
import { HttpError } from './errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: boolean;
    roles?: readonly Role[];
  }
}

export function registerAuth(app: FastifyInstance, verify: TokenVerifier): void {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    const cfg = request.routeOptions.config;
    if (!cfg?.auth) return;
    const header = request.headers.authorization ?? '';
    const match = /^Bearer\s+(.+)$/i.exec(header);
    if (!match?.[1]) throw new HttpError(401, 'Sign-in required');
    try {
      request.user = await verify(match[1]);
    } catch (err) {
      request.log.debug({ err }, 'access token rejected');
      throw new HttpError(401, 'Invalid or expired access token');
    }
    if (cfg.roles && !cfg.roles.includes(request.user.role)) throw new HttpError(403, 'Your role may not call this');
  });
}

/** The caller of an authenticated route (the hook above has already checked it). */
export function caller(request: FastifyRequest) {
  if (!request.user) throw new HttpError(401, 'Sign-in required');
  return request.user;
}
