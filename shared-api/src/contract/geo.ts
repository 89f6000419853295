// Places: the address autocomplete over the Italian municipalities (data-and-admin section 5).
import { Type } from 'typebox';
import { GeoAutocompleteQuery, GeoPlace } from './geo-schemas.ts';
import { errors, type RouteDef } from './route-def.ts';

export const geoRoutes = {
  geoAutocomplete: {
    method: 'GET',
    url: '/api/v1/geo/autocomplete',
    summary:
      'Italian municipalities whose name starts with q (at least 4 characters): exact names first, then by population',
    tags: ['geo'],
    auth: true,
    querystring: GeoAutocompleteQuery,
    response: { 200: Type.Array(GeoPlace), ...errors },
  },
} as const satisfies Record<string, RouteDef>;
