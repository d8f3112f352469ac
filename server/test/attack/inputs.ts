import fc from 'fast-check';
import { branchesOf, type JsonSchema, typeOf } from './route-walk.ts';

/**
 * Generated inputs for the fuzz: values shaped by a route's own schema (so requests get past validation and
 * into the code behind it) mixed with hostile ones (huge, unicode, injection, operators, wrong types, nesting).
 */

const INJECTIONS = [
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '1; SELECT pg_sleep(0)--',
  '%',
  '_',
  '\\',
  '{"$gt":""}',
  '{"__proto__":{"isAdmin":true}}',
  '__proto__',
  'constructor',
  'toString',
  '../../../../etc/passwd',
  '%00',
  '\u0000',
  '\uFFFF\uD800',
  '😀👩‍🏭',
  'ŞĞÜÇÖİ ß ﬁ',
  '<script>alert(1)</script>',
  '$' + '{7*7}{{7*7}}', // template injection, spelled so that it is not a template here
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1e309',
  '99999999999999999999999',
  '-0',
  '0x10',
  'null',
  'true',
  '[]',
  '{}',
  '',
  ' ',
  'AND OR NOT NEAR * " ( ) : ^',
];

/** Strings meant to break something: injections, odd unicode, very long, or random. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...INJECTIONS) },
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.integer({ min: 1000, max: 200_000 }).map((n) => 'A'.repeat(n)) },
);

/** Any JSON value, hostile strings included, nested a few levels. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 2, arbitrary: fc.oneof(fc.integer(), fc.double(), fc.constantFrom(0, -1, 2 ** 31, 2 ** 53, -(2 ** 63), 1e308)) },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
  { weight: 1, arbitrary: fc.array(hostileString, { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.dictionary(hostileString, hostileString, { maxKeys: 4 }) },
);

/** A value of the schema's shape, or now and then a hostile one in its place. */
export function valueFor(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 3, arbitrary: shaped(schema, depth) }, { weight: 1, arbitrary: hostileValue });
}

function shaped(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  const branches = branchesOf(schema);
  if (branches.length > 1) return fc.oneof(...branches.map((b) => shaped(b, depth)));
  const s = branches[0] ?? schema;
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum?.length) return fc.constantFrom(...s.enum);
  if (depth > 4) return hostileValue;
  switch (typeOf(s)) {
    case 'object':
      return objectFor(s, depth + 1);
    case 'array':
      return fc.array(s.items ? valueFor(s.items, depth + 1) : hostileValue, { maxLength: 6 });
    case 'integer':
      return fc.oneof(fc.integer({ min: Math.max(s.minimum ?? -1000, -(2 ** 31)), max: Math.min(s.maximum ?? 1000, 2 ** 31) }), fc.nat(50));
    case 'number':
      return fc.double({ min: s.minimum ?? -1e6, max: s.maximum ?? 1e6, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'string':
      if (s.format === 'email') return fc.emailAddress();
      return fc.oneof(fc.string({ minLength: s.minLength ?? 0, maxLength: Math.min(s.maxLength ?? 60, 300) }), fc.nat(60).map(String));
    case 'null':
      return fc.constant(null);
    default:
      return hostileValue;
  }
}

/** An object with some of the schema's fields (shaped or hostile) and now and then fields it does not know. */
export function objectFor(schema: JsonSchema | null, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const known = Object.fromEntries(Object.entries(schema?.properties ?? {}).map(([k, v]) => [k, valueFor(v, depth)]));
  return fc
    .tuple(
      fc.record(known, { requiredKeys: [] }),
      fc.dictionary(fc.constantFrom('__proto__', 'constructor', 'organization_id', 'is_super_user', 'x', 'token', 'id'), hostileValue, { maxKeys: 2 }),
    )
    .map(([fields, extra]) => ({ ...extra, ...fields }));
}

/** A path parameter: an id, or anything. */
export const pathValue: fc.Arbitrary<string> = fc.oneof(
  fc.nat(100).map(String),
  hostileString.map((s) => s.slice(0, 2000)),
);

/** How the body travels: JSON (shaped), a form, broken JSON, or a multipart body that is not one. */
export type EncodedBody = { contentType: string; body: string | Uint8Array };

export function bodyFor(schema: JsonSchema | null): fc.Arbitrary<EncodedBody | null> {
  const json = objectFor(schema).map((v) => ({ contentType: 'application/json', body: JSON.stringify(v) }));
  const form = objectFor(schema).map((v) => ({ contentType: 'application/x-www-form-urlencoded', body: toSearchParams(v).toString() }));
  const brokenJson = fc
    .oneof(hostileString, fc.constantFrom('{', '{"a":', '[1,', '{"a":1}}', 'nul', '"\\u12"'))
    .map((body) => ({ contentType: 'application/json', body }));
  const multipart = fc
    .tuple(
      fc.constantFrom('', 'X', '----b', '"quoted"'),
      fc.oneof(hostileString, fc.constantFrom('--X\r\nContent-Disposition: form-data; name="picture"; filename="a.png"\r\n\r\nabc', '--X--', '--X\r\n\r\n')),
    )
    .map(([boundary, body]) => ({ contentType: `multipart/form-data; boundary=${boundary}`, body }));
  const bytes = fc
    .tuple(fc.constantFrom('application/octet-stream', 'text/plain', 'image/png', 'application/xml'), fc.uint8Array({ maxLength: 200 }))
    .map(([contentType, body]) => ({ contentType, body }));
  return fc.oneof(
    { weight: 6, arbitrary: json },
    { weight: 2, arbitrary: form },
    { weight: 1, arbitrary: brokenJson },
    { weight: 1, arbitrary: multipart },
    { weight: 1, arbitrary: bytes },
    { weight: 1, arbitrary: fc.constant(null) },
  );
}

/** Query strings and forms: scalars as text, lists repeated, objects as JSON (as clients of the spec send them). */
export function toSearchParams(value: Record<string, unknown>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(value)) {
    if (Array.isArray(v)) for (const item of v) params.append(k, typeof item === 'object' ? JSON.stringify(item) : String(item));
    else params.append(k, typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v));
  }
  return params;
}
