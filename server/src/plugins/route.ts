// Registers a route from its contract entry in shared-api: same schemas for validation, docs and client types.

import type { Role, RouteDef } from '@patrimonio/shared-api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Static, TSchema } from 'typebox';

type In<D extends RouteDef> = {
  Params: D['params'] extends TSchema ? Static<D['params']> : unknown;
  Querystring: D['querystring'] extends TSchema ? Static<D['querystring']> : unknown;
  Body: D['body'] extends TSchema ? Static<D['body']> : unknown;
};
type Out<D extends RouteDef> = Static<D['response'][200]>;

export function route<D extends RouteDef>(
  app: FastifyInstance,
  def: D,
  handler: (request: FastifyRequest<In<D>>, reply: FastifyReply) => Promise<Out<D> | undefined>,
  options: { roles?: readonly Role[] } = {},
): void {
  app.route({
    method: def.method,
    url: def.url,
    schema: {
      summary: def.summary,
      tags: def.tags,
      ...(def.auth ? { security: [{ bearer: [] }] } : {}),
      ...(def.params ? { params: def.params } : {}),
      ...(def.querystring ? { querystring: def.querystring } : {}),
      ...(def.body ? { body: def.body } : {}),
      response: def.response,
    },
    config: { auth: def.auth, ...(options.roles ? { roles: options.roles } : {}) },
    handler: handler as never,
  });
}
