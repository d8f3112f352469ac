import PgBoss from 'pg-boss';
import type { Db } from '../../db/client.ts';
import type { Log } from '../../lib/log.ts';
import {
  ABANDONED,
  type ClockPeriod,
  type EnqueueOptions,
  type JobListing,
  type JobQueue,
  periodKey,
  type QueueFigures,
  type QueueSettings,
  tickClock,
} from './job-queue.ts';
import { claimClockPeriod, inTransaction, pgBossCounts, pgBossExecutor, pgBossJobState, pgBossJobs } from './jobs.queries.ts';

type Options = {
  databaseUrl: string;
  leaseMs: number;
  pollMs: number;
  /** Whether this instance works jobs: only then does it run pg-boss's maintenance (expiring dead holders' jobs). */
  run: boolean;
  log: Log;
};

const STATES: Record<string, JobListing['state']> = { created: 'waiting', retry: 'waiting', active: 'active', completed: 'completed', failed: 'failed' };

/**
 * The queue on PostgreSQL: pg-boss 10 (schema `pgboss` in the same database; it creates and migrates it at start).
 * A job is fetched with SELECT ... FOR UPDATE SKIP LOCKED (one instance each); a running job past its lease
 * (`expireInSeconds`) is failed by pg-boss's maintenance, run by one instance at a time, and retried like any failure.
 * pg-boss has no heartbeat: a queue whose jobs may run long declares a lease longer than its longest run.
 */
export async function createPgBossQueue(db: Db, options: Options): Promise<JobQueue> {
  const leaseSeconds = (s: QueueSettings) => Math.max(1, Math.round((s.leaseMs ?? options.leaseMs) / 1000));
  const boss = new PgBoss({
    connectionString: options.databaseUrl,
    schema: 'pgboss',
    max: 4,
    application_name: 'mm-jobs',
    // Only working instances look after expiry and retention; serving-only ones just enqueue.
    supervise: options.run,
    schedule: false,
    maintenanceIntervalSeconds: Math.max(1, Math.min(60, Math.round(options.leaseMs / 2000))),
  });
  boss.on('error', (err) => options.log.error({ err, event: 'job_queue_error' }, 'job queue error'));
  await boss.start();
  const settings = new Map<string, QueueSettings>();
  const timers: NodeJS.Timeout[] = [];
  let stopping = false;
  const pollingIntervalSeconds = Math.max(0.5, options.pollMs / 1000);

  const send = (name: string, payload: object, opts: PgBoss.SendOptions) => boss.send(name, payload, opts);
  const sendOptions = (enqueueOptions: EnqueueOptions): PgBoss.SendOptions => ({
    ...(enqueueOptions.singletonKey !== undefined && { singletonKey: enqueueOptions.singletonKey }),
    ...(enqueueOptions.startAfter !== undefined && { startAfter: new Date(enqueueOptions.startAfter) }),
    ...(enqueueOptions.retryLimit !== undefined && { retryLimit: enqueueOptions.retryLimit }),
  });

  return {
    kind: 'pg-boss',

    async define(name, queueSettings) {
      settings.set(name, queueSettings);
      await boss.createQueue(name, {
        name,
        // stately: at most one waiting job per singleton key (for queues whose jobs all carry one: a job without a key
        // counts as the key ''); standard queues do not look at keys.
        policy: queueSettings.keyed ? 'stately' : 'standard',
        retryLimit: queueSettings.retryLimit,
        retryDelay: Math.max(1, Math.round(queueSettings.retryDelayMs / 1000)),
        retryBackoff: true,
        expireInSeconds: leaseSeconds(queueSettings),
      });
    },

    async enqueue(name, payload, enqueueOptions = {}) {
      return send(name, payload, sendOptions(enqueueOptions));
    },

    async enqueueWithin(trx, name, payload, enqueueOptions = {}) {
      return send(name, payload, { ...sendOptions(enqueueOptions), db: pgBossExecutor(trx) });
    },

    async work(name, handler, { concurrency = 1 } = {}) {
      // pg-boss 10 runs one job at a time per worker: `concurrency` workers, each fetching one job.
      for (let i = 0; i < concurrency; i++) {
        let workerId: string | null = null;
        workerId = await boss.work(name, { batchSize: 1, pollingIntervalSeconds, includeMetadata: true }, async ([job]) => {
          if (!job) return;
          try {
            await handler({ id: job.id, name, payload: job.data as any, attempt: job.retryCount + 1 });
          } finally {
            // A worker that found a job looks for the next one at once, not after its polling interval (a backlog
            // of 1,000 e-mails drains at the handlers' pace).
            if (workerId && !stopping) boss.notifyWorker(workerId);
          }
        });
      }
    },

    async schedule(name, every: ClockPeriod) {
      const tick = async (): Promise<string | null> => {
        if (stopping) return null;
        const t = Date.now();
        // The period and its job in one transaction: an instance that dies between them leaves the period free.
        return inTransaction(db, async (trx) => {
          if (!(await claimClockPeriod(trx, name, periodKey(every, t), t))) return null;
          return boss.send(name, {}, { db: pgBossExecutor(trx) });
        });
      };
      return tickClock(name, every, tick, options.log, timers);
    },

    async settled(name, id, timeoutMs) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const state = await pgBossJobState(db, name, id);
        // Completed jobs move to pgboss.archive after a while: gone from pgboss.job means finished long ago.
        if (state === null) return 'missing';
        if (state === 'completed' || state === 'failed' || state === 'cancelled' || Date.now() >= until) return STATES[state] ?? 'failed';
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },

    async stats() {
      const figures = new Map<string, QueueFigures>();
      for (const name of settings.keys()) figures.set(name, { name, waiting: 0, active: 0, completed: 0, failed: 0 });
      for (const row of await pgBossCounts(db)) {
        const f = figures.get(row.name) ?? { name: row.name, waiting: 0, active: 0, completed: 0, failed: 0 };
        f[row.state as keyof Omit<QueueFigures, 'name'>] += row.count;
        figures.set(row.name, f);
      }
      return [...figures.values()].sort((a, b) => a.name.localeCompare(b.name));
    },

    async list(state, limit) {
      return (await pgBossJobs(db, state, limit)).map((r) => ({
        id: r.id,
        name: r.name,
        state,
        attempts: r.retry_count + (state === 'failed' ? 1 : 0),
        payload: r.data,
        error: r.output?.message ?? null,
        createdAt: new Date(r.created_on).getTime(),
        startedAt: r.started_on ? new Date(r.started_on).getTime() : null,
      }));
    },

    async retry(name, id) {
      if (!/^[0-9a-f-]{36}$/i.test(id) || (await pgBossJobState(db, name, id)) !== 'failed') return false;
      await boss.retry(name, id);
      return true;
    },

    async abandon(name, id) {
      if (!/^[0-9a-f-]{36}$/i.test(id) || (await pgBossJobState(db, name, id)) !== 'active') return false;
      await boss.fail(name, id, { message: ABANDONED });
      return true;
    },

    async stop({ drain = true, timeoutMs = 30_000 } = {}) {
      stopping = true;
      for (const timer of timers) clearInterval(timer);
      // graceful + wait: no new fetch, then the running handlers finish (at most timeoutMs) before the pool closes.
      await boss.stop({ graceful: drain, wait: true, timeout: timeoutMs, close: true });
    },
  };
}
