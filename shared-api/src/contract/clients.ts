// Clients: people and companies, validation, invitations.
import { Client, IdParams } from '../schemas.ts';
import { errors, type RouteDef } from './route-def.ts';

export const clientRoutes = {
  getClient: {
    method: 'GET',
    url: '/api/v1/user/client/:id',
    summary: 'One client the caller may see',
    tags: ['clients'],
    auth: true,
    params: IdParams,
    response: { 200: Client, ...errors },
  },
} as const satisfies Record<string, RouteDef>;
