import fs from 'node:fs';
import { routes } from '@mm/contract';
import { describe, expect, it } from 'vitest';
import { runtimeRouteTable } from './route-table-plugin.ts';

const source = fs.readFileSync(new URL('../../contract/src/routes.ts', import.meta.url), 'utf8');

describe('the route table the browser runs', () => {
  it("holds every call of the contract's table with its method and path, and nothing else", async () => {
    const generated = runtimeRouteTable(source);
    const module = (await import(`data:text/javascript,${encodeURIComponent(generated)}`)) as { routes: Record<string, unknown> };
    const expected = Object.fromEntries(Object.entries(routes).map(([name, route]) => [name, { method: route.method, path: route.path }]));
    expect(Object.keys(expected).length).toBeGreaterThan(120);
    expect(module.routes).toEqual(expected);
    expect(generated).not.toContain('zod');
  });

  it('refuses a table it cannot read rather than dropping a call', () => {
    expect(() => runtimeRouteTable(`export const routes = {\n  a: defineRoute({ method: 'GET', path: '/api/a' }),\n  b: defineRoute(other),\n};`)).toThrow(
      /no literal method and path/,
    );
  });
});
