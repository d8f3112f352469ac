import type { Plugin } from 'vite';

const TABLE_FILE = /[\\/]contract[\\/]src[\\/]routes\.ts$/;
const ENTRY = /^ {2}(\w+): defineRoute\(/gm;

/** The text from an opening parenthesis to its match (quotes ignored: the table's strings hold none). */
function argumentsAt(source: string, open: number): string {
  let depth = 0;
  for (let i = open; i < source.length; i++) {
    if (source[i] === '(') depth++;
    else if (source[i] === ')' && --depth === 0) return source.slice(open + 1, i);
  }
  throw new Error('contract/src/routes.ts: a defineRoute( call is not closed');
}

/** The route table as the browser runs it: each call's method and path, read from the contract's own table. */
export function runtimeRouteTable(source: string): string {
  const entries = [...source.matchAll(ENTRY)].map((match) => {
    const definition = argumentsAt(source, (match.index ?? 0) + match[0].length - 1);
    const method = /\bmethod: '(\w+)'/.exec(definition)?.[1];
    const path = /\bpath: '([^']+)'/.exec(definition)?.[1];
    if (!method || !path) throw new Error(`contract/src/routes.ts: ${match[1]} has no literal method and path`);
    return `  ${match[1]}: { method: '${method}', path: '${path}' },`;
  });
  if (entries.length !== source.split('defineRoute(').length - 1) throw new Error('contract/src/routes.ts: a route is not written as `name: defineRoute(`');
  return `export const routes = {\n${entries.join('\n')}\n};\n`;
}

/**
 * The web needs only each call's method and path at run time: its types come from the real table (checked by tsc).
 * Bundled as written, the table would bring every schema, and zod, into the first page; this hands the bundle the
 * same table without them.
 */
export function routeTableWithoutSchemas(): Plugin {
  return {
    name: 'route-table-without-schemas',
    // The production bundle only: the development server and the unit tests load the table as written.
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      return TABLE_FILE.test(id) ? { code: runtimeRouteTable(code), map: null } : null;
    },
  };
}
