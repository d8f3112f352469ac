import type { Kysely } from 'kysely';

/**
 * A published own lesson taken back, deleted or restored (issue 37):
 * - `studio_lessons.unpublished_at`: when an author took a published lesson back from the members (null otherwise);
 *   such a lesson keeps its revisions and goes back live with the same revision when published again.
 * - `studio_lessons.deleted_at`: when an author deleted the lesson; the row, its revisions, its members' watch time
 *   and the audit log stay (history and evidence), nobody sees the lesson again.
 * - `studio_lesson_revisions.restored_from`: the earlier revision a revision brings back (null for a new video).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('studio_lessons').addColumn('unpublished_at', 'bigint').execute();
  await db.schema.alterTable('studio_lessons').addColumn('deleted_at', 'bigint').execute();
  await db.schema.alterTable('studio_lesson_revisions').addColumn('restored_from', 'integer').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('studio_lesson_revisions').dropColumn('restored_from').execute();
  await db.schema.alterTable('studio_lessons').dropColumn('deleted_at').execute();
  await db.schema.alterTable('studio_lessons').dropColumn('unpublished_at').execute();
}
