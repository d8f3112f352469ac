import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp, type RegisteredRoute } from '../src/app.ts';
import type { AppContext } from '../src/app-context.ts';
import { loadConfig } from '../src/config/env.ts';
import type { Metrics } from '../src/lib/metrics.ts';
import { addMember, createOrganization, type NewMember } from '../src/modules/organization/organization.service.ts';
import { userSearchText } from '../src/modules/users/users.queries.ts';
import { startS3Server } from './s3-server.ts';

/**
 * A real platform for one test file: its own database (a fresh SQLite file, or a fresh
 * PostgreSQL database when DATABASE_URL points at a server), listening on a free port.
 */
export type TestPlatform = {
  url: string;
  app: FastifyInstance;
  ctx: AppContext;
  /** Every route the server registered. */
  routes: RegisteredRoute[];
  /** Its Prometheus figures (GET /metrics), where tests register gauges. */
  metrics: Metrics;
  api: <T = any>(method: string, path: string, options?: CallOptions) => Promise<{ status: number; body: T; headers: Headers }>;
  close: () => Promise<void>;
};

type CallOptions = {
  token?: string;
  json?: unknown;
  form?: Record<string, string>;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  body?: BodyInit;
};

export async function freshDatabaseUrl(): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = process.env.DATABASE_URL;
  if (!base?.startsWith('postgres')) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mm-db-'));
    return { url: `sqlite:${path.join(dir, 'test.sqlite')}`, drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
  const name = `mm_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * A platform on a fresh database, or on the DATABASE_URL and DATA_DIR given (then left in place on close).
 * `storage: 's3'` keeps its media and uploads in a bucket of a local S3 server started for it (test/s3-server.ts).
 */
export async function startPlatform(
  env: Record<string, string> = {},
  { storage, ...options }: Parameters<typeof buildApp>[1] & { storage?: 'local' | 's3' } = {},
): Promise<TestPlatform> {
  const s3 = storage === 's3' ? await startS3Server() : null;
  if (s3) env = { STORAGE_URL: s3.storageUrl, ...env };
  const database = env.DATABASE_URL ? { url: env.DATABASE_URL, drop: async () => {} } : await freshDatabaseUrl();
  const dataDir = env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'mm-data-'));
  // The flood guard is out of reach unless a test sets it: suites that walk every route send thousands of calls as one member.
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    LOG_LEVEL: 'silent',
    PORT: '0',
    REQUESTS_PER_MINUTE: '1000000',
    // Imports queue no Apertium drafts unless a test asks (caption-drafts.test.ts): most tests import captions.
    CAPTION_DRAFTS: 'false',
    ...env,
  });
  const { app, ctx, routes, metrics } = await buildApp(config, options);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  // Links in e-mails must point at this server.
  ctx.config.publicUrl = url;

  const api: TestPlatform['api'] = async (method, p, options = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: BodyInit | undefined = options.body;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.form) {
      body = new URLSearchParams(options.form);
    }
    const query = options.query ? `?${new URLSearchParams(options.query)}` : '';
    const response = await fetch(`${url}${p}${query}`, { method, headers, body });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {}
    return { status: response.status, body: parsed as any, headers: response.headers };
  };

  return {
    url,
    app,
    ctx,
    routes,
    metrics,
    api,
    close: async () => {
      await app.close();
      await database.drop();
      await s3?.close();
      if (!env.DATA_DIR) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let sequence = 0;
export const uniqueEmail = (prefix = 'user') => `${prefix}.${process.pid}.${++sequence}.${Date.now()}@example.com`;
export const STRONG_PASSWORD = 'Correct-Horse-Battery-42';

/** An organization with a super user (trial active) and one ordinary member, both signed in. */
export async function organizationWithMembers(platform: TestPlatform, name = 'Org') {
  const superUser: NewMember = { email: uniqueEmail('boss'), password: STRONG_PASSWORD, name: 'Sam', lastName: 'Super', team: 'Assembly', role: 'Supervisor' };
  const { organizationId, userId: superUserId } = await createOrganization(platform.ctx, name, superUser);
  const member: NewMember = { email: uniqueEmail('member'), password: STRONG_PASSWORD, name: 'Mia', lastName: 'Member', team: 'Assembly', role: 'Operator' };
  const memberId = await addMember(platform.ctx, organizationId, member);
  return {
    organizationId,
    superUser: { id: superUserId, email: superUser.email, token: await signIn(platform, superUser.email) },
    member: { id: memberId, email: member.email, token: await signIn(platform, member.email) },
  };
}

export async function signIn(platform: TestPlatform, email: string, password = STRONG_PASSWORD): Promise<string> {
  const res = await platform.api('POST', '/api/v4/login', { json: { email, password } });
  if (res.status !== 200) throw new Error(`sign-in of ${email} failed: ${JSON.stringify(res.body)}`);
  return res.body.data.token;
}

/** Many members without passwords, inserted in chunks (for scale and paging tests); answers their ids in order. */
export async function insertBulkMembers(platform: TestPlatform, organizationId: number, count: number): Promise<number[]> {
  const t = Date.now();
  const ids: number[] = [];
  for (let start = 0; start < count; start += 500) {
    const rows = Array.from({ length: Math.min(500, count - start) }, (_, i) => {
      const user = { email: uniqueEmail(`bulk${start + i}`), name: `Bulk${String(start + i).padStart(5, '0')}` };
      return { ...user, organization_id: organizationId, password_hash: null, team_id: null, search_text: userSearchText(user), created_at: t, updated_at: t };
    });
    ids.push(...(await platform.ctx.db.insertInto('users').values(rows).returning('id').execute()).map((r) => r.id));
  }
  return ids;
}

/** Moves the organization to a plan of `seats` accounts, for tests that add more people than the trial's 5 seats. */
export async function giveSeats(platform: TestPlatform, organizationId: number, seats: number): Promise<void> {
  const t = Date.now();
  const plan = await platform.ctx.db
    .insertInto('plans')
    .values({
      key: `seats-${organizationId}-${t}`,
      title: `${seats} seats`,
      price_id: 'xx',
      currency: 'USD',
      amount: 100,
      months: 1,
      no_of_account: seats,
      description: 'Test plan',
      popular: 0,
      created_at: t,
      updated_at: t,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await platform.ctx.db.updateTable('subscriptions').set({ plan_id: plan.id, updated_at: t }).where('organization_id', '=', organizationId).execute();
}
