import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importTestCatalog, openWholeCatalog, type TestCatalog } from '../../../test/catalog-fixture.ts';
import { organizationWithMembers, startPlatform, type TestPlatform } from '../../../test/harness.ts';
import { statementIdOf } from './xapi.rules.ts';

const postgres = process.env.DATABASE_URL?.startsWith('postgres') ?? false;
/** The LRS is a local server here: private addresses allowed, retries fast, idle workers look often. */
const ENV = { WEBHOOK_ALLOW_PRIVATE: '1', WEBHOOK_RETRY_MS: '200', JOB_POLL_MS: postgres ? '500' : '50' };

let platform: TestPlatform;
let catalog: TestCatalog;
const cleanups: (() => Promise<void>)[] = [];
beforeAll(async () => {
  platform = await startPlatform(ENV);
  catalog = await importTestCatalog(platform);
});
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await platform.close();
});

type Statement = {
  id: string;
  actor: { objectType: string; account: { homePage: string; name: string }; mbox?: string };
  verb: { id: string; display: Record<string, string> };
  object: { objectType: string; id: string; definition: { type: string; name?: Record<string, string> } };
  result?: { score?: { scaled: number; raw: number }; success?: boolean; completion?: boolean };
  timestamp: string;
};

/**
 * A Learning Record Store speaking the xAPI wire protocol (1.0.3) as far as statements go: POST /statements (one
 * statement or an array) and PUT /statements?statementId=, basic auth, the version header required; a statement
 * whose id it already holds is kept once (the same content answers as stored, another content 409 Conflict).
 * `failFirst` POSTs answer 503; `loseAnswers` POSTs are stored but answered 500 (the answer lost on the way).
 */
async function lrs(auth: { username: string; secret: string }, behaviour: { failFirst?: number; loseAnswers?: number } = {}) {
  const stored = new Map<string, string>();
  const requests: { method: string; status: number; version: string | undefined }[] = [];
  let posts = 0;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const answer = (status: number, body: unknown) => {
        requests.push({ method: request.method ?? '', status, version: request.headers['x-experience-api-version'] as string | undefined });
        response.writeHead(status, { 'content-type': 'application/json', 'x-experience-api-version': '1.0.3' });
        response.end(body === undefined ? undefined : JSON.stringify(body));
      };
      const url = new URL(request.url ?? '/', 'http://lrs');
      const expected = `Basic ${Buffer.from(`${auth.username}:${auth.secret}`).toString('base64')}`;
      if (request.headers.authorization !== expected) return answer(401, { error: 'bad credentials' });
      if (!String(request.headers['x-experience-api-version'] ?? '').startsWith('1.0.')) return answer(400, { error: 'X-Experience-API-Version required' });
      if (url.pathname !== '/xapi/statements' || !['POST', 'PUT'].includes(request.method ?? '')) return answer(404, { error: 'not found' });
      posts += 1;
      if (posts <= (behaviour.failFirst ?? 0)) return answer(503, { error: 'LRS down for maintenance' });
      let parsed: unknown;
      try {
        parsed = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        return answer(400, { error: 'not JSON' });
      }
      const statements = (Array.isArray(parsed) ? parsed : [parsed]) as Statement[];
      if (request.method === 'PUT') statements[0] = { ...(statements[0] as Statement), id: url.searchParams.get('statementId') ?? '' };
      for (const s of statements) {
        const text = JSON.stringify(s);
        const held = stored.get(s.id);
        if (held !== undefined && held !== text) return answer(409, { error: `statement ${s.id} conflicts with the one held` });
      }
      for (const s of statements) stored.set(s.id, JSON.stringify(s));
      if (posts <= (behaviour.failFirst ?? 0) + (behaviour.loseAnswers ?? 0)) return answer(500, { error: 'stored, but the answer was lost' });
      return request.method === 'PUT'
        ? answer(204, undefined)
        : answer(
            200,
            statements.map((s) => s.id),
          );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise((resolve) => server.close(() => resolve())));
  const statements = () => [...stored.values()].map((text) => JSON.parse(text) as Statement);
  return { endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}/xapi/`, statements, requests, stored };
}

const until = async (what: string, check: () => Promise<boolean> | boolean, timeoutMs = 20_000) => {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

const AUTH = { username: 'mm-plant-key', secret: 'lrs-secret-Xq81-do-not-echo' };

async function plantWithLrs(name: string, store: Awaited<ReturnType<typeof lrs>>) {
  const org = await organizationWithMembers(platform, name);
  const saved = await platform.api('PUT', '/api/integrations/xapi', {
    token: org.superUser.token,
    json: { endpoint: store.endpoint, username: AUTH.username, secret: AUTH.secret, enabled: true },
  });
  expect([saved.status, saved.body.error_messages]).toEqual([200, undefined]);
  const log = async () =>
    (await platform.api('GET', '/api/integrations/xapi/deliveries', { token: org.superUser.token })).body.data as { status: string; attempts: number }[];
  return { ...org, log };
}

describe('xAPI', () => {
  it('keeps the LRS secret sealed and never answers it; another organization cannot read or change the settings', async () => {
    const store = await lrs(AUTH);
    const a = await plantWithLrs('Plant Recorded', store);
    const settings = await platform.api('GET', '/api/integrations/xapi', { token: a.superUser.token });
    expect(settings.body.data).toMatchObject({
      configured: true,
      endpoint: store.endpoint,
      username: AUTH.username,
      has_secret: true,
      enabled: true,
      actor_home_page: platform.ctx.config.publicUrl,
    });
    expect(JSON.stringify(settings.body)).not.toContain(AUTH.secret);
    const row = await platform.ctx.db.selectFrom('xapi_lrs').selectAll().where('organization_id', '=', a.organizationId).executeTakeFirstOrThrow();
    expect(row.secret_sealed).not.toContain(AUTH.secret);
    expect(row.secret_sealed).toMatch(/^v1\./);
    // Saved again without a secret: the kept one stays (the test statement still authenticates).
    const resaved = await platform.api('PUT', '/api/integrations/xapi', {
      token: a.superUser.token,
      json: { endpoint: store.endpoint, username: AUTH.username, secret: '', enabled: true },
    });
    expect(resaved.status).toBe(200);
    expect(JSON.stringify(resaved.body)).not.toContain(AUTH.secret);
    const test = await platform.api('POST', '/api/integrations/xapi/test', { token: a.superUser.token });
    expect([test.status, JSON.stringify(test.body).includes(AUTH.secret)]).toEqual([201, false]);
    await until('the test statement', async () => (await a.log())[0]?.status === 'delivered');
    const [statement] = store.statements();
    expect(statement).toMatchObject({
      id: test.body.data.statement_id,
      actor: { account: { homePage: platform.ctx.config.publicUrl, name: String(a.superUser.id) } },
      verb: { id: 'http://adlnet.gov/expapi/verbs/experienced' },
    });
    expect(statement?.actor.mbox).toBeUndefined();

    // Organization B's super user sees B's own (empty) settings and log, and its writes touch only B.
    const b = await organizationWithMembers(platform, 'Plant Curious');
    const seen = await platform.api('GET', '/api/integrations/xapi', { token: b.superUser.token });
    expect(seen.body.data).toMatchObject({ configured: false, endpoint: '', username: '', has_secret: false });
    expect((await platform.api('GET', '/api/integrations/xapi/deliveries', { token: b.superUser.token })).body.data).toEqual([]);
    expect((await platform.api('POST', '/api/integrations/xapi/test', { token: b.superUser.token })).status).toBe(404);
    expect((await platform.api('DELETE', '/api/integrations/xapi', { token: b.superUser.token })).status).toBe(404);
    // Members cannot manage it.
    expect((await platform.api('GET', '/api/integrations/xapi', { token: a.member.token })).status).toBe(403);
    expect(
      (
        await platform.api('PUT', '/api/integrations/xapi', {
          token: a.member.token,
          json: { endpoint: store.endpoint, username: 'x', secret: 'y', enabled: true },
        })
      ).status,
    ).toBe(403);
    const after = await platform.ctx.db.selectFrom('xapi_lrs').selectAll().where('organization_id', '=', a.organizationId).executeTakeFirstOrThrow();
    expect(after).toEqual(row.updated_at === after.updated_at ? row : { ...row, updated_at: after.updated_at });

    // A first set-up needs a secret; a private address is refused where the operator does not allow it.
    const c = await organizationWithMembers(platform, 'Plant Forgetful');
    const noSecret = await platform.api('PUT', '/api/integrations/xapi', {
      token: c.superUser.token,
      json: { endpoint: store.endpoint, username: 'k', enabled: true },
    });
    expect(noSecret.status).toBe(400);
    platform.ctx.config.integrations.allowPrivateWebhooks = false;
    try {
      const refused = await platform.api('PUT', '/api/integrations/xapi', {
        token: c.superUser.token,
        json: { endpoint: 'https://169.254.169.254/xapi', username: 'k', secret: 's', enabled: true },
      });
      expect(refused.status).toBe(400);
    } finally {
      platform.ctx.config.integrations.allowPrivateWebhooks = true;
    }
    expect(await platform.ctx.db.selectFrom('xapi_lrs').select('id').where('organization_id', '=', c.organizationId).executeTakeFirst()).toBeUndefined();

    // Removed: nothing more is stated.
    expect((await platform.api('DELETE', '/api/integrations/xapi', { token: a.superUser.token })).status).toBe(200);
    expect((await platform.api('GET', '/api/integrations/xapi', { token: a.superUser.token })).body.data.configured).toBe(false);
  });

  it('states lessons experienced and completed, a failed and a passed check and a category certificate, each once', async () => {
    const store = await lrs(AUTH);
    const a = await plantWithLrs('Plant Stated', store);
    await openWholeCatalog(platform, a.organizationId);
    const lockout = catalog.videos.lockout as number;
    const question = { kind: 'true_false', prompt: 'A tag alone is enough.', options: [], correct: [1], explanation: 'A tag warns, a lock prevents.' };
    expect((await platform.api('POST', `/api/assessments/videos/${lockout}/questions`, { token: a.superUser.token, json: question })).status).toBe(201);
    const check = await platform.api('PUT', `/api/assessments/videos/${lockout}/check`, {
      token: a.superUser.token,
      json: { question_count: 1, shuffle: false, pass_percent: 100, attempts_allowed: 3, cooldown_seconds: 0 },
    });
    expect(check.status).toBe(200);
    const attempt = async (choice: number) => {
      const started = await platform.api('POST', `/api/assessments/videos/${lockout}/attempts`, { token: a.member.token });
      const shown = started.body.data.questions[0] as { id: number };
      const submitted = await platform.api('POST', `/api/assessments/attempts/${started.body.data.attempt_id}/submit`, {
        token: a.member.token,
        json: { answers: [{ question_id: shown.id, choices: [choice] }] },
      });
      expect(submitted.status).toBe(200);
      return submitted.body.data as { attempt_id: number; passed: boolean };
    };
    const failed = await attempt(0);
    const passed = await attempt(1);
    // The safety category's listed lessons, each watched whole: each experienced and completed, then the category certificate.
    const lessons = [lockout, catalog.videos.ppe as number, catalog.videos['confined-space'] as number];
    for (const video of lessons) {
      const watched = await platform.api('POST', '/api/watch-user-video', { token: a.member.token, json: { user: a.member.id, video, timeSpent: 1440 } });
      expect([watched.status, watched.body.error_messages]).toEqual([201, undefined]);
      // A later report on the same lesson states nothing new.
      await platform.api('POST', '/api/watch-user-video', { token: a.member.token, json: { user: a.member.id, video, timeSpent: 5 } });
    }
    const expected = 2 + lessons.length * 2 + 1;
    await until('every statement', () => store.statements().length >= expected);
    await until('the log', async () => (await a.log()).every((d) => d.status === 'delivered'));
    await new Promise((resolve) => setTimeout(resolve, 500));
    const statements = store.statements();
    expect(statements).toHaveLength(expected);
    expect((await a.log()).length).toBe(expected);
    const base = platform.ctx.config.publicUrl;
    for (const s of statements) {
      expect(s.actor).toEqual({ objectType: 'Agent', account: { homePage: base, name: String(a.member.id) } });
      expect(Number.isNaN(Date.parse(s.timestamp))).toBe(false);
    }
    const of = (verb: string, objectId: string) => statements.filter((s) => s.verb.id === `http://adlnet.gov/expapi/verbs/${verb}` && s.object.id === objectId);
    expect(of('failed', `${base}/video/${lockout}/check`)).toEqual([
      expect.objectContaining({
        id: statementIdOf(a.organizationId, `check-attempt:${failed.attempt_id}`),
        object: expect.objectContaining({ definition: { type: 'http://adlnet.gov/expapi/activities/assessment' } }),
        result: { score: { scaled: 0, raw: 0, min: 0, max: 100 }, success: false, completion: true },
      }),
    ]);
    expect(of('passed', `${base}/video/${lockout}/check`)).toEqual([
      expect.objectContaining({
        id: statementIdOf(a.organizationId, `check-attempt:${passed.attempt_id}`),
        result: { score: { scaled: 1, raw: 100, min: 0, max: 100 }, success: true, completion: true },
      }),
    ]);
    for (const video of lessons) {
      expect(of('experienced', `${base}/video/${video}`)).toHaveLength(1);
      expect(of('completed', `${base}/video/${video}`)).toEqual([
        expect.objectContaining({
          object: expect.objectContaining({ definition: expect.objectContaining({ type: 'http://adlnet.gov/expapi/activities/lesson' }) }),
        }),
      ]);
    }
    expect(of('completed', `${base}/category/${catalog.categories.safety}`)).toEqual([
      expect.objectContaining({ object: expect.objectContaining({ definition: { type: 'http://adlnet.gov/expapi/activities/course' } }) }),
    ]);
    expect(store.requests.every((r) => r.version === '1.0.3')).toBe(true);
  });

  it('retries a failing LRS with backoff and the statement is kept exactly once, even when an answer was lost', async () => {
    // Two 503s, then one stored but answered 500, then the same statement again: the LRS keeps it once.
    const store = await lrs(AUTH, { failFirst: 2, loseAnswers: 1 });
    const a = await plantWithLrs('Plant Flaky LRS', store);
    const sent = await platform.api('POST', '/api/integrations/xapi/test', { token: a.superUser.token });
    expect(sent.status).toBe(201);
    await until('the delivery', async () => (await a.log())[0]?.status === 'delivered', 30_000);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(store.requests.map((r) => r.status)).toEqual([503, 503, 500, 200]);
    expect(store.statements()).toHaveLength(1);
    expect(store.statements()[0]?.id).toBe(sent.body.data.statement_id);
    expect((await a.log())[0]).toMatchObject({ status: 'delivered', attempts: 4, response_status: 200 });
  });

  it('fails at once when the LRS holds another statement under the id (409), and when it refuses the credentials it retries', async () => {
    const store = await lrs(AUTH);
    const a = await plantWithLrs('Plant Conflict', store);
    const sent = await platform.api('POST', '/api/integrations/xapi/test', { token: a.superUser.token });
    // The LRS already holds something else under that id (another system wrote it).
    store.stored.set(sent.body.data.statement_id, JSON.stringify({ id: sent.body.data.statement_id, other: true }));
    await until('the conflict', async () => (await a.log())[0]?.status !== 'pending');
    expect((await a.log())[0]).toMatchObject({ status: 'failed', attempts: 1, response_status: 409 });

    // Wrong credentials: 401, retried (the super user may correct the secret within the 24 hours).
    await platform.api('PUT', '/api/integrations/xapi', {
      token: a.superUser.token,
      json: { endpoint: store.endpoint, username: AUTH.username, secret: 'wrong', enabled: true },
    });
    await platform.api('POST', '/api/integrations/xapi/test', { token: a.superUser.token });
    await until('a refused attempt', async () => ((await a.log())[0]?.attempts ?? 0) >= 1);
    expect((await a.log())[0]).toMatchObject({ status: 'pending', response_status: 401 });
    await platform.api('PUT', '/api/integrations/xapi', {
      token: a.superUser.token,
      json: { endpoint: store.endpoint, username: AUTH.username, secret: AUTH.secret, enabled: true },
    });
    await until('the corrected delivery', async () => (await a.log())[0]?.status === 'delivered', 30_000);
  });

  it('states nothing while the LRS is switched off, and refuses the test button then', async () => {
    const store = await lrs(AUTH);
    const a = await plantWithLrs('Plant Paused', store);
    await platform.api('PUT', '/api/integrations/xapi', {
      token: a.superUser.token,
      json: { endpoint: store.endpoint, username: AUTH.username, enabled: false },
    });
    await openWholeCatalog(platform, a.organizationId);
    await platform.api('POST', '/api/watch-user-video', { token: a.member.token, json: { user: a.member.id, video: catalog.videos.lockout, timeSpent: 1440 } });
    expect((await platform.api('POST', '/api/integrations/xapi/test', { token: a.superUser.token })).status).toBe(400);
    expect(await a.log()).toEqual([]);
  });
});
