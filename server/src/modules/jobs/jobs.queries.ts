import { CompiledQuery, type Kysely, sql, type Transaction } from 'kysely';
import type { Db } from '../../db/client.ts';
import type { Database } from '../../db/schema.ts';

/** The `jobs` table (the SQLite queue) and `job_clocks` (both databases): written here and nowhere else. */

type Executor = Db | Transaction<Database>;

export type NewJob = {
  name: string;
  payload: string;
  singletonKey: string | null;
  retryLimit: number;
  retryDelayMs: number;
  runAfter: number;
};

/** Inserts a waiting job; null when its singleton key is already waiting or running (the partial unique index). */
export async function insertJob(db: Executor, job: NewJob, t: number): Promise<number | null> {
  const row = await db
    .insertInto('jobs')
    .values({
      name: job.name,
      payload: job.payload,
      state: 'ready',
      singleton_key: job.singletonKey,
      attempts: 0,
      retry_limit: job.retryLimit,
      retry_delay_ms: job.retryDelayMs,
      run_after: job.runAfter,
      created_at: t,
    })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/**
 * Takes the oldest due job of a queue for `holder` until `leaseUntil`, in one statement (SQLite runs one writer at a
 * time, so two instances never take the same row): a waiting job whose time has come, or a running one whose holder
 * let its lease run out (it died, or froze). Its attempts are counted here, before it runs.
 */
export async function claimJob(db: Db, name: string, holder: string, t: number, leaseUntil: number) {
  return db
    .updateTable('jobs')
    .set((eb) => ({ state: 'active', holder, lease_until: leaseUntil, attempts: eb('attempts', '+', 1), started_at: t }))
    .where(
      'id',
      '=',
      db
        .selectFrom('jobs')
        .select('id')
        .where('name', '=', name)
        .where((eb) =>
          eb.or([
            // A waiting job, unless a job of its key is running (one waiting and one running per key, as pg-boss's stately).
            eb.and([
              eb('state', '=', 'ready'),
              eb('run_after', '<=', t),
              eb.or([
                eb('singleton_key', 'is', null),
                eb.not(
                  eb.exists(
                    eb
                      .selectFrom('jobs as running')
                      .select('running.id')
                      .whereRef('running.name', '=', 'jobs.name')
                      .whereRef('running.singleton_key', '=', 'jobs.singleton_key')
                      .where('running.state', '=', 'active'),
                  ),
                ),
              ]),
            ]),
            eb.and([eb('state', '=', 'active'), eb('lease_until', '<=', t)]),
          ]),
        )
        .orderBy('run_after')
        .orderBy('id')
        .limit(1),
    )
    .returning(['id', 'name', 'payload', 'attempts', 'retry_limit', 'retry_delay_ms'])
    .executeTakeFirst();
}

/** Extends a running job's lease; false when this holder no longer has it. */
export async function renewLease(db: Db, id: number, holder: string, leaseUntil: number): Promise<boolean> {
  const r = await db
    .updateTable('jobs')
    .set({ lease_until: leaseUntil })
    .where('id', '=', id)
    .where('state', '=', 'active')
    .where('holder', '=', holder)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/**
 * A job going back to waiting takes the place of a waiting job of its queue and key (the same work: at most one
 * waits per key). Run in the same connection just before, so the partial unique index is never crossed.
 */
async function yieldWaitingTwin(db: Db, id: number): Promise<void> {
  const job = await db.selectFrom('jobs').select(['name', 'singleton_key']).where('id', '=', id).executeTakeFirst();
  if (!job?.singleton_key) return;
  await db
    .deleteFrom('jobs')
    .where('name', '=', job.name)
    .where('singleton_key', '=', job.singleton_key)
    .where('state', '=', 'ready')
    .where('id', '!=', id)
    .execute();
}

/** Ends a run: completed, back to waiting (a retry at `runAfter`) or failed. Only the holder's own run ends. */
export async function finishRun(
  db: Db,
  id: number,
  holder: string,
  outcome: { state: 'completed' | 'ready' | 'failed'; error: string | null; runAfter?: number },
  t: number,
): Promise<boolean> {
  if (outcome.state === 'ready') await yieldWaitingTwin(db, id);
  const r = await db
    .updateTable('jobs')
    .set({
      state: outcome.state,
      last_error: outcome.error,
      holder: null,
      lease_until: null,
      ...(outcome.runAfter !== undefined && { run_after: outcome.runAfter }),
      ...(outcome.state !== 'ready' && { finished_at: t }),
    })
    .where('id', '=', id)
    .where('state', '=', 'active')
    .where('holder', '=', holder)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** A running job of a queue, with what ending its run needs. */
export const runningJob = (db: Db, name: string, id: number) =>
  db
    .selectFrom('jobs')
    .select(['id', 'holder', 'attempts', 'retry_limit', 'retry_delay_ms'])
    .where('id', '=', id)
    .where('name', '=', name)
    .where('state', '=', 'active')
    .executeTakeFirst();

export const jobState = (db: Db, id: number) => db.selectFrom('jobs').select(['state', 'name']).where('id', '=', id).executeTakeFirst();

/** Every queue's jobs counted by state. */
export const jobCounts = (db: Db) =>
  db
    .selectFrom('jobs')
    .select(['name', 'state', (eb) => eb.fn.countAll<number>().as('count')])
    .groupBy(['name', 'state'])
    .execute();

export const jobsInState = (db: Db, state: 'active' | 'failed', limit: number) =>
  db
    .selectFrom('jobs')
    .select(['id', 'name', 'state', 'attempts', 'payload', 'last_error', 'created_at', 'started_at'])
    .where('state', '=', state)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();

/** A failed job back to waiting, now, with its attempts counted afresh. */
export async function retryFailedJob(db: Db, name: string, id: number, t: number): Promise<boolean> {
  await yieldWaitingTwin(db, id);
  const r = await db
    .updateTable('jobs')
    .set({ state: 'ready', attempts: 0, run_after: t, finished_at: null })
    .where('id', '=', id)
    .where('name', '=', name)
    .where('state', '=', 'failed')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Completed jobs are kept a week, failed ones a month (for the operator), then deleted; clock periods a month too. */
export async function pruneFinishedJobs(db: Db, t: number): Promise<void> {
  await db
    .deleteFrom('jobs')
    .where('state', '=', 'completed')
    .where('finished_at', '<', t - 7 * 86_400_000)
    .execute();
  await db
    .deleteFrom('jobs')
    .where('state', '=', 'failed')
    .where('finished_at', '<', t - 30 * 86_400_000)
    .execute();
  await db
    .deleteFrom('job_clocks')
    .where('enqueued_at', '<', t - 30 * 86_400_000)
    .execute();
}

/** Takes a clock's period for this instance; false when another instance took it first. */
export async function claimClockPeriod(db: Executor, name: string, period: string, t: number): Promise<boolean> {
  const row = await db
    .insertInto('job_clocks')
    .values({ name, period, enqueued_at: t })
    .onConflict((oc) => oc.columns(['name', 'period']).doNothing())
    .returning('name')
    .executeTakeFirst();
  return row !== undefined;
}

export async function inTransaction<T>(db: Db, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return db.transaction().execute(work);
}

/** pg-boss runs its statements through this when they must join the caller's transaction (a clock's period). */
export const pgBossExecutor = (trx: Kysely<Database>) => ({
  executeSql: async (text: string, values: unknown[]) => ({ rows: (await trx.executeQuery(CompiledQuery.raw(text, values))).rows }),
});

/* pg-boss's own tables (schema `pgboss`, pg-boss 10): read for the operator's lists and figures only. */

const PG_STATES = { created: 'waiting', retry: 'waiting', active: 'active', completed: 'completed', failed: 'failed' } as const;

export async function pgBossCounts(db: Db): Promise<{ name: string; state: string; count: number }[]> {
  const rows = await sql<{ name: string; state: keyof typeof PG_STATES | 'cancelled'; count: number }>`
    SELECT name, state::text AS state, count(*)::int AS count FROM pgboss.job WHERE name NOT LIKE '\\_\\_pgboss%' GROUP BY name, state`.execute(db);
  return rows.rows.filter((r) => r.state !== 'cancelled').map((r) => ({ name: r.name, state: PG_STATES[r.state as keyof typeof PG_STATES], count: r.count }));
}

export async function pgBossJobs(db: Db, state: 'active' | 'failed', limit: number) {
  const rows = await sql<{
    id: string;
    name: string;
    retry_count: number;
    data: unknown;
    output: { message?: string } | null;
    created_on: Date;
    started_on: Date | null;
  }>`SELECT id, name, retry_count, data, output, created_on, started_on FROM pgboss.job
     WHERE state = ${state}::pgboss.job_state AND name NOT LIKE '\\_\\_pgboss%' ORDER BY created_on DESC LIMIT ${limit}`.execute(db);
  return rows.rows;
}

export async function pgBossJobState(db: Db, name: string, id: string): Promise<string | null> {
  const rows = await sql<{ state: string }>`SELECT state::text AS state FROM pgboss.job WHERE name = ${name} AND id = ${id}::uuid`.execute(db);
  return rows.rows[0]?.state ?? null;
}
