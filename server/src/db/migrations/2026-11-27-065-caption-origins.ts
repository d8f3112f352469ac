import type { Kysely } from 'kysely';

/**
 * Machine-drafted caption tracks (issue 40, lessons in several languages), written by captions:
 * - `caption_tracks.origin`: 'author' (the catalog's own files) or 'machine' (drafted by Apertium from another track);
 * - `caption_tracks.source_hash`: for a machine track, the content hash of the track it was drafted from; the draft is
 *   out of date when that track's hash is no longer this one.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('caption_tracks')
    .addColumn('origin', 'varchar(16)', (c) => c.notNull().defaultTo('author'))
    .execute();
  await db.schema.alterTable('caption_tracks').addColumn('source_hash', 'varchar(64)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('caption_tracks').dropColumn('source_hash').execute();
  await db.schema.alterTable('caption_tracks').dropColumn('origin').execute();
}
