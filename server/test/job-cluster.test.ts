import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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
import { importCatalog } from '../src/modules/catalog-import/import-catalog.ts';
import { createJobQueue } from '../src/modules/jobs/jobs.ts';
import { enqueueMails } from '../src/modules/mail/outbox.queries.ts';
import { createMailer } from '../src/modules/mail/outbox.ts';
import { wakeRenditions } from '../src/modules/renditions/index.ts';
import { ensureGuestAccount } from '../src/modules/users/guest.ts';
import { freePort } from './free-port.ts';
import { freshDatabaseUrl } from './harness.ts';

/**
 * The queue across processes (issue 36's done-when), on the real entry points: on PostgreSQL two app instances
 * (`src/main.ts`) and a worker (`src/worker.ts`) deliver 1,000 outbox e-mails to a real SMTP server and prepare the
 * renditions of 50 lessons with ffmpeg. The app instance that is transcoding is killed with SIGKILL (with its ffmpeg,
 * as when a machine dies); its e-mails run again once their lease (2 s here) has run out and its lesson is taken up
 * once its preparation counts as stopped. None is lost, each lesson is prepared once, an e-mail repeats only if it was
 * in the SMTP server's hands at the kill, the hourly clocks ran once between the three; then SIGTERM drains the last
 * app instance and the worker mid-transcode (the transcode finishes, nothing new is taken, exit 0). On SQLite (one file,
 * one instance) the same work with one `src/main.ts`.
 */
const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));
const postgres = process.env.DATABASE_URL?.startsWith('postgres') ?? false;
const MAILS = 1000;
const LESSONS = 50;
const silent = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined } as unknown as Log;

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

type Instance = { role: 'app' | 'worker'; pid: number; exited: Promise<number | null>; log: () => string; child: ChildProcess };

/** Starts an entry point in its own process group (its ffmpeg children die with it on a SIGKILL of the group). */
async function startInstance(role: 'app' | 'worker', env: Record<string, string>): Promise<Instance> {
  const port = String(await freePort());
  const entry = role === 'app' ? 'src/main.ts' : 'src/worker.ts';
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: SERVER_DIR,
    env: { ...process.env, ...env, HOST: '127.0.0.1', PORT: port },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      process.kill(-child.pid!, 'SIGKILL');
      await exited;
    }
  });
  const ready = role === 'app' ? 'Manufacturing Masters is running at' : 'Manufacturing Masters worker is running';
  await until(
    `the ${role} instance to start`,
    async () => {
      if (child.exitCode !== null) throw new Error(`the ${role} instance exited with ${child.exitCode} while starting`);
      return out.includes(ready);
    },
    60_000,
  );
  return { role, pid: child.pid!, exited, log: () => out, child };
}

async function until(what: string, check: () => Promise<boolean>, timeoutMs: number, state: () => Promise<string> = async () => ''): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what} ${await state()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Whether ffmpeg is running as a child of this process now. */
function transcoding(pid: number): boolean {
  try {
    return execFileSync('pgrep', ['-P', String(pid), '-x', 'ffmpeg'], { encoding: 'utf8' }).trim() !== '';
  } catch {
    return false;
  }
}

/** The JSON log lines of an event, from every instance's standard output. */
function logged(instances: Instance[], event: string): Record<string, unknown>[] {
  return instances.flatMap((i) =>
    i
      .log()
      .split('\n')
      .filter((line) => line.includes(`"event":"${event}"`))
      .map((line) => JSON.parse(line) as Record<string, unknown>),
  );
}

/** `count` distinct one-second clips (one encode, then each remuxed with its own tag, so each has its own content hash) and a catalog of them. */
function lessonsCatalog(dir: string, keyPrefix: string, count: number, seconds: number): string {
  const ffmpeg = (...args: string[]) => execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args]);
  const base = path.join(dir, `${keyPrefix}-base.mp4`);
  ffmpeg(
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=160x120:rate=15',
    '-t',
    String(seconds),
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-an',
    base,
  );
  const videos = Array.from({ length: count }, (_, i) => {
    const media = `${keyPrefix}-${i}.mp4`;
    ffmpeg('-i', base, '-c', 'copy', '-metadata', `comment=${keyPrefix} ${i}`, path.join(dir, media));
    return {
      key: `${keyPrefix}-${i}`,
      title: `Lesson ${keyPrefix} ${i}`,
      description: 'A lesson.',
      media,
      publish_time: Date.parse('2026-01-01T00:00:00Z'),
      in_test: 1,
      in_production: 1,
    };
  });
  const file = path.join(dir, `${keyPrefix}.json`);
  const catalog = {
    experts: [],
    categories: [
      { key: `${keyPrefix}-topic`, name: `Topic ${keyPrefix}`, sort: 1, sub_categories: [{ key: `${keyPrefix}-basics`, name: 'Basics', sort: 1, videos }] },
    ],
  };
  fs.writeFileSync(file, JSON.stringify(catalog));
  return file;
}

it(`delivers ${MAILS} e-mails and prepares ${LESSONS} lessons once each across ${postgres ? 'two app instances and a worker, one killed mid-transcode' : 'one instance'}`, async () => {
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
  const sourcesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mm-cluster-sources-'));
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  cleanups.push(() => fs.rmSync(sourcesDir, { recursive: true, force: true }));
  const env = {
    NODE_ENV: 'test',
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    SEED_DEMO: 'never',
    LOG_LEVEL: 'info',
    // A dead instance's e-mails are sent again 2 s after it last held them (pg-boss's maintenance looks every second).
    JOB_LEASE_SECONDS: '2',
    JOB_POLL_MS: '500',
  };

  // This process only writes work: the database, the queues, the lessons (their renditions left to prepare), the e-mails.
  const config = loadConfig({ ...env, RUN_JOBS: 'false' });
  const { db, dialect } = createDb(config.databaseUrl);
  cleanups.push(() => db.destroy());
  await migrateToLatest(db);
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
  // Instances starting together on an empty database would all create the guest account (its race is not this test's).
  await ensureGuestAccount(ctx);
  await importCatalog(ctx, lessonsCatalog(sourcesDir, 'press', LESSONS, 1), undefined, { renditions: 'later' });
  const addresses = Array.from({ length: MAILS }, (_, i) => `reader.${i}@cluster.example`);
  await enqueueMails(
    db,
    addresses.map((to) => ({ to, kind: 'cluster-test', mail: { subject: 'Shift notes', text: 'See you at the line.', html: '<p>See you at the line.</p>' } })),
    'pending',
    Date.now(),
  );
  expect(await ctx.mailer.queuePending()).toBe(MAILS);

  const preparations = async () =>
    (await db.selectFrom('media_preparations').select(['media_asset_id', 'state']).execute()).map((p) => ({ id: Number(p.media_asset_id), state: p.state }));
  const ready = async () => (await preparations()).filter((p) => p.state === 'ready').length;
  expect(await ready()).toBe(0);

  const instances = postgres
    ? await Promise.all([startInstance('app', env), startInstance('app', env), startInstance('worker', env)])
    : [await startInstance('app', env)];

  let killed: Instance | null = null;
  let inFlightAtKill = new Set<string>();
  if (postgres) {
    // Mid-run: some work done, much left, and an app instance transcoding: that one dies, with its ffmpeg.
    await until('work under way', async () => received.size >= 150 && (await ready()) >= 5, 90_000);
    await until(
      'an app instance transcoding',
      async () => {
        killed = instances.find((i) => i.role === 'app' && transcoding(i.pid)) ?? null;
        return killed !== null;
      },
      60_000,
    );
    process.kill(-killed!.pid, 'SIGKILL');
    // The e-mails being handed to the SMTP server at that moment: one the server had accepted before the instance
    // could record it is sent again once its lease runs out (at least once; the receiving side sees a repeat).
    inFlightAtKill = new Set(
      (await db.selectFrom('outbox').select('to_address').where('status', '=', 'pending').where('lease_until', '>', Date.now()).execute()).map(
        (m) => m.to_address as string,
      ),
    );
    await killed!.exited;
  }

  // The killed instance's lesson is taken up a minute after it last moved (renditions/next-rendition.ts).
  await until(
    'every e-mail and lesson',
    async () => received.size === MAILS && (await ready()) === LESSONS,
    300_000,
    async () => `(e-mails received: ${received.size}, lessons: ${(await preparations()).map((p) => p.state).join(' ')})`,
  );
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

  // Each lesson prepared once: one "prepared" line per asset across every instance's log, none failed, and each
  // master playlist in the store.
  const prepared = logged(instances, 'rendition_prepared').map((line) => Number(line.assetId));
  expect(prepared.sort((a, b) => a - b)).toEqual((await preparations()).map((p) => p.id).sort((a, b) => a - b));
  expect(logged(instances, 'rendition_failed')).toEqual([]);
  const hashes = await db.selectFrom('media_assets').select('content_hash').execute();
  for (const { content_hash } of hashes) expect(fs.existsSync(path.join(dataDir, 'media', content_hash, 'master.m3u8'))).toBe(true);
  if (postgres) {
    // Work was shared, and the killed instance's lesson was released and taken up by another.
    expect(new Set(instances.filter((i) => logged([i], 'rendition_prepared').length > 0)).size).toBeGreaterThanOrEqual(2);
    expect(logged(instances, 'renditions_released')).toEqual([expect.objectContaining({ count: 1 })]);
  }

  // The hourly clocks: one run in this hour between all the instances.
  const clockRuns = await db.selectFrom('job_clocks').select(['name', 'period']).where('name', '=', 'billing-clock').execute();
  expect(clockRuns).toHaveLength(1);
  const figures = (await jobs.stats()).find((f) => f.name === 'billing-clock');
  expect(figures).toMatchObject({ waiting: 0, active: 0, failed: 0, completed: 1 });

  const alive = instances.filter((i) => i !== killed);
  if (postgres) {
    // SIGTERM drains: the last app instance first, then the worker while it transcodes: that lesson is finished,
    // no other is taken, and both exit 0.
    const app = alive.find((i) => i.role === 'app')!;
    const worker = alive.find((i) => i.role === 'worker')!;
    process.kill(app.pid, 'SIGTERM');
    expect(await app.exited).toBe(0);
    await importCatalog(ctx, lessonsCatalog(sourcesDir, 'weld', 3, 8), undefined, { renditions: 'later' });
    await wakeRenditions(ctx);
    await until('the worker transcoding', async () => transcoding(worker.pid), 60_000);
    process.kill(worker.pid, 'SIGTERM');
    expect(await worker.exited).toBe(0);
    const states = (await preparations()).map((p) => p.state);
    expect(states.filter((s) => s === 'ready')).toHaveLength(LESSONS + 1);
    expect(states.filter((s) => s === 'pending')).toHaveLength(2);
  } else {
    for (const instance of alive) process.kill(instance.pid, 'SIGTERM');
    expect(await Promise.all(alive.map((i) => i.exited))).toEqual(alive.map(() => 0));
  }
}, 420_000);
