import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession } from '../../src/modules/auth/sessions.queries.ts';
import { organizationWithMembers, startPlatform, type TestPlatform } from '../harness.ts';
import { startAttackPlatform } from './attack-platform.ts';
import { bodyFor, type EncodedBody, objectFor, pathValue, toSearchParams } from './inputs.ts';
import { fillPath, LOCAL_ONLY_ROUTES, pathParamNames, routeKey, type WalkedRoute, walkRoutes } from './route-walk.ts';

/**
 * Property-based fuzz of every registered route: path parameters, query and body generated from the route's
 * own zod schema and from hostile values, sent by a signed-in super user. No input may answer 5xx or carry a
 * stack trace. CI runs FUZZ_RUNS (default 100) inputs per route with a fixed seed; `npm run fuzz` runs 1,000.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 100);
const SEED = Number(process.env.FUZZ_SEED ?? 19);
const STACK_TRACE = /\n\s+at \S|\bat \S+ \(.*:\d+:\d+\)|\.[jt]s:\d+:\d+|node_modules\//;

let platform: TestPlatform;
let superUserId: number;
// Routes are read from a platform of their own before the tests are declared (describe bodies run first).
const routes = await (async () => {
  const probe = await startPlatform();
  const walked = walkRoutes(probe.routes).filter((r) => !LOCAL_ONLY_ROUTES.has(routeKey(r)));
  await probe.close();
  return walked;
})();

beforeAll(async () => {
  ({ platform } = await startAttackPlatform());
  superUserId = (await organizationWithMembers(platform, 'Fuzzed Foundry')).superUser.id;
});
afterAll(async () => {
  // How deep the inputs went: a fuzz answered 400 everywhere would prove little.
  console.log(`fuzz: ${[...answers].map(([status, n]) => `${n} x ${status}`).join(', ')}`);
  await platform?.close();
});

/** Answers seen, by status class. */
const answers = new Map<string, number>();

let address = 0;
const nextAddress = () => {
  address++;
  return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
};

type Input = { params: Record<string, string>; query: Record<string, unknown>; body: EncodedBody | null };

async function send(route: WalkedRoute, input: Input): Promise<{ status: number; text: string }> {
  // A fresh session each time: an input may sign out, change the password or end the session otherwise.
  const token = await openSession(platform.ctx.db, superUserId);
  const path = fillPath(route.url, (name) => input.params[name] ?? '1');
  const query = toSearchParams(input.query).toString();
  const headers: Record<string, string> = { authorization: `Bearer ${token}`, 'x-forwarded-for': nextAddress() };
  const hasBody = route.method !== 'GET' && input.body !== null;
  if (hasBody && input.body) headers['content-type'] = input.body.contentType;
  const response = await fetch(`${platform.url}${path}${query ? `?${query}` : ''}`, {
    method: route.method,
    headers,
    body: hasBody ? (input.body?.body as BodyInit) : undefined,
  });
  const statusClass = `${String(response.status)[0]}xx`;
  answers.set(statusClass, (answers.get(statusClass) ?? 0) + 1);
  return { status: response.status, text: await response.text() };
}

describe(`fuzz: ${RUNS} generated inputs per route (seed ${SEED})`, () => {
  it('walks every registered route', () => {
    expect(routes.length).toBeGreaterThan(90);
  });

  for (const route of routes) {
    it(
      `${routeKey(route)}: no 5xx, no stack trace`,
      async () => {
        const paramNames = pathParamNames(route.url);
        const input: fc.Arbitrary<Input> = fc.record({
          params: fc.record(Object.fromEntries(paramNames.map((name) => [name, pathValue]))),
          query: objectFor(route.query),
          body: bodyFor(route.body),
        });
        await fc.assert(
          fc.asyncProperty(input, async (generated) => {
            const { status, text } = await send(route, generated);
            if (status >= 500) throw new Error(`answered ${status}: ${text.slice(0, 300)}`);
            if (STACK_TRACE.test(text)) throw new Error(`answered a stack trace (${status}): ${text.slice(0, 300)}`);
          }),
          { numRuns: RUNS, seed: SEED, endOnFailure: true },
        );
      },
      60_000 + RUNS * 500,
    );
  }
});
