import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabaseUrl } from '../../../test/harness.ts';
import { loadConfig } from '../../config/env.ts';
import { createDb, type Db } from '../../db/client.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import type { Log } from '../../lib/log.ts';
import type { JobQueue } from './job-queue.ts';
import { createJobQueue } from './jobs.ts';

/**
 * The queue's promises, on the database the tests run on (SQLite by default, pg-boss with DATABASE_URL): two queue
 * instances over one database stand for two app instances.
 */
const silent = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined } as unknown as Log;
const postgres = process.env.DATABASE_URL?.startsWith('postgres') ?? false;
/** pg-boss counts retry delays in whole seconds and polls at most every half second. */
const RETRY_DELAY = postgres ? 1000 : 150;
const LEASE_MS = postgres ? 2000 : 600;

let database: { url: string; drop: () => Promise<void> };
let db: Db;
const queues: JobQueue[] = [];

async function queue(): Promise<JobQueue> {
  const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: database.url, JOB_LEASE_SECONDS: '1', JOB_POLL_MS: postgres ? '500' : '50' });
  const q = await createJobQueue({ ...config, jobs: { ...config.jobs, leaseMs: LEASE_MS } }, db, silent);
  queues.push(q);
  return q;
}

const until = async (check: () => boolean | Promise<boolean>, timeoutMs = 20_000) => {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};

beforeAll(async () => {
  database = await freshDatabaseUrl();
  db = createDb(database.url).db;
  await migrateToLatest(db);
});

afterAll(async () => {
  for (const q of queues) await q.stop({ drain: false, timeoutMs: 1000 });
  await db.destroy();
  await database.drop();
});

describe('the job queue', () => {
  it('runs each of 60 jobs once, never twice at once, across two instances', async () => {
    const [a, b] = [await queue(), await queue()];
    for (const q of [a, b]) await q.define('once', { retryLimit: 2, retryDelayMs: RETRY_DELAY });
    const runs = new Map<number, number>();
    const running = new Set<number>();
    let overlaps = 0;
    const handler = async ({ payload }: { payload: { n: number } }) => {
      if (running.has(payload.n)) overlaps++;
      running.add(payload.n);
      await new Promise((resolve) => setTimeout(resolve, 5));
      runs.set(payload.n, (runs.get(payload.n) ?? 0) + 1);
      running.delete(payload.n);
    };
    await a.work('once', handler, { concurrency: 3 });
    await b.work('once', handler, { concurrency: 3 });
    for (let n = 0; n < 60; n++) await (n % 2 ? a : b).enqueue('once', { n });
    await until(() => runs.size === 60);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
    expect(overlaps).toBe(0);
    expect((await a.stats()).find((f) => f.name === 'once')).toMatchObject({ waiting: 0, active: 0, failed: 0 });
  });

  it('retries a failing job with growing delays, and it completes', async () => {
    const q = await queue();
    await q.define('flaky', { retryLimit: 3, retryDelayMs: RETRY_DELAY });
    const attempts: number[] = [];
    await q.work('flaky', async ({ attempt }) => {
      attempts.push(Date.now());
      if (attempt < 3) throw new Error(`not yet (${attempt})`);
    });
    const id = await q.enqueue('flaky', {});
    expect(await q.settled('flaky', id!, 30_000)).toBe('completed');
    expect(attempts).toHaveLength(3);
    const [first, second] = [attempts[1]! - attempts[0]!, attempts[2]! - attempts[1]!];
    expect(first).toBeGreaterThanOrEqual(RETRY_DELAY * 0.9);
    expect(second).toBeGreaterThanOrEqual(2 * RETRY_DELAY * 0.9);
  });

  it('moves a job to failed after its retries (the dead letter), lists it, and an operator retry runs it again', async () => {
    const q = await queue();
    await q.define('doomed', { retryLimit: 1, retryDelayMs: RETRY_DELAY });
    let fixed = false;
    let runs = 0;
    await q.work('doomed', async () => {
      runs++;
      if (!fixed) throw new Error('the printer is on fire');
    });
    const id = await q.enqueue('doomed', { printer: 3 });
    expect(await q.settled('doomed', id!, 30_000)).toBe('failed');
    expect(runs).toBe(2);
    const failed = (await q.list('failed', 10)).find((j) => j.id === id);
    expect(failed).toMatchObject({ name: 'doomed', payload: { printer: 3 }, error: expect.stringContaining('the printer is on fire') });
    expect((await q.stats()).find((f) => f.name === 'doomed')).toMatchObject({ failed: 1 });
    expect(await q.retry('doomed', 'not-a-job')).toBe(false);
    fixed = true;
    expect(await q.retry('doomed', id!)).toBe(true);
    expect(await q.settled('doomed', id!, 30_000)).toBe('completed');
    expect(runs).toBe(3);
  });

  it('gives a job whose instance stopped answering to another instance', async () => {
    const [dying, healthy] = [await queue(), await queue()];
    for (const q of [dying, healthy]) await q.define('leased', { retryLimit: 3, retryDelayMs: RETRY_DELAY });
    let startedOnDying = false;
    await dying.work('leased', async () => {
      startedOnDying = true;
      // Never ends: the instance is gone.
      await new Promise(() => undefined);
    });
    const id = await dying.enqueue('leased', { what: 'transcode' });
    await until(() => startedOnDying);
    expect((await healthy.list('active', 10)).map((j) => j.id)).toContain(id);
    // The instance stops renewing (SQLite: its lease lapses; pg-boss: its running job is failed on the way out).
    await dying.stop({ drain: false, timeoutMs: 1000 });
    let doneBy = '';
    await healthy.work('leased', async () => {
      doneBy = 'healthy';
    });
    expect(await healthy.settled('leased', id!, 30_000)).toBe('completed');
    expect(doneBy).toBe('healthy');
  });

  it('keeps one waiting job per singleton key on a keyed queue', async () => {
    const q = await queue();
    await q.define('keyed', { retryLimit: 1, retryDelayMs: RETRY_DELAY, keyed: true });
    const first = await q.enqueue('keyed', { videoId: 7 }, { singletonKey: 'video:7' });
    const again = await q.enqueue('keyed', { videoId: 7 }, { singletonKey: 'video:7' });
    const other = await q.enqueue('keyed', { videoId: 8 }, { singletonKey: 'video:8' });
    expect(first).not.toBeNull();
    expect(again).toBeNull();
    expect(other).not.toBeNull();
  });

  it('lets a running keyed job enqueue its successor under its own key, and never runs two of one key at once', async () => {
    const [a, b] = [await queue(), await queue()];
    for (const q of [a, b]) await q.define('chain', { retryLimit: 1, retryDelayMs: RETRY_DELAY, keyed: true });
    const runs: number[] = [];
    let running = 0;
    let overlapped = false;
    for (const q of [a, b])
      await q.work<{ n: number }>('chain', async ({ payload }) => {
        running++;
        overlapped ||= running > 1;
        runs.push(payload.n);
        // A waiting duplicate of the successor is refused while the successor waits.
        if (payload.n < 3) {
          expect(await q.enqueue('chain', { n: payload.n + 1 }, { singletonKey: 'next' })).not.toBeNull();
          expect(await q.enqueue('chain', { n: 99 }, { singletonKey: 'next' })).toBeNull();
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
        running--;
      });
    await a.enqueue('chain', { n: 1 }, { singletonKey: 'next' });
    await until(() => runs.length === 3);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(runs).toEqual([1, 2, 3]);
    expect(overlapped).toBe(false);
  });

  it('frees at once a keyed job whose instance is known to have stopped, and runs it again elsewhere', async () => {
    const [stuck, healthy] = [await queue(), await queue()];
    for (const q of [stuck, healthy]) await q.define('held', { retryLimit: 2, retryDelayMs: RETRY_DELAY, leaseMs: 600_000, keyed: true });
    let started = false;
    // Its run never ends and its lease is long: only `abandon` frees it.
    await stuck.work('held', async () => {
      started = true;
      await new Promise(() => undefined);
    });
    const id = await stuck.enqueue('held', {}, { singletonKey: 'next' });
    await until(() => started);
    let doneBy = '';
    await healthy.work('held', async () => {
      doneBy = 'healthy';
    });
    expect(await healthy.abandon('held', 'not-a-job')).toBe(false);
    expect(await healthy.abandon('held', id!)).toBe(true);
    expect(await healthy.settled('held', id!, 30_000)).toBe('completed');
    expect(doneBy).toBe('healthy');
    expect(await healthy.abandon('held', id!)).toBe(false);
  });

  it('runs a clock once per period whatever the number of instances', async () => {
    const [a, b] = [await queue(), await queue()];
    for (const q of [a, b]) await q.define('hourly-clock', { retryLimit: 1, retryDelayMs: RETRY_DELAY });
    let runs = 0;
    for (const q of [a, b])
      await q.work('hourly-clock', async () => {
        runs++;
      });
    const ids = await Promise.all([a.schedule('hourly-clock', 'hour'), b.schedule('hourly-clock', 'hour'), a.schedule('hourly-clock', 'hour')]);
    const enqueued = ids.filter((id) => id !== null);
    expect(enqueued).toHaveLength(1);
    expect(await a.settled('hourly-clock', enqueued[0]!, 30_000)).toBe('completed');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(runs).toBe(1);
    expect(await db.selectFrom('job_clocks').select('period').where('name', '=', 'hourly-clock').execute()).toHaveLength(1);
  });

  it('drains on stop: the running job finishes before stop resolves, and no new one starts', async () => {
    const q = await queue();
    await q.define('drain', { retryLimit: 0, retryDelayMs: RETRY_DELAY });
    let started = 0;
    let finished = 0;
    await q.work('drain', async () => {
      started++;
      await new Promise((resolve) => setTimeout(resolve, 400));
      finished++;
    });
    await q.enqueue('drain', {});
    await until(() => started === 1);
    await q.enqueue('drain', {});
    await q.stop({ drain: true, timeoutMs: 10_000 });
    expect(finished).toBe(started);
    expect(started).toBe(1);
  });
});
