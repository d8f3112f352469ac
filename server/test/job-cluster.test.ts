import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { SMTPServer } from 'smtp-server';
import { afterAll, expect, it } from 'vitest';
import type { AppContext } from '../src/app-context.ts';
import { defineBackgroundWork } from '../src/background-work.ts';
import { loadConfig } from '../src/config/env.ts';
import { createDb } from '../src/db/client.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { createDomainEvents } from '../src/event-handlers.ts';
import type { Log } from '../src/lib/log.ts';
import { createStorage } from '../src/lib/storage/create-storage.ts';
import { createJobQueue } from '../src/modules/jobs/jobs.ts';
import { enqueueMails } from '../src/modules/mail/outbox.queries.ts';
import { createMailer } from '../src/modules/mail/outbox.ts';
import { ensureGuestAccount } from '../src/modules/users/guest.ts';
import { freshDatabaseUrl } from './harness.ts';

/**
 * The queue across processes (issue 36's done-when): on PostgreSQL two app instances and a worker, each its own
 * process, deliver 1,000 outbox e-mails to a real SMTP server and run 50 CPU-bound jobs; one app instance is killed
 * with SIGKILL mid-run, and its jobs run again once their lease (2 s here) has run out. None is lost, none completes
 * twice (bar a job whose work was done when SIGKILL fell, before the queue recorded it), and the hourly clocks ran
 * once between the three; then SIGTERM drains the worker (its running jobs finish, it exits 0). On SQLite (one file, one instance) the same work with one
 * app process.
 */
const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));
const postgres = process.env.DATABASE_URL?.startsWith('postgres') ?? false;
const MAILS = 1000;
const CPU_JOBS = 50;
const silent = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined } as unknown as Log;

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

type Instance = { child: ChildProcess; pid: number; exited: Promise<number | null> };

function startInstance(role: 'app' | 'worker', env: Record<string, string>): Promise<Instance> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/job-cluster-process.ts'], {
    cwd: SERVER_DIR,
    env: { ...process.env, ...env, ROLE: role },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited;
    }
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const ready = /READY (\d+)/.exec(out);
      if (ready) resolve({ child, pid: Number(ready[1]), exited });
    });
    child.once('exit', (code) => reject(new Error(`the ${role} instance exited with ${code} while starting`)));
  });
}

const until = async (what: string, check: () => Promise<boolean>, timeoutMs: number) => {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

it(`delivers ${MAILS} e-mails and runs ${CPU_JOBS} CPU jobs once each across ${postgres ? 'two app instances and a worker, one killed mid-run' : 'one instance'}`, async () => {
  // A real SMTP server counting what it receives, per recipient.
  const received = new Map<string, number>();
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    onData(stream, session, done) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        for (const to of session.envelope.rcptTo) received.set(to.address, (received.get(to.address) ?? 0) + 1);
        done();
      });
    },
  });
  // The killed instance's pooled connections end abruptly: a reset socket, expected here.
  smtp.on('error', () => undefined);
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise<void>((resolve) => smtp.close(resolve)));
  const smtpPort = (smtp.server.address() as { port: number }).port;

  const database = await freshDatabaseUrl();
  cleanups.push(database.drop);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mm-cluster-'));
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const env = {
    NODE_ENV: 'test',
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    SEED_DEMO: 'never',
    LOG_LEVEL: 'silent',
    // A dead instance's jobs run again 2 s after it last held them (pg-boss's maintenance looks every second).
    JOB_LEASE_SECONDS: '2',
    JOB_POLL_MS: '500',
  };

  // This process only enqueues: the database, the queues and the test's tables first.
  const config = loadConfig({ ...env, RUN_JOBS: 'false' });
  const { db, dialect } = createDb(config.databaseUrl);
  cleanups.push(() => db.destroy());
  await migrateToLatest(db);
  await sql`CREATE TABLE cluster_runs (n integer NOT NULL, pid integer NOT NULL, started_at bigint NOT NULL)`.execute(db);
  await sql`CREATE TABLE cluster_done (n integer NOT NULL, pid integer NOT NULL, digest text NOT NULL)`.execute(db);
  const jobs = await createJobQueue(config, db, silent);
  cleanups.push(() => jobs.stop({ drain: false }));
  const storage = await createStorage(config.storageUrl, config.dataDir);
  const ctx: AppContext = {
    config,
    db,
    dialect,
    mailer: createMailer(db, config, silent, jobs),
    log: silent,
    storage,
    events: createDomainEvents(jobs, config),
    jobs,
  };
  await defineBackgroundWork(ctx);
  await jobs.define('cluster-cpu', { retryLimit: 5, retryDelayMs: 1000 });
  // Instances starting together on an empty database would all create the guest account (its race is not this test's).
  await ensureGuestAccount(ctx);

  // SQLite: one writer at a time per file, and a writer in another process waits with growing sleeps: the work is
  // enqueued before the instance starts. PostgreSQL: while the instances start.
  const enqueue = async () => {
    const t = Date.now();
    const addresses = Array.from({ length: MAILS }, (_, i) => `reader.${i}@cluster.example`);
    await enqueueMails(
      db,
      addresses.map((to) => ({
        to,
        kind: 'cluster-test',
        mail: { subject: 'Shift notes', text: 'See you at the line.', html: '<p>See you at the line.</p>' },
      })),
      'pending',
      t,
    );
    expect(await ctx.mailer.queuePending()).toBe(MAILS);
  };
  const enqueueCpu = async () => {
    for (let n = 0; n < CPU_JOBS; n++) await jobs.enqueue('cluster-cpu', { n });
  };
  if (!postgres) {
    await enqueue();
    await enqueueCpu();
  }
  const [instances] = await Promise.all([
    postgres ? Promise.all([startInstance('app', env), startInstance('app', env), startInstance('worker', env)]) : Promise.all([startInstance('app', env)]),
    postgres ? enqueue() : Promise.resolve(),
  ]);

  // The CPU jobs once every instance is up, so each takes a share and the killed one dies holding some.
  if (postgres) await enqueueCpu();
  const count = async (table: 'cluster_runs' | 'cluster_done') =>
    (await sql<{ c: number }>`SELECT count(*) AS c FROM ${sql.table(table)}`.execute(db)).rows[0]!.c;
  let killed: Instance | null = null;
  let inFlightAtKill = new Set<string>();
  if (postgres) {
    // Mid-run: some work done, much left, and jobs running on every instance.
    await until('work under way', async () => received.size >= 150 && Number(await count('cluster_done')) >= 5, 60_000);
    killed = instances[0]!;
    killed.child.kill('SIGKILL');
    // The e-mails being handed to the SMTP server at that moment: one the server had accepted before the instance
    // could record it is sent again once its lease runs out (at least once; the receiving side sees a repeat).
    inFlightAtKill = new Set(
      (await db.selectFrom('outbox').select('to_address').where('status', '=', 'pending').where('lease_until', '>', Date.now()).execute()).map(
        (m) => m.to_address,
      ),
    );
    await killed.exited;
  }

  await until('every e-mail and job', async () => received.size === MAILS && Number(await count('cluster_done')) >= CPU_JOBS, postgres ? 45_000 : 60_000);
  // A little longer: a duplicate, if any, would arrive now.
  await new Promise((resolve) => setTimeout(resolve, 1500));

  const repeated = [...received.entries()].filter(([, times]) => times !== 1);
  expect(repeated.every(([to, times]) => times === 2 && inFlightAtKill.has(to))).toBe(true);
  expect(repeated.length).toBeLessThanOrEqual(4);
  expect(received.size).toBe(MAILS);
  const statuses = await db
    .selectFrom('outbox')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('status')
    .execute();
  expect(statuses.map((s) => ({ status: s.status, n: Number(s.n) }))).toEqual([{ status: 'sent', n: MAILS }]);

  const done = (await sql<{ n: number; pid: number }>`SELECT n, pid FROM cluster_done`.execute(db)).rows;
  const completions = new Map<number, number>();
  for (const d of done) completions.set(d.n, (completions.get(d.n) ?? 0) + 1);
  expect(completions.size).toBe(CPU_JOBS);
  // A job started twice was first started by the killed instance (its lease ran out), never by a live one.
  const runs = (await sql<{ n: number; pid: number }>`SELECT n, pid FROM cluster_runs ORDER BY started_at`.execute(db)).rows;
  const startsOf = new Map<number, number[]>();
  for (const r of runs) startsOf.set(r.n, [...(startsOf.get(r.n) ?? []), r.pid]);
  const restarted = [...startsOf.entries()].filter(([, pids]) => pids.length > 1);
  for (const [, pids] of restarted) expect(pids.slice(0, -1).every((pid) => pid === killed?.pid)).toBe(true);
  if (postgres) {
    // Work was shared, and the killed instance's unfinished work was taken over.
    expect(new Set(done.map((d) => d.pid)).size).toBeGreaterThanOrEqual(2);
  }

  // The hourly clocks: one run in this hour between all the instances.
  const clockRuns = await db.selectFrom('job_clocks').select(['name', 'period']).where('name', '=', 'billing-clock').execute();
  expect(clockRuns).toHaveLength(1);
  const figures = (await jobs.stats()).find((f) => f.name === 'billing-clock');
  expect(figures).toMatchObject({ waiting: 0, active: 0, failed: 0 });
  expect(figures!.completed).toBe(1);
  const cpu = (await jobs.stats()).find((f) => f.name === 'cluster-cpu');
  expect(cpu).toMatchObject({ waiting: 0, active: 0, failed: 0, completed: CPU_JOBS });

  if (postgres) {
    // SIGTERM drains the worker: the jobs it is running finish, it takes no new one, and it exits 0; the rest are
    // done by the live app instance.
    const worker = instances[2]!;
    await jobs.define('cluster-slow', { retryLimit: 0, retryDelayMs: 1000 });
    const SLOW = Array.from({ length: 6 }, (_, i) => 1000 + i);
    for (const n of SLOW) await jobs.enqueue('cluster-slow', { n });
    const slowOf = async (table: 'cluster_runs' | 'cluster_done', pid?: number) =>
      (await sql<{ n: number; pid: number }>`SELECT n, pid FROM ${sql.table(table)} WHERE n >= 1000`.execute(db)).rows
        .filter((r) => pid === undefined || r.pid === pid)
        .map((r) => r.n)
        .sort();
    await until('a slow job running on the worker', async () => (await slowOf('cluster_runs', worker.pid)).length > 0, 20_000);
    worker.child.kill('SIGTERM');
    expect(await worker.exited).toBe(0);
    const startedOnWorker = await slowOf('cluster_runs', worker.pid);
    expect(await slowOf('cluster_done', worker.pid)).toEqual(startedOnWorker);
    await until('every slow job', async () => (await slowOf('cluster_done')).length === SLOW.length, 30_000);
    expect(await slowOf('cluster_done')).toEqual(SLOW);
    expect(await slowOf('cluster_runs')).toEqual(SLOW);
  }

  for (const instance of instances) if (instance !== killed) instance.child.kill('SIGTERM');
  expect(await Promise.all(instances.filter((i) => i !== killed).map((i) => i.exited))).toEqual(instances.filter((i) => i !== killed).map(() => 0));
  await killed?.exited;
}, 300_000);
