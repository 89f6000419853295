// Places: the offline address autocomplete over the Italian municipalities. Written by issue 6.
import type { RouteDef } from './route-def.ts';

export const geoRoutes = {} as const satisfies Record<string, RouteDef>;
