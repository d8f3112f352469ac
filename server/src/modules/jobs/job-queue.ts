import type { DbTransaction } from '../../db/client.ts';
import { isoWeek } from '../../lib/clock.ts';
import type { Log } from '../../lib/log.ts';

/**
 * One job queue for all background work (issue 36): e-mail delivery, the billing and qualification clocks, the weekly
 * evidence-head mail, write-receipt pruning, and (at merge) the preparation of a lesson's renditions:
 * `ctx.jobs.enqueue('prepare-renditions', { videoId })` once a worker declares it with `define` and `work`.
 *
 * Two implementations of this one interface: pg-boss on PostgreSQL (its own schema in the same database) and a table
 * in the same file on the embedded SQLite default (sqlite-queue.ts). Both promise the same things:
 * - at least once: a job runs until its handler resolves; a handler that throws is retried with exponential backoff
 *   (retryDelayMs, then twice that, ...) up to retryLimit retries, then the job is 'failed' (the dead-letter state,
 *   listed for an operator, who may retry it);
 * - never twice at once: a job is claimed atomically by one instance and leased to it; a job whose instance died is
 *   taken again once its lease expires (JOB_LEASE_SECONDS), so a handler must tolerate a run cut short;
 * - singletonKey, on a queue defined `keyed` (every job of it carries a key): at most one waiting job per key, and
 *   one running (pg-boss's stately policy): a running job may enqueue its successor; enqueue answers null for a duplicate;
 * - clocks (`schedule`): one run per period (hour, week) whatever the number of instances (job_clocks table).
 */

export type JobPayload = Record<string, unknown>;

export type EnqueueOptions = {
  /** On a keyed queue: at most one waiting job of this queue with this key (see above). */
  singletonKey?: string;
  /** Not before this moment (epoch ms). */
  startAfter?: number;
  /** Retries after the first run (the queue's default otherwise). */
  retryLimit?: number;
};

/** A queue's settings: its retries, the first retry's delay (doubled each time) and the lease of a running job. */
export type QueueSettings = { retryLimit: number; retryDelayMs: number; leaseMs?: number /** Every job carries a singletonKey. */; keyed?: boolean };

export type RunningJob<P> = { id: string; name: string; payload: P /** 1 on the first run. */; attempt: number };
export type JobHandler<P = JobPayload> = (job: RunningJob<P>) => Promise<void>;

/** The clocks' periods; a period's key names it (an hour's number, an ISO week). */
export type ClockPeriod = 'minute' | 'hour' | 'week';

/** One queue's figures for the operator and /metrics. */
export type QueueFigures = { name: string; waiting: number; active: number; completed: number; failed: number };

/** A job as the operator sees it. */
export type JobListing = {
  id: string;
  name: string;
  state: 'waiting' | 'active' | 'completed' | 'failed';
  attempts: number;
  payload: unknown;
  error: string | null;
  createdAt: number;
  startedAt: number | null;
};

export interface JobQueue {
  readonly kind: 'sqlite' | 'pg-boss';
  /** Declares a queue (creates it on pg-boss); every queue is declared before it is used, by every instance. */
  define(name: string, settings: QueueSettings): Promise<void>;
  /** Adds a job; answers its id, or null when its singletonKey is already waiting or running. */
  enqueue(name: string, payload: JobPayload, options?: EnqueueOptions): Promise<string | null>;
  /**
   * Adds a job inside the caller's transaction: it exists only if the transaction commits, and no worker sees it
   * before (a delivery written with the fact it announces, then delivered after the commit). Answers like enqueue.
   */
  enqueueWithin(trx: DbTransaction, name: string, payload: JobPayload, options?: EnqueueOptions): Promise<string | null>;
  /** Runs the queue's jobs in this instance, at most `concurrency` at a time. */
  work<P = JobPayload>(name: string, handler: JobHandler<P>, options?: { concurrency?: number }): Promise<void>;
  /**
   * Enqueues `name` once per period, from every instance that calls it: the first instance to reach a period enqueues
   * its job, the others find the period taken. Answers the job id this instance enqueued now (the current period), if any.
   */
  schedule(name: string, every: ClockPeriod): Promise<string | null>;
  /** Resolves when the job is finished (completed or failed) or the wait is over; answers its state then. */
  settled(name: string, id: string, timeoutMs: number): Promise<JobListing['state'] | 'missing'>;
  stats(): Promise<QueueFigures[]>;
  /** The latest jobs in a state (running or failed), newest first. */
  list(state: 'active' | 'failed', limit: number): Promise<JobListing[]>;
  /** Sends a failed job back to waiting, its attempts counted afresh; false when no failed job has this id. */
  retry(name: string, id: string): Promise<boolean>;
  /**
   * Fails a running job whose instance is known to have stopped (its work shows no sign of life), as if its handler
   * had thrown: retried if it has retries left. Its key is free at once rather than when its long lease runs out.
   * False when no running job has this id.
   */
  abandon(name: string, id: string): Promise<boolean>;
  /** Stops taking jobs; with drain, waits for the running ones (at most timeoutMs) before it resolves. */
  stop(options?: { drain?: boolean; timeoutMs?: number }): Promise<void>;
}

/** The key of the period `t` falls in: hours and minutes by their number since 1970, weeks as ISO weeks (Monday). */
export function periodKey(every: ClockPeriod, t: number): string {
  if (every === 'minute') return `m${Math.floor(t / 60_000)}`;
  if (every === 'hour') return `h${Math.floor(t / 3_600_000)}`;
  return isoWeek(t);
}

/** How often an instance looks at a clock: often enough to start each period within a minute of its start. */
const clockTickMs = (every: ClockPeriod): number => (every === 'minute' ? 10_000 : 60_000);

/** Looks at a clock now and then every tick (a failed look is logged; the next one tries again); answers the first look. */
export function tickClock<T>(name: string, every: ClockPeriod, tick: () => Promise<T>, log: Log, timers: NodeJS.Timeout[]): Promise<T> {
  const timer = setInterval(() => void tick().catch((err) => log.error({ err, event: 'job_clock_failed', queue: name }, 'clock failed')), clockTickMs(every));
  timer.unref();
  timers.push(timer);
  return tick();
}

/** The delay before retry `n` (1 for the first retry): the queue's delay doubled each time, at most an hour. */
export const backoffMs = (retryDelayMs: number, retry: number): number => Math.min(3_600_000, retryDelayMs * 2 ** (retry - 1));

/** A job's error as stored: its message, never more than 2,000 characters. */
/** Why a run was given up by another instance (`abandon`). */
export const ABANDONED = 'its instance stopped: the work showed no sign of life';

export const errorText = (error: unknown): string => String((error as Error)?.message ?? error).slice(0, 2000);
