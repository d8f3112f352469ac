import type { Kysely } from 'kysely';
import { notNull, withId } from '../dialect.ts';

/**
 * The captions of a lesson's narrated version (issue 40), written by studio: one row per cue of the version of
 * (`lesson_id`, `lang`), timed to that version's video (not to the lesson's own, whose tracks' cues stay in
 * studio_lesson_cues), with its normalized words (`search_text`) for the search and its `origin`: 'machine' (the
 * words Apertium drafted, as they came) or 'author' (written or changed by an author).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('studio_version_cues'))
    .addColumn('lesson_id', 'integer', (c) => c.notNull().references('studio_lessons.id').onDelete('cascade'))
    .addColumn('lang', 'varchar(35)', notNull)
    .addColumn('start_ms', 'integer', notNull)
    .addColumn('end_ms', 'integer', notNull)
    .addColumn('text', 'text', notNull)
    .addColumn('search_text', 'text', notNull)
    .addColumn('origin', 'varchar(16)', notNull)
    .execute();
  await db.schema.createIndex('studio_version_cues_version_idx').on('studio_version_cues').columns(['lesson_id', 'lang']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('studio_version_cues').execute();
}
