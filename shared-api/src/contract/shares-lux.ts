// Family business shares (/share) and art and luxury goods (/lux): data-and-admin sections 3 and 9, portal-and-report section 7. Written by issue 6.
import type { RouteDef } from './route-def.ts';

export const shareLuxRoutes = {} as const satisfies Record<string, RouteDef>;
