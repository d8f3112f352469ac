import { routes } from '@mm/contract';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatform, type TestPlatform } from './harness.ts';

/** The API document (issue 14): valid OpenAPI 3.1, and every route the server registers is in it. */
let platform: TestPlatform;
beforeAll(async () => {
  platform = await startPlatform();
});
afterAll(async () => platform?.close());

/** Fastify's `/videos/:id` is OpenAPI's `/videos/{id}`. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{*}');

/** "METHOD url" of every route the platform registered that is not hidden from the document (HEAD aside). */
const registeredKeys = (urlAs: (url: string) => string = (url) => url) =>
  platform.routes
    .filter((route) => !(route.schema as { hide?: boolean } | undefined)?.hide)
    .flatMap((route) => (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'HEAD').map((m) => `${m} ${urlAs(route.url)}`));

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document listing every registered route, with the failure envelope and its codes', async () => {
    const res = await platform.api('GET', '/api/openapi.json');
    expect(res.status).toBe(200);
    const document = res.body;
    expect(document.openapi).toBe('3.1.0');
    const validation = await new Validator().validate(document);
    expect(validation.errors ?? []).toEqual([]);
    expect(validation.valid).toBe(true);

    const documented = new Set(
      Object.entries(document.paths as Record<string, Record<string, unknown>>).flatMap(([path, item]) =>
        Object.keys(item).map((m) => `${m.toUpperCase()} ${path}`),
      ),
    );
    const registered = registeredKeys(openApiPath);
    expect(registered.length).toBeGreaterThan(100);
    expect(registered.filter((key) => !documented.has(key))).toEqual([]);

    // Sign-in is public; a member call takes the session; failures name their code.
    expect(document.paths['/api/v4/login'].post.security).toEqual([]);
    expect(document.paths['/api/learning_path_home'].post.security).toBeUndefined();
    expect(document.components.securitySchemes.session).toMatchObject({ type: 'http', scheme: 'bearer' });
    const failure = document.paths['/api/learning_path_home'].post.responses.default.content['application/json'].schema;
    expect(failure.properties.code.enum).toContain('category_locked');
    // An answer's fields come from the contract's schema.
    const home = document.paths['/api/learning_path_home'].post.responses['200'].content['application/json'].schema;
    expect(Object.keys(home.properties.data.properties)).toEqual(expect.arrayContaining(['categories', 'done']));
  });

  it('registers every API call from the contract route table, and every call of the table', () => {
    const table = Object.values(routes)
      .map((route) => `${route.method} ${route.path}`)
      .sort();
    const registered = registeredKeys()
      .filter((key) => key.split(' ')[1]?.startsWith('/api/'))
      .sort();
    expect(table.length).toBeGreaterThan(120);
    expect(new Set(table).size).toBe(table.length);
    expect(registered).toEqual(table);
  });

  it('is readable by people at /api/docs', async () => {
    const page = await fetch(`${platform.url}/api/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('<title>API reference · Manufacturing Masters</title>');
    expect(html).toContain('<code>/api/learning_path_home</code>');
    expect(html).toContain('<code>/api/v4/login</code> <span class="tag">public</span>');
  });
});
