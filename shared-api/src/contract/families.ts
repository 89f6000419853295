// Families of clients with member weights.
import { Family, IdParams } from '../schemas.ts';
import { errors, type RouteDef } from './route-def.ts';

export const familyRoutes = {
  getFamily: {
    method: 'GET',
    url: '/api/v1/family/:id',
    summary: 'One family the caller may see',
    tags: ['families'],
    auth: true,
    params: IdParams,
    response: { 200: Family, ...errors },
  },
} as const satisfies Record<string, RouteDef>;
