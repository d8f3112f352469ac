import { type Kysely, sql } from 'kysely';

/**
 * A keyed queue on the embedded SQLite queue keeps one waiting job per key, as pg-boss's `stately` policy does, instead
 * of one waiting or running: a running job may enqueue its own successor (the renditions' chain stopped after one
 * lesson on SQLite). Two jobs of one key never run at once: the claim skips a key that is running (jobs.queries.ts).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('jobs_singleton_idx').execute();
  await db.schema
    .createIndex('jobs_singleton_waiting_idx')
    .on('jobs')
    .columns(['name', 'singleton_key'])
    .unique()
    .where(sql.ref('singleton_key'), 'is not', null)
    .where(sql<boolean>`state = 'ready'`)
    .execute();
  // The claim's look for a running job of the same key.
  await db.schema.createIndex('jobs_running_key_idx').on('jobs').columns(['name', 'singleton_key', 'state']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('jobs_running_key_idx').execute();
  await db.schema.dropIndex('jobs_singleton_waiting_idx').execute();
  await db.schema
    .createIndex('jobs_singleton_idx')
    .on('jobs')
    .columns(['name', 'singleton_key'])
    .unique()
    .where(sql.ref('singleton_key'), 'is not', null)
    .where(sql<boolean>`state IN ('ready', 'active')`)
    .execute();
}
