import type { Kysely } from 'kysely';
import { notNull } from '../dialect.ts';

/**
 * A video's title and description in another language (issue 40), written by captions (the module of a lesson's
 * texts in other languages): one row per video and language, `origin` 'author' (the catalog file's `translations`)
 * or 'machine' (drafted by Apertium); a machine row keeps in `source_hash` the hash of the English title and
 * description it was drafted from, and is out of date (not shown) once they change.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('video_title_translations')
    .addColumn('video_id', 'integer', (c) => c.notNull().references('videos.id').onDelete('cascade'))
    .addColumn('locale', 'varchar(35)', notNull)
    .addColumn('title', 'varchar(200)', notNull)
    .addColumn('description', 'text', notNull)
    .addColumn('origin', 'varchar(16)', notNull)
    .addColumn('source_hash', 'varchar(64)')
    .addColumn('created_at', 'bigint', notNull)
    .addPrimaryKeyConstraint('video_title_translations_pkey', ['video_id', 'locale'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('video_title_translations').execute();
}
