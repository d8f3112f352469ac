import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { RouteDefinition } from './route.ts';
import { routes } from './routes.ts';

describe('the route table', () => {
  it("merges every domain file of routes/, each call once, tagged with its file's domain", async () => {
    const folder = new URL('./routes/', import.meta.url);
    const files = fs.readdirSync(folder).filter((file) => file.endsWith('.ts') && file !== 'params.ts');
    let count = 0;
    for (const file of files) {
      const module = (await import(new URL(file, folder).href)) as Record<string, Record<string, RouteDefinition>>;
      const tables = Object.entries(module).filter(([name]) => name.endsWith('Routes'));
      expect(tables.length, `${file} exports one table`).toBe(1);
      for (const [name, route] of Object.entries(tables[0]![1])) {
        count++;
        // The merged table holds this very call: a name given twice would have kept only the last.
        expect(routes[name as keyof typeof routes], `${name} of ${file}`).toBe(route);
        expect(route.tag).toBe(file.replace(/\.ts$/, ''));
      }
    }
    expect(Object.keys(routes).length).toBeGreaterThan(120);
    expect(count).toBe(Object.keys(routes).length);
  });
});
