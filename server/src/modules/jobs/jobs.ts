import type { Config } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import type { Log } from '../../lib/log.ts';
import type { JobQueue } from './job-queue.ts';
import { createPgBossQueue } from './pg-boss-queue.ts';
import { createSqliteQueue } from './sqlite-queue.ts';

/** The platform's queue for its database: pg-boss on PostgreSQL, the `jobs` table on SQLite. */
export async function createJobQueue(config: Config, db: Db, log: Log): Promise<JobQueue> {
  const { leaseMs, pollMs, run } = config.jobs;
  return config.dialect === 'postgres'
    ? createPgBossQueue(db, { databaseUrl: config.databaseUrl, leaseMs, pollMs, run, log })
    : createSqliteQueue(db, { leaseMs, pollMs, log });
}
