import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * One job queue for all background work (issue 36). On PostgreSQL pg-boss keeps its own schema (`pgboss`) in the
 * same database; on the embedded SQLite default the queue is the `jobs` table below (modules/jobs/sqlite-queue.ts).
 * The table is created on both so the schema is the same everywhere; on PostgreSQL it stays empty.
 * - state: 'ready' (waiting for run_after), 'active' (held by `holder` until `lease_until`), 'completed', 'failed'
 *   (the dead-letter state: retries used up; an operator may send it back to 'ready').
 * - singleton_key: at most one waiting or running job per queue and key (the partial unique index).
 * `job_clocks` records which instance enqueued each period of a clock (hourly, weekly...): one run per period
 * whatever the number of instances, on both databases.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('jobs')
    // SQLite's integer primary key numbers rows itself; PostgreSQL needs an identity.
    .addColumn('id', 'integer', (c) => (db.getExecutor().adapter instanceof PostgresAdapter ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey()))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('singleton_key', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('retry_limit', 'integer', (c) => c.notNull())
    .addColumn('retry_delay_ms', 'integer', (c) => c.notNull())
    .addColumn('run_after', 'bigint', (c) => c.notNull())
    .addColumn('holder', 'text')
    .addColumn('lease_until', 'bigint')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('started_at', 'bigint')
    .addColumn('finished_at', 'bigint')
    .execute();
  // The claim's lookup: the oldest due job of a queue.
  await db.schema.createIndex('jobs_claim_idx').on('jobs').columns(['name', 'state', 'run_after']).execute();
  await db.schema
    .createIndex('jobs_singleton_idx')
    .on('jobs')
    .columns(['name', 'singleton_key'])
    .unique()
    .where(sql.ref('singleton_key'), 'is not', null)
    .where(sql<boolean>`state IN ('ready', 'active')`)
    .execute();
  await db.schema
    .createTable('job_clocks')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('enqueued_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('job_clocks_pk', ['name', 'period'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('job_clocks').execute();
  await db.schema.dropTable('jobs').execute();
}
