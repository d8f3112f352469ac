import { type Kysely, sql } from 'kysely';

/**
 * Several caption tracks per own lesson, one per language (issues 37 and 40), written by studio:
 * - `studio_lesson_tracks`: a lesson's track of one language: its stored WebVTT file (`hash`), `origin` 'author' (an
 *   author wrote or reviewed it) or 'machine' (drafted by Apertium from another track; `source_hash` is that track's
 *   file, so the draft is out of date once the source changes);
 * - `studio_lesson_cues.lang`: the track a cue belongs to;
 * - the one track a lesson had (`studio_lessons.captions_hash` and `captions_lang`) moves to the new table.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('studio_lesson_tracks')
    .addColumn('lesson_id', 'integer', (c) => c.notNull().references('studio_lessons.id'))
    .addColumn('lang', 'varchar(35)', (c) => c.notNull())
    .addColumn('hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('origin', 'varchar(16)', (c) => c.notNull().defaultTo('author'))
    .addColumn('source_hash', 'varchar(64)')
    .addColumn('updated_by', 'integer')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('studio_lesson_tracks_pk', ['lesson_id', 'lang'])
    .execute();
  await sql`insert into studio_lesson_tracks (lesson_id, lang, hash, origin, updated_at)
    select id, captions_lang, captions_hash, 'author', updated_at from studio_lessons
    where captions_hash is not null and captions_lang is not null`.execute(db);
  await db.schema
    .alterTable('studio_lesson_cues')
    .addColumn('lang', 'varchar(35)', (c) => c.notNull().defaultTo(''))
    .execute();
  await sql`update studio_lesson_cues set lang = coalesce((select l.captions_lang from studio_lessons l where l.id = studio_lesson_cues.lesson_id), 'en')`.execute(
    db,
  );
  await db.schema.createIndex('studio_lesson_cues_track_idx').on('studio_lesson_cues').columns(['lesson_id', 'lang']).execute();
  await db.schema.alterTable('studio_lessons').dropColumn('captions_hash').execute();
  await db.schema.alterTable('studio_lessons').dropColumn('captions_lang').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('studio_lessons').addColumn('captions_hash', 'varchar(64)').execute();
  await db.schema.alterTable('studio_lessons').addColumn('captions_lang', 'varchar(35)').execute();
  await sql`update studio_lessons set
    captions_hash = (select t.hash from studio_lesson_tracks t where t.lesson_id = studio_lessons.id order by t.lang limit 1),
    captions_lang = (select t.lang from studio_lesson_tracks t where t.lesson_id = studio_lessons.id order by t.lang limit 1)`.execute(db);
  await db.schema.dropIndex('studio_lesson_cues_track_idx').execute();
  await db.schema.alterTable('studio_lesson_cues').dropColumn('lang').execute();
  await db.schema.dropTable('studio_lesson_tracks').execute();
}
