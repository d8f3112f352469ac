import { routes } from '@mm/contract';
import { describe, expect, it } from 'vitest';
import * as table from '../../contract/src/routes.ts';
import { runtimeRouteTable } from './route-table-plugin.ts';

describe('the route table the browser runs', () => {
  it("holds every call of the contract's table with its method and path, and nothing else", async () => {
    const generated = runtimeRouteTable();
    const module = (await import(`data:text/javascript,${encodeURIComponent(generated)}`)) as { routes: Record<string, unknown> };
    const expected = Object.fromEntries(Object.entries(routes).map(([name, route]) => [name, { method: route.method, path: route.path }]));
    expect(Object.keys(expected).length).toBeGreaterThan(120);
    expect(module.routes).toEqual(expected);
    expect(generated).not.toContain('zod');
  });

  it('replaces every run-time export of routes.ts (the bundle would miss any other)', () => {
    expect(Object.keys(table)).toEqual(['routes']);
  });
});
