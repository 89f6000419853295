// The routes as the API client sends them: method, path and flags, without their schemas. The client needs no more,
// so the first screen of the portal does not load the contract and TypeBox to make its calls (issue 21). Here it is
// read from the contract itself; the portal's build (rspack.config.ts, RouteTablePlugin) puts the same table, written
// out as data, in place of this module, so the bundle holds no schema. Types still come from ./routes.ts.
import { type RouteDef, type RouteName, routes } from './routes.ts';

/** What sending a call needs of a route. */
export type RouteLine = Pick<RouteDef, 'method' | 'url' | 'adminHost' | 'multipart'>;

/** A route's line: its method and path, and the flags that are set. */
export function routeLine(def: RouteDef): RouteLine {
  return {
    method: def.method,
    url: def.url,
    ...(def.adminHost ? { adminHost: true } : {}),
    ...(def.multipart ? { multipart: true } : {}),
  };
}

export const routeTable = Object.fromEntries(
  Object.entries(routes).map(([name, def]) => [name, routeLine(def as RouteDef)]),
) as Record<RouteName, RouteLine>;
