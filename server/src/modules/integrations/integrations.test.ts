import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { importTestCatalog, openWholeCatalog, type TestCatalog } from '../../../test/catalog-fixture.ts';
import { organizationWithMembers, startPlatform, type TestPlatform, uniqueEmail } from '../../../test/harness.ts';
import { DAY } from '../../lib/clock.ts';
import { badgeCode } from '../toolbox/index.ts';

const postgres = process.env.DATABASE_URL?.startsWith('postgres') ?? false;
/** Webhook receivers are local servers here: private addresses allowed, retries fast, idle workers look often. */
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

type Received = { path: string; headers: http.IncomingHttpHeaders; body: string; answered: number };

/** A webhook receiver: answers 500 to the first `failFirst` requests of each path, 200 after; records every request. */
async function receiver(failFirst: Record<string, number> = {}) {
  const received: Received[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const path = request.url ?? '/';
      const seen = received.filter((r) => r.path === path).length;
      const answered = seen < (failFirst[path] ?? 0) ? 500 : 200;
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks).toString('utf8'), answered });
      response.statusCode = answered;
      response.end(answered === 200 ? 'ok, thanks' : 'receiver down');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise((resolve) => server.close(() => resolve())));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received };
}

/** The verification recipe of docs/integrations.md, as a receiver writes it. */
function verify(secret: string, headers: http.IncomingHttpHeaders, rawBody: string): boolean {
  const timestamp = String(headers['x-mm-timestamp']);
  const expected = `v1=${createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex')}`;
  const given = String(headers['x-mm-signature']);
  const fresh = Math.abs(Date.now() / 1000 - Number(timestamp)) < 300;
  return fresh && given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}

const until = async (what: string, check: () => Promise<boolean> | boolean, timeoutMs = 20_000) => {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

async function plant(name: string, on: TestPlatform = platform) {
  const org = await organizationWithMembers(on, name);
  const token = async (scopes: string[]) => {
    const res = await on.api('POST', '/api/integrations/tokens', { token: org.superUser.token, json: { name: `MES ${scopes.join(' ')}`, scopes } });
    expect(res.status).toBe(201);
    return res.body.data as { id: number; token: string; hint: string };
  };
  return { ...org, token };
}

describe('API tokens', () => {
  it('are shown once, stored hashed, scoped, revocable, and see only their own organization', async () => {
    const a = await plant('Plant A');
    const b = await plant('Plant B');
    const read = await a.token(['read_users']);
    const write = await a.token(['read_users', 'write_users']);
    const other = await b.token(['read_users', 'read_progress', 'read_qualifications', 'write_users']);
    expect(read.token).toMatch(/^mmk_/);

    // Only the SHA-256 is kept: no column of any token row holds the token.
    const rows = await platform.ctx.db.selectFrom('api_tokens').selectAll().execute();
    for (const row of rows) expect(JSON.stringify(row)).not.toContain(read.token.slice(4));
    expect(rows.find((r) => r.id === read.id)?.token_hash).toBe(createHash('sha256').update(read.token).digest('hex'));
    // The list never answers the token again.
    const listed = await platform.api('GET', '/api/integrations/tokens', { token: a.superUser.token });
    expect(JSON.stringify(listed.body)).not.toContain(read.token);
    expect(listed.body.data.find((t: { id: number }) => t.id === read.id)).toMatchObject({ scopes: ['read_users'], last_used_at: null, revoked_at: null });

    // Reads its own organization's members, and records its use.
    const members = await platform.api('GET', '/api/v1/members', { token: read.token });
    expect(members.status).toBe(200);
    expect(members.body.data.map((m: { id: number }) => m.id).sort()).toEqual([a.superUser.id, a.member.id].sort());
    const used = await platform.api('GET', '/api/integrations/tokens', { token: a.superUser.token });
    expect(used.body.data.find((t: { id: number }) => t.id === read.id).last_used_at).not.toBeNull();

    // A read-scoped token cannot write, nor read what its scopes do not name.
    const person = { name: 'Otto', last_name: 'Operator', email: uniqueEmail('otto'), team: 'Assembly', role: 'Operator' };
    expect((await platform.api('POST', '/api/v1/members', { token: read.token, json: person })).status).toBe(403);
    expect((await platform.api('POST', `/api/v1/members/${a.member.id}/deactivate`, { token: read.token })).status).toBe(403);
    expect((await platform.api('GET', `/api/v1/members/${a.member.id}/progress`, { token: read.token })).status).toBe(403);
    expect(await platform.ctx.db.selectFrom('users').select('id').where('email', '=', person.email).executeTakeFirst()).toBeUndefined();

    // A write token creates a member (invited) and deactivates one.
    const created = await platform.api('POST', '/api/v1/members', { token: write.token, json: person });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ email: person.email, is_super_user: 0 });
    expect((await platform.api('POST', `/api/v1/members/${created.body.data.id}/deactivate`, { token: write.token })).status).toBe(200);
    expect((await platform.api('GET', '/api/v1/members', { token: write.token })).body.data.map((m: { id: number }) => m.id)).not.toContain(
      created.body.data.id,
    );

    // Another organization's token sees nothing of this one: 404, and its list is its own people.
    expect((await platform.api('GET', `/api/v1/members/${a.member.id}/progress`, { token: other.token })).status).toBe(404);
    expect((await platform.api('GET', `/api/v1/members/${a.member.id}/qualifications`, { token: other.token })).status).toBe(404);
    expect((await platform.api('POST', `/api/v1/members/${a.member.id}/deactivate`, { token: other.token })).status).toBe(404);
    const theirs = await platform.api('GET', '/api/v1/members', { token: other.token });
    expect(theirs.body.data.map((m: { id: number }) => m.id).sort()).toEqual([b.superUser.id, b.member.id].sort());
    // Nor can a super user revoke another organization's token.
    expect((await platform.api('POST', `/api/integrations/tokens/${other.id}/revoke`, { token: a.superUser.token })).status).toBe(404);

    // A session never works on /api/v1, an API token never on the session routes; a member cannot manage tokens.
    expect((await platform.api('GET', '/api/v1/members', { token: a.superUser.token })).status).toBe(401);
    expect((await platform.api('GET', '/api/integrations/tokens', { token: read.token })).status).toBe(401);
    expect((await platform.api('GET', '/api/integrations/tokens', { token: a.member.token })).status).toBe(403);
    expect((await platform.api('GET', '/api/v1/members')).status).toBe(401);

    // Revoked: refused at once.
    const revoked = await platform.api('POST', `/api/integrations/tokens/${read.id}/revoke`, { token: a.superUser.token });
    expect(revoked.status).toBe(200);
    expect(revoked.body.data.revoked_at).not.toBeNull();
    expect((await platform.api('GET', '/api/v1/members', { token: read.token })).status).toBe(401);
  });

  it('is rate-limited per token', async () => {
    const a = await plant('Plant Busy');
    const busy = await a.token(['read_users']);
    const calm = await a.token(['read_users']);
    let refused = 0;
    for (let i = 0; i < 601; i++) if ((await platform.api('GET', '/api/v1/members', { token: busy.token })).status === 429) refused++;
    expect(refused).toBe(1);
    expect((await platform.api('GET', '/api/v1/members', { token: calm.token })).status).toBe(200);
    // Counted in leases: the calm token's one call moved its counter by a lease, written once for the next 49 calls.
    const counter = await platform.ctx.db
      .selectFrom('throttle_counters')
      .select('count')
      .where('kind', '=', 'api_token')
      .where('subject', '=', String(calm.id))
      .executeTakeFirstOrThrow();
    expect(counter.count).toBe(50);
  });

  it('holds the limit across two app instances on one database, calls arriving together', async () => {
    // HTTP only, and closed with the test: a second instance left working jobs would take later tests' deliveries
    // with its own settings (the private-address test's refusal was delivered by it on PostgreSQL).
    const second = await startPlatform({ ...ENV, DATABASE_URL: platform.ctx.config.databaseUrl, RUN_JOBS: 'false' });
    onTestFinished(() => second.close());
    const a = await plant('Plant Two Doors');
    const shared = await a.token(['read_users']);
    let passed = 0;
    for (let round = 0; round < 35; round++) {
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? platform : second).api('GET', '/api/v1/members', { token: shared.token })),
      );
      passed += answers.filter((r) => r.status === 200).length;
      if (answers.some((r) => r.status !== 200 && r.status !== 429)) throw new Error('an answer was neither 200 nor 429');
    }
    // Never past the limit; at most one lease short of it (the one the other instance holds unspent).
    expect(passed).toBeLessThanOrEqual(600);
    expect(passed).toBeGreaterThanOrEqual(600 - 49);
  });

  it('answers whether a badge is cleared for a station now: cleared, not cleared, expired', async () => {
    const a = await plant('Plant Badge');
    const b = await plant('Plant Elsewhere');
    await openWholeCatalog(platform, a.organizationId);
    const mes = await a.token(['read_qualifications']);
    const otherMes = await b.token(['read_qualifications']);
    const videoId = Object.values(catalog.videos)[0] as number;
    const station = await platform.api('POST', `/api/organization/${a.organizationId}/stations`, {
      token: a.superUser.token,
      json: { name: 'Press 4', requirements: [{ kind: 'video', id: videoId }], validity_months: 12, warning_days: 10 },
    });
    expect(station.status).toBe(201);
    const stationId = station.body.data.id as number;
    const assigned = await platform.api('POST', `/api/organization/${a.organizationId}/stations/${stationId}/assignments`, {
      token: a.superUser.token,
      json: { user_ids: [a.member.id] },
    });
    expect(assigned.status).toBe(200);
    const badge = await badgeCode(platform.ctx.db, a.member.id);
    const ask = (token: string, scanned = badge, at = stationId) =>
      platform.api('GET', `/api/v1/stations/${at}/clearance`, { token, query: { badge: scanned } });
    const setState = (state: 'qualified' | 'in_training', expiresAt: number | null) =>
      platform.ctx.db
        .updateTable('qualifications')
        .set({ state, expires_at: expiresAt })
        .where('station_id', '=', stationId)
        .where('user_id', '=', a.member.id)
        .execute();

    // Assigned, not trained yet: not cleared.
    const training = await ask(mes.token);
    expect(training.status).toBe(200);
    expect(training.body.data).toMatchObject({ cleared: false, user_id: a.member.id, station_id: stationId, state: 'not_started', until: null });

    // Qualified until a date: cleared until then.
    const expiresAt = Date.now() + 100 * DAY;
    await setState('qualified', expiresAt);
    const cleared = await ask(mes.token);
    expect(cleared.body.data).toMatchObject({ cleared: true, state: 'qualified', until: new Date(expiresAt).toISOString() });

    // Past its expiry (the clock has not run yet): the matrix shows it expired, and so does the answer.
    await setState('qualified', Date.now() - DAY);
    const expired = await ask(mes.token);
    expect(expired.body.data).toMatchObject({ cleared: false, state: 'expired', until: null });
    expect(expired.body.data.reason).toMatch(/expired/);

    // Not assigned at all (the super user): not cleared.
    const unassigned = await ask(mes.token, await badgeCode(platform.ctx.db, a.superUser.id));
    expect(unassigned.body.data).toMatchObject({ cleared: false, state: null });

    // A forged badge, an unknown station, another organization's token: 404.
    expect(
      (
        await ask(
          mes.token,
          badge.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')),
        )
      ).status,
    ).toBe(404);
    expect((await ask(mes.token, badge, stationId + 1000)).status).toBe(404);
    expect((await ask(otherMes.token)).status).toBe(404);
  });
});

describe('webhooks', () => {
  it('refuses private, loopback and link-local endpoints unless the operator allows them, at registration and at delivery', async () => {
    const strict = await startPlatform();
    cleanups.push(() => strict.close());
    const a = await plant('Plant Strict', strict);
    for (const url of [
      'https://127.0.0.1/hook',
      'https://10.1.2.3/hook',
      'https://169.254.169.254/latest',
      'https://[::1]/hook',
      'https://localhost/hook',
      'http://example.com/hook',
    ]) {
      const res = await strict.api('POST', '/api/integrations/webhooks', { token: a.superUser.token, json: { url, events: ['member.created'] } });
      expect([url, res.status]).toEqual([url, 400]);
    }
    // Registered while allowed, then the operator withdraws the setting: the delivery checks the address again.
    const receiving = await receiver();
    const b = await plant('Plant Rebound');
    const endpoint = await platform.api('POST', '/api/integrations/webhooks', {
      token: b.superUser.token,
      json: { url: `${receiving.url}/rebound`, events: ['member.created'] },
    });
    expect(endpoint.status).toBe(201);
    platform.ctx.config.integrations.allowPrivateWebhooks = false;
    try {
      const sent = await platform.api('POST', `/api/integrations/webhooks/${endpoint.body.data.id}/test`, { token: b.superUser.token });
      expect(sent.status).toBe(201);
      await until('the refused attempt', async () => {
        const log = await platform.api('GET', '/api/integrations/deliveries', { token: b.superUser.token });
        return log.body.data[0]?.attempts >= 1;
      });
      const log = await platform.api('GET', '/api/integrations/deliveries', { token: b.superUser.token });
      expect(log.body.data[0]).toMatchObject({ status: 'pending', response_status: null });
      expect(log.body.data[0].response_excerpt).toMatch(/private/);
      expect(receiving.received).toHaveLength(0);
    } finally {
      platform.ctx.config.integrations.allowPrivateWebhooks = true;
    }
  });

  it('signs each delivery so the documented recipe verifies it, and logs it', async () => {
    const receiving = await receiver();
    const a = await plant('Plant Signed');
    const endpoint = await platform.api('POST', '/api/integrations/webhooks', {
      token: a.superUser.token,
      json: { url: `${receiving.url}/signed`, events: ['member.created', 'member.deactivated'] },
    });
    expect(endpoint.status).toBe(201);
    const secret = endpoint.body.data.secret as string;
    expect(JSON.stringify((await platform.api('GET', '/api/integrations/webhooks', { token: a.superUser.token })).body)).not.toContain(secret);

    // A member created through the API announces member.created; deactivated, member.deactivated.
    const writer = await a.token(['write_users']);
    const person = { name: 'Wanda', last_name: 'Welder', email: uniqueEmail('wanda'), team: 'Welding', role: 'Welder' };
    const created = await platform.api('POST', '/api/v1/members', { token: writer.token, json: person });
    expect(created.status).toBe(201);
    await platform.api('POST', `/api/v1/members/${created.body.data.id}/deactivate`, { token: writer.token });
    await until('two deliveries', () => receiving.received.length >= 2);
    const events = receiving.received.map((r) => JSON.parse(r.body));
    expect(events.map((e) => e.event).sort()).toEqual(['member.created', 'member.deactivated']);
    expect(events[0].data).toEqual({ user_id: created.body.data.id, organization_id: a.organizationId });
    for (const r of receiving.received) {
      expect(verify(secret, r.headers, r.body)).toBe(true);
      // A body changed on the way no longer verifies, nor does another secret.
      expect(verify(secret, r.headers, r.body.replace('member', 'Member'))).toBe(false);
      expect(verify(`${secret}x`, r.headers, r.body)).toBe(false);
    }

    // The test button sends a signed test event; the log shows each delivery with its answer.
    const test = await platform.api('POST', `/api/integrations/webhooks/${endpoint.body.data.id}/test`, { token: a.superUser.token });
    expect(test.status).toBe(201);
    await until('the test delivery', () => receiving.received.length >= 3);
    expect(JSON.parse(receiving.received[2]!.body).event).toBe('webhook.test');
    expect(verify(secret, receiving.received[2]!.headers, receiving.received[2]!.body)).toBe(true);
    await until('the log', async () => {
      const log = await platform.api('GET', '/api/integrations/deliveries', { token: a.superUser.token });
      return log.body.data.every((d: { status: string }) => d.status === 'delivered');
    });
    const log = await platform.api('GET', '/api/integrations/deliveries', { token: a.superUser.token });
    expect(log.body.data).toHaveLength(3);
    expect(log.body.data[0]).toMatchObject({ event: 'webhook.test', status: 'delivered', attempts: 1, response_status: 200, response_excerpt: 'ok, thanks' });

    // Another organization's super user sees none of it and cannot test or remove the endpoint.
    const b = await plant('Plant Nosy');
    expect((await platform.api('GET', '/api/integrations/deliveries', { token: b.superUser.token })).body.data).toEqual([]);
    expect((await platform.api('POST', `/api/integrations/webhooks/${endpoint.body.data.id}/test`, { token: b.superUser.token })).status).toBe(404);
    expect((await platform.api('DELETE', `/api/integrations/webhooks/${endpoint.body.data.id}`, { token: b.superUser.token })).status).toBe(404);
  });

  it('writes nothing when the fact is rolled back: a refused member creation announces nothing', async () => {
    const receiving = await receiver();
    const a = await plant('Plant Full');
    await platform.api('POST', '/api/integrations/webhooks', { token: a.superUser.token, json: { url: `${receiving.url}/full`, events: ['member.created'] } });
    const writer = await a.token(['write_users']);
    const existing = (await platform.api('GET', '/api/v1/members', { token: (await a.token(['read_users'])).token })).body.data[0].email;
    const refused = await platform.api('POST', '/api/v1/members', {
      token: writer.token,
      json: { name: 'Dup', last_name: 'Licate', email: existing, team: 'Assembly', role: 'Operator' },
    });
    expect(refused.status).toBe(409);
    const log = await platform.api('GET', '/api/integrations/deliveries', { token: a.superUser.token });
    expect(log.body.data).toEqual([]);
  });

  it('announces a passed knowledge check and a completed video, and not a failed check', async () => {
    const receiving = await receiver();
    const a = await plant('Plant Learning');
    await openWholeCatalog(platform, a.organizationId);
    await platform.api('POST', '/api/integrations/webhooks', {
      token: a.superUser.token,
      json: { url: `${receiving.url}/learning`, events: ['check.passed', 'video.completed'] },
    });
    const videoId = catalog.videos.lockout as number;
    const question = { kind: 'true_false', prompt: 'A tag alone is enough.', options: [], correct: [1], explanation: 'A tag warns, a lock prevents.' };
    expect((await platform.api('POST', `/api/assessments/videos/${videoId}/questions`, { token: a.superUser.token, json: question })).status).toBe(201);
    const check = await platform.api('PUT', `/api/assessments/videos/${videoId}/check`, {
      token: a.superUser.token,
      json: { question_count: 1, shuffle: false, pass_percent: 100, attempts_allowed: 3, cooldown_seconds: 0 },
    });
    expect([check.status, check.body]).toEqual([200, expect.anything()]);
    const attempt = async (choice: number) => {
      const started = await platform.api('POST', `/api/assessments/videos/${videoId}/attempts`, { token: a.member.token });
      expect(started.status).toBe(201);
      const shown = started.body.data.questions[0] as { id: number };
      const submitted = await platform.api('POST', `/api/assessments/attempts/${started.body.data.attempt_id}/submit`, {
        token: a.member.token,
        json: { answers: [{ question_id: shown.id, choices: [choice] }] },
      });
      expect([submitted.status, submitted.body.error_messages]).toEqual([200, undefined]);
      return submitted.body.data as { attempt_id: number; passed: boolean };
    };
    expect((await attempt(0)).passed).toBe(false);
    const passed = await attempt(1);
    expect(passed.passed).toBe(true);
    // Watched to the end (the report is capped at twice the length): video.completed.
    const watched = await platform.api('POST', '/api/watch-user-video', {
      token: a.member.token,
      json: { user: a.member.id, video: videoId, timeSpent: 1440 },
    });
    expect([watched.status, watched.body.error_messages]).toEqual([201, undefined]);
    await until('two deliveries', () => receiving.received.length >= 2);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const events = receiving.received.map((r) => JSON.parse(r.body));
    expect(events.map((e) => e.event)).toEqual(['check.passed', 'video.completed']);
    expect(events[0].data).toMatchObject({ user_id: a.member.id, video_id: videoId, attempt_id: passed.attempt_id, score_percent: 100 });
    expect(events[1].data).toMatchObject({ user_id: a.member.id, video_id: videoId });
  });

  it('announces qualification changes and issued certificates, signed', async () => {
    const receiving = await receiver();
    const a = await plant('Plant Qualified');
    await openWholeCatalog(platform, a.organizationId);
    const endpoint = await platform.api('POST', '/api/integrations/webhooks', {
      token: a.superUser.token,
      json: { url: `${receiving.url}/qualified`, events: ['qualification.changed', 'certificate.issued'] },
    });
    expect(endpoint.status).toBe(201);
    const secret = endpoint.body.data.secret as string;
    const confined = catalog.videos['confined-space'] as number;
    // A station requiring one video, no checklist: watching it qualifies the member.
    const station = await platform.api('POST', `/api/organization/${a.organizationId}/stations`, {
      token: a.superUser.token,
      json: {
        name: 'Tank entry',
        description: 'Confined space.',
        requirements: [{ kind: 'video', id: confined }],
        checklist: [],
        validity_months: 12,
        min_per_shift: 1,
      },
    });
    expect(station.status).toBe(201);
    const stationId = station.body.data.id as number;
    const assigned = await platform.api('POST', `/api/organization/${a.organizationId}/stations/${stationId}/assignments`, {
      token: a.superUser.token,
      json: { user_ids: [a.member.id] },
    });
    expect(assigned.status).toBeLessThan(300);
    // Watched whole: qualified at the station, and the sub-category's only video makes its micro-certificate.
    const watched = await platform.api('POST', '/api/watch-user-video', {
      token: a.member.token,
      json: { user: a.member.id, video: confined, timeSpent: 1440 },
    });
    expect([watched.status, watched.body.error_messages]).toEqual([201, undefined]);
    await until('the qualification and the certificate', () => {
      const events = receiving.received.map((r) => JSON.parse(r.body).event);
      return events.includes('qualification.changed') && events.includes('certificate.issued');
    });
    for (const r of receiving.received) expect(verify(secret, r.headers, r.body)).toBe(true);
    const bodies = receiving.received.map((r) => JSON.parse(r.body));
    const changed = bodies.filter((b) => b.event === 'qualification.changed');
    expect(changed.at(-1)).toMatchObject({
      organization_id: a.organizationId,
      data: { user_id: a.member.id, station_id: stationId, station_name: 'Tank entry', to: 'qualified', expires_at: expect.any(String) },
    });
    const certificate = bodies.find((b) => b.event === 'certificate.issued');
    expect(certificate.data).toMatchObject({
      user_id: a.member.id,
      kind: 'sub_category',
      sub_category_id: catalog.subCategories['safety-advanced'],
      verification_code: expect.any(String),
    });
  });

  const retried = async (instances: TestPlatform[]) => {
    const [first] = instances as [TestPlatform];
    const receiving = await receiver({ '/flaky': 2 });
    const a = await plant(`Plant Flaky ${instances.length}`, first);
    const endpoint = await first.api('POST', '/api/integrations/webhooks', {
      token: a.superUser.token,
      json: { url: `${receiving.url}/flaky`, events: ['member.created'] },
    });
    const writer = await a.token(['write_users']);
    const person = { name: 'Rita', last_name: 'Retry', email: uniqueEmail('rita'), team: 'Assembly', role: 'Operator' };
    expect((await first.api('POST', '/api/v1/members', { token: writer.token, json: person })).status).toBe(201);
    await until('the delivery', () => receiving.received.some((r) => r.answered === 200), 30_000);
    // Time for a duplicate to show up, were there one.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(receiving.received.map((r) => r.answered)).toEqual([500, 500, 200]);
    const deliveryIds = new Set(receiving.received.map((r) => r.headers['x-mm-delivery']));
    expect(deliveryIds.size).toBe(1);
    const log = await first.api('GET', '/api/integrations/deliveries', { token: a.superUser.token });
    expect(log.body.data).toHaveLength(1);
    expect(log.body.data[0]).toMatchObject({ endpoint_id: endpoint.body.data.id, status: 'delivered', attempts: 3, response_status: 200 });
  };

  it('retries a failing endpoint (500 twice) with backoff and then delivers exactly once', async () => {
    await retried([platform]);
  });

  it.skipIf(!postgres)('delivers exactly once with two app instances on one PostgreSQL', async () => {
    const second = await startPlatform({ ...ENV, DATABASE_URL: platform.ctx.config.databaseUrl });
    cleanups.push(() => second.close());
    await retried([platform, second]);
  });
});
