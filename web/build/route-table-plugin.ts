import type { Plugin } from 'vite';
// By path, not '@mm/contract': Vite bundles a config's relative imports (TypeScript included) but leaves packages to
// Node, which cannot load the contract's .ts files.
import { routeAddresses } from '../../contract/src/route-addresses.ts';

const TABLE_FILE = /[\\/]contract[\\/]src[\\/]routes\.ts$/;

/** The route table as the browser runs it: each call's method and path, from the contract's own export. */
export function runtimeRouteTable(): string {
  return `export const routes = ${JSON.stringify(routeAddresses(), null, 2)};\n`;
}

/**
 * The web needs only each call's method and path at run time: its types come from the real table (checked by tsc).
 * Bundled as written, the table would bring every schema, and zod, into the first page; this hands the bundle the
 * same table without them (contract/src/routes.ts exports nothing else at run time: route-table-plugin.test.ts).
 */
export function routeTableWithoutSchemas(): Plugin {
  return {
    name: 'route-table-without-schemas',
    // The production bundle only: the development server and the unit tests load the table as written.
    apply: 'build',
    enforce: 'pre',
    transform(_code, id) {
      return TABLE_FILE.test(id) ? { code: runtimeRouteTable(), map: null } : null;
    },
  };
}
