import type { Kysely } from 'kysely';

/**
 * The queue job preparing an asset (issue 36): when the asset's preparation stops moving (its instance died), that job
 * is failed at once, so the renditions queue's one running job per key is free again rather than after its 30-minute lease.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('media_preparations').addColumn('job_id', 'varchar(64)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('media_preparations').dropColumn('job_id').execute();
}
