// Real estate (data-and-admin sections 3, 5 and 7 "Real estate"): houses and lands, evaluations, mortgages, sold list, dashboard figures. Written by issue 6.
import type { RouteDef } from './route-def.ts';

export const realEstateRoutes = {} as const satisfies Record<string, RouteDef>;
