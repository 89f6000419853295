// Client registration from an invitation link (/register-client?token=...): public calls, no session.
import type { RouteDef } from './route-def.ts';

export const registrationRoutes = {} as const satisfies Record<string, RouteDef>;
