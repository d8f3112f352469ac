import { routes } from './routes.ts';

type Routes = typeof routes;

/** Each call's method and path alone, by name. */
export type RouteAddresses = { [Name in keyof Routes]: { method: Routes[Name]['method']; path: Routes[Name]['path'] } };

/**
 * The route table without its schemas: what the web's production bundle carries in place of `routes.ts`
 * (web/build/route-table-plugin.ts), so the schemas and zod stay off the first page.
 */
export function routeAddresses(): RouteAddresses {
  return Object.fromEntries(Object.entries(routes).map(([name, route]) => [name, { method: route.method, path: route.path }])) as RouteAddresses;
}
