// The wealth report's server calls (portal-and-report sections 3, 7 and 9): the report logo and the report settings
// per client or family. Written by issue 7.
import type { RouteDef } from './route-def.ts';

export const reportRoutes = {} as const satisfies Record<string, RouteDef>;
