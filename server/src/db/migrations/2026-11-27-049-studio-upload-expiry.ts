import type { Kysely } from 'kysely';

/** The studio's hourly expiry clock looks up unfinished uploads by age (issue 37). */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('studio_uploads_unfinished_idx').on('studio_uploads').columns(['finished_at', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('studio_uploads_unfinished_idx').execute();
}
