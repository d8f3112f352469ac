import type { Kysely } from 'kysely';

/**
 * A narrated version of a lesson from a script in another language (issue 40: Spanish, espeak-ng's Spanish voice),
 * written by studio. One row per lesson and language:
 * - the translated script (`title`, `description`, `steps`: a JSON array of strings, one per English step, whose
 *   photos the version shares), `origin` 'machine' (Apertium's draft as it came) or 'author' (saved by an author);
 * - its rendition: `media_state`, `progress`, `error`, the transcoded `media_asset_id`, `duration_seconds`, the
 *   spoken steps' captions file (`captions_hash`) and the MP4 kept as a studio upload (`upload_id`, counted against
 *   the organization's storage quota);
 * - `source_asset_id`: the English video it was rendered beside; another English video makes it out of date.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('studio_lesson_versions')
    .addColumn('lesson_id', 'integer', (c) => c.notNull().references('studio_lessons.id'))
    .addColumn('lang', 'varchar(35)', (c) => c.notNull())
    .addColumn('title', 'varchar(300)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('steps', 'text', (c) => c.notNull())
    .addColumn('origin', 'varchar(16)', (c) => c.notNull())
    .addColumn('media_state', 'varchar(16)', (c) => c.notNull())
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('media_asset_id', 'integer')
    .addColumn('duration_seconds', 'double precision')
    .addColumn('captions_hash', 'varchar(64)')
    .addColumn('upload_id', 'varchar(64)')
    .addColumn('source_asset_id', 'integer')
    .addColumn('updated_by', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('studio_lesson_versions_pk', ['lesson_id', 'lang'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('studio_lesson_versions').execute();
}
