import { randomUUID } from 'node:crypto';
import type { Db, DbTransaction } from '../../db/client.ts';
import type { Log } from '../../lib/log.ts';
import {
  ABANDONED,
  backoffMs,
  type ClockPeriod,
  type EnqueueOptions,
  errorText,
  type JobHandler,
  type JobListing,
  type JobPayload,
  type JobQueue,
  periodKey,
  type QueueFigures,
  type QueueSettings,
  tickClock,
} from './job-queue.ts';
import {
  claimClockPeriod,
  claimJob,
  finishRun,
  insertJob,
  inTransaction,
  jobCounts,
  jobState,
  jobsInState,
  pruneFinishedJobs,
  renewLease,
  retryFailedJob,
  runningJob,
} from './jobs.queries.ts';

type Options = { leaseMs: number; pollMs: number; log: Log /** The clock jobs are timed by (tests move it). */; now?: () => number };

const DEFAULTS: QueueSettings = { retryLimit: 5, retryDelayMs: 2000 };

/**
 * The queue over the `jobs` table of the SQLite file (migration 036). Each instance is a `holder` (a random id):
 * it claims a due job in one UPDATE (claimJob), keeps its lease alive while the handler runs (a third of the lease),
 * and ends the run only while it still holds it, so a job taken again after a lost lease is never finished twice by two
 * holders. Idle workers look every `pollMs`; a job enqueued here wakes this instance's worker at once.
 */
export function createSqliteQueue(db: Db, options: Options): JobQueue {
  const clock = options.now ?? Date.now;
  const holder = randomUUID();
  const settings = new Map<string, QueueSettings>();
  const workers = new Map<string, { poll: () => void }>();
  const running = new Set<Promise<void>>();
  const heartbeats = new Set<NodeJS.Timeout>();
  const timers: NodeJS.Timeout[] = [];
  let stopping = false;
  let lastPrune = 0;

  const settingsOf = (name: string) => settings.get(name) ?? DEFAULTS;

  const insertInto = (executor: Db | DbTransaction, name: string, payload: JobPayload, enqueueOptions: EnqueueOptions) => {
    const s = settingsOf(name);
    return insertJob(
      executor,
      {
        name,
        payload: JSON.stringify(payload),
        singletonKey: enqueueOptions.singletonKey ?? null,
        retryLimit: enqueueOptions.retryLimit ?? s.retryLimit,
        retryDelayMs: s.retryDelayMs,
        runAfter: enqueueOptions.startAfter ?? clock(),
      },
      clock(),
    );
  };

  async function runOne(name: string, handler: JobHandler<any>, job: NonNullable<Awaited<ReturnType<typeof claimJob>>>): Promise<void> {
    const leaseMs = settingsOf(name).leaseMs ?? options.leaseMs;
    // A run beyond the retries (its holders kept dying, each time after the lease) is not tried again.
    if (job.attempts > job.retry_limit + 1) {
      await finishRun(db, job.id, holder, { state: 'failed', error: 'lease expired on every attempt' }, clock());
      return;
    }
    const heartbeat = setInterval(() => void renewLease(db, job.id, holder, clock() + leaseMs).catch(() => undefined), Math.max(50, leaseMs / 3));
    heartbeat.unref();
    heartbeats.add(heartbeat);
    try {
      await handler({ id: String(job.id), name, payload: JSON.parse(job.payload), attempt: job.attempts });
      clearInterval(heartbeat);
      heartbeats.delete(heartbeat);
      if (!(await finishRun(db, job.id, holder, { state: 'completed', error: null }, clock())))
        options.log.warn({ event: 'job_lease_lost', queue: name, jobId: job.id }, 'a job finished after its lease was lost');
    } catch (error) {
      clearInterval(heartbeat);
      heartbeats.delete(heartbeat);
      const last = job.attempts > job.retry_limit;
      options.log.warn({ event: 'job_failed', queue: name, jobId: job.id, attempt: job.attempts, final: last, err: error }, 'job failed');
      await finishRun(
        db,
        job.id,
        holder,
        last
          ? { state: 'failed', error: errorText(error) }
          : { state: 'ready', error: errorText(error), runAfter: clock() + backoffMs(job.retry_delay_ms, job.attempts) },
        clock(),
      );
    }
  }

  return {
    kind: 'sqlite',

    async define(name, queueSettings) {
      settings.set(name, queueSettings);
    },

    async enqueue(name, payload, enqueueOptions = {}) {
      const id = await insertInto(db, name, payload, enqueueOptions);
      if (id !== null) workers.get(name)?.poll();
      return id === null ? null : String(id);
    },

    async enqueueWithin(trx, name, payload, enqueueOptions = {}) {
      const id = await insertInto(trx, name, payload, enqueueOptions);
      // The worker's claim waits for the file's one writer, so it finds the job once the transaction commits.
      if (id !== null) workers.get(name)?.poll();
      return id === null ? null : String(id);
    },

    async work(name, handler, { concurrency = 1 } = {}) {
      let inFlight = 0;
      let polling = false;
      const leaseMs = settingsOf(name).leaseMs ?? options.leaseMs;
      // One claim loop per queue at a time: it fills the free slots, then returns until a run ends or the next poll.
      const poll = () => {
        if (polling || stopping) return;
        polling = true;
        void (async () => {
          try {
            while (!stopping && inFlight < concurrency) {
              const t = clock();
              const job = await claimJob(db, name, holder, t, t + leaseMs);
              if (!job) break;
              inFlight++;
              const run = runOne(name, handler as JobHandler<any>, job)
                .catch((err) => options.log.error({ err, event: 'job_run_failed', queue: name }, 'job run failed'))
                .finally(() => {
                  inFlight--;
                  running.delete(run);
                  poll();
                });
              running.add(run);
            }
          } catch (err) {
            options.log.error({ err, event: 'job_claim_failed', queue: name }, 'job claim failed');
          } finally {
            polling = false;
          }
        })();
      };
      workers.set(name, { poll });
      const timer = setInterval(poll, options.pollMs);
      timer.unref();
      timers.push(timer);
      poll();
    },

    async schedule(name, every: ClockPeriod) {
      const tick = async (): Promise<string | null> => {
        if (stopping) return null;
        const t = clock();
        const id = await inTransaction(db, async (trx) => {
          if (!(await claimClockPeriod(trx, name, periodKey(every, t), t))) return null;
          return insertJob(
            trx,
            { name, payload: '{}', singletonKey: null, retryLimit: settingsOf(name).retryLimit, retryDelayMs: settingsOf(name).retryDelayMs, runAfter: t },
            t,
          );
        });
        if (id !== null) workers.get(name)?.poll();
        if (t - lastPrune > 3_600_000) {
          lastPrune = t;
          await pruneFinishedJobs(db, t);
        }
        return id === null ? null : String(id);
      };
      return tickClock(name, every, tick, options.log, timers);
    },

    async settled(_name, id, timeoutMs) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const row = await jobState(db, Number(id));
        if (!row) return 'missing';
        if (row.state === 'completed' || row.state === 'failed' || Date.now() >= until) return row.state === 'ready' ? 'waiting' : row.state;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },

    async stats() {
      const figures = new Map<string, QueueFigures>();
      for (const name of settings.keys()) figures.set(name, { name, waiting: 0, active: 0, completed: 0, failed: 0 });
      for (const row of await jobCounts(db)) {
        const f = figures.get(row.name) ?? { name: row.name, waiting: 0, active: 0, completed: 0, failed: 0 };
        f[row.state === 'ready' ? 'waiting' : row.state] += Number(row.count);
        figures.set(row.name, f);
      }
      return [...figures.values()].sort((a, b) => a.name.localeCompare(b.name));
    },

    async list(state, limit) {
      return (await jobsInState(db, state, limit)).map(
        (r): JobListing => ({
          id: String(r.id),
          name: r.name,
          state: r.state === 'ready' ? 'waiting' : r.state,
          attempts: r.attempts,
          payload: JSON.parse(r.payload),
          error: r.last_error,
          createdAt: Number(r.created_at),
          startedAt: r.started_at === null ? null : Number(r.started_at),
        }),
      );
    },

    async retry(name, id) {
      const done = /^\d+$/.test(id) && (await retryFailedJob(db, name, Number(id), clock()));
      if (done) workers.get(name)?.poll();
      return done;
    },

    async abandon(name, id) {
      const job = /^\d+$/.test(id) ? await runningJob(db, name, Number(id)) : undefined;
      if (!job?.holder) return false;
      const failure = { error: ABANDONED };
      const done = await finishRun(
        db,
        job.id,
        job.holder,
        job.attempts > job.retry_limit
          ? { state: 'failed', ...failure }
          : { state: 'ready', ...failure, runAfter: clock() + backoffMs(job.retry_delay_ms, job.attempts) },
        clock(),
      );
      if (done) workers.get(name)?.poll();
      return done;
    },

    async stop({ drain = true, timeoutMs = 30_000 } = {}) {
      stopping = true;
      for (const timer of timers) clearInterval(timer);
      // Without drain the running jobs are abandoned: their leases lapse and another instance takes them again.
      if (!drain) for (const heartbeat of heartbeats) clearInterval(heartbeat);
      if (!drain || running.size === 0) return;
      let timeout: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled([...running]),
        new Promise((resolve) => {
          timeout = setTimeout(resolve, timeoutMs);
        }),
      ]);
      clearTimeout(timeout);
    },
  };
}
