import fs from 'node:fs';
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
    expect(document.paths['/api/learning_path_home'].post.responses.default).toEqual({ $ref: '#/components/responses/failure' });
    const failure = document.components.responses.failure.content['application/json'].schema;
    expect(failure.properties.code.enum).toContain('category_locked');
    // An answer's fields come from the contract's schema.
    const home = document.paths['/api/learning_path_home'].post.responses['200'].content['application/json'].schema;
    expect(Object.keys(home.properties.data.properties)).toEqual(expect.arrayContaining(['categories', 'done']));
  });

  it('names, summarizes, tags every operation and declares its success', async () => {
    const document = (await platform.api('GET', '/api/openapi.json')).body;
    const operations = Object.entries(document.paths as Record<string, Record<string, any>>).flatMap(([path, item]) =>
      Object.entries(item).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, ...op })),
    );
    expect(operations.length).toBeGreaterThan(140);
    const incomplete = operations.filter(
      (op) =>
        !/^[a-z][A-Za-z0-9]*$/.test(op.operationId ?? '') ||
        !/^\S[^\n]{2,119}$/.test(op.summary ?? '') ||
        op.tags?.length !== 1 ||
        !Object.keys(op.responses).some((status) => /^[23]\d\d$/.test(status)),
    );
    expect(
      incomplete.map((op) => op.key),
      'each operation needs an operationId, a one-line summary, one tag and a success: from the contract table for /api, from `config.openapi` (server/src/lib/route-doc.ts) for the rest',
    ).toEqual([]);
    const ids = operations.map((op) => op.operationId);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    // A contract call's operationId is its name in the table, its tag its domain file's.
    expect(document.paths['/api/get_user_activity/{userId}'].get).toMatchObject({ operationId: 'getUserActivity', tags: ['learning'] });

    // Downloads with their media types, redirects with their status, media with its ranges.
    const successOf = (path: string, method = 'get') => document.paths[path][method].responses;
    const binary = { schema: { type: 'string', format: 'binary' } };
    expect(successOf('/api/certificates/{id}/pdf')['200'].content).toEqual({ 'application/pdf': binary });
    expect(successOf('/api/organization/{orgId}/qualifications/matrix.csv')['200'].content).toEqual({ 'text/csv': binary });
    expect(successOf('/api/organization/{orgId}/audit-pack')['200'].content).toEqual({ 'application/pdf': binary, 'text/csv': binary });
    expect(Object.keys(successOf('/api/confirm-email'))).toEqual(['303', 'default']);
    expect(Object.keys(successOf('/offline-checkout/{sessionRef}/confirm', 'post'))).toEqual(['303', 'default']);
    expect(Object.keys(successOf('/media/{expires}/{signature}/{hash}/{*}'))).toEqual(['200', '206', '304', 'default']);
    expect(successOf('/offline-checkout/{sessionRef}')['200'].content).toHaveProperty('text/html');
  });

  it('is the document committed in docs/openapi.json', async () => {
    const served = (await platform.api('GET', '/api/openapi.json')).body;
    const committed = JSON.parse(fs.readFileSync(new URL('../../docs/openapi.json', import.meta.url), 'utf8'));
    // Key order counts (paths sorted, the same order on every run): a reviewer reads the file's diff.
    expect(
      JSON.stringify(committed) === JSON.stringify(served),
      'docs/openapi.json differs from the API document the server generates: run `npm run openapi` and commit docs/openapi.json',
    ).toBe(true);
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
