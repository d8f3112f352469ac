import { type Kysely, sql } from 'kysely';
import { isPostgres, notNull, withId } from '../dialect.ts';

/**
 * Captions (WebVTT tracks per video and language, and their cues), the search index and the resume
 * position. Text is indexed from a `search_text` column written by the application (lower-cased,
 * accents and punctuation removed: search/search-text.ts), so SQLite FTS5 and PostgreSQL's 'simple'
 * configuration see the same words and answer the same rows.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = isPostgres(db);

  await withId(db, db.schema.createTable('caption_tracks'))
    .addColumn('video_id', 'integer', (c) => c.notNull().references('videos.id').onDelete('cascade'))
    .addColumn('lang', 'varchar(35)', notNull)
    .addColumn('label', 'varchar(60)', notNull)
    .addColumn('sort', 'integer', notNull)
    .addColumn('content_hash', 'varchar(64)', notNull)
    .addColumn('created_at', 'bigint', notNull)
    .addUniqueConstraint('caption_tracks_video_lang_key', ['video_id', 'lang'])
    .execute();

  await withId(db, db.schema.createTable('caption_cues'))
    .addColumn('track_id', 'integer', (c) => c.notNull().references('caption_tracks.id').onDelete('cascade'))
    .addColumn('video_id', 'integer', (c) => c.notNull().references('videos.id').onDelete('cascade'))
    .addColumn('start_ms', 'integer', notNull)
    .addColumn('end_ms', 'integer', notNull)
    .addColumn('text', 'text', notNull)
    .addColumn('search_text', 'text', notNull)
    .execute();
  await db.schema.createIndex('caption_cues_track_idx').on('caption_cues').columns(['track_id', 'start_ms']).execute();
  await db.schema.createIndex('caption_cues_video_idx').on('caption_cues').column('video_id').execute();

  // Videos, categories, sub-categories and experts, one row each, rebuilt with every catalog import.
  await withId(db, db.schema.createTable('search_documents'))
    .addColumn('kind', 'varchar(12)', notNull)
    .addColumn('subject_id', 'integer', notNull)
    .addColumn('search_text', 'text', notNull)
    .addUniqueConstraint('search_documents_kind_subject_key', ['kind', 'subject_id'])
    .execute();

  if (postgres) {
    for (const table of ['caption_cues', 'search_documents']) {
      await sql`alter table ${sql.table(table)} add column search_vector tsvector generated always as (to_tsvector('simple', search_text)) stored`.execute(db);
      await sql`create index ${sql.id(`${table}_search_idx`)} on ${sql.table(table)} using gin (search_vector)`.execute(db);
    }
  } else {
    // External-content FTS5 tables kept in step by triggers, so every write (and its rollback) moves the index with it.
    for (const table of ['caption_cues', 'search_documents']) {
      const fts = `${table}_fts`;
      await sql
        .raw(`create virtual table ${fts} using fts5(search_text, content='${table}', content_rowid='id', tokenize='unicode61', prefix='2 3')`)
        .execute(db);
      await sql
        .raw(`create trigger ${table}_ai after insert on ${table} begin insert into ${fts}(rowid, search_text) values (new.id, new.search_text); end`)
        .execute(db);
      await sql
        .raw(
          `create trigger ${table}_ad after delete on ${table} begin insert into ${fts}(${fts}, rowid, search_text) values ('delete', old.id, old.search_text); end`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger ${table}_au after update on ${table} begin insert into ${fts}(${fts}, rowid, search_text) values ('delete', old.id, old.search_text); insert into ${fts}(rowid, search_text) values (new.id, new.search_text); end`,
        )
        .execute(db);
    }
  }

  // Where the member stopped (seconds into the video), sent with the watch-time report.
  await db.schema
    .alterTable('video_watch')
    .addColumn('position_seconds', 'double precision', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('video_watch').dropColumn('position_seconds').execute();
  if (!isPostgres(db)) {
    for (const table of ['caption_cues', 'search_documents']) {
      for (const suffix of ['ai', 'ad', 'au']) await sql.raw(`drop trigger ${table}_${suffix}`).execute(db);
      await sql.raw(`drop table ${table}_fts`).execute(db);
    }
  }
  for (const table of ['search_documents', 'caption_cues', 'caption_tracks']) await db.schema.dropTable(table).execute();
}
