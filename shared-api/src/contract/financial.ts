// Financial data: currencies, intermediaries and branches, portfolios, accounts, instruments, prices, movements.
import type { RouteDef } from './route-def.ts';

export const financialRoutes = {} as const satisfies Record<string, RouteDef>;
