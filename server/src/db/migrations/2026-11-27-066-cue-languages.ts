import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../dialect.ts';

/**
 * Search per language (issue 40), written by captions:
 * - `caption_cues.lang`: the language of the cue's track, kept on the cue so the index can stem by it;
 * - PostgreSQL: `search_vector` stems a Spanish cue with the `spanish` configuration (weight B, so a query can tell its
 *   stems from the plain words of every other cue, indexed with `simple` at the default weight D). SQLite's FTS5 index
 *   is unchanged: its text has no diacritics already (search_text) and it stems no language.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('caption_cues')
    .addColumn('lang', 'varchar(35)', (c) => c.notNull().defaultTo(''))
    .execute();
  await sql`update caption_cues set lang = (select t.lang from caption_tracks t where t.id = caption_cues.track_id)`.execute(db);
  if (!isPostgres(db)) return;
  await sql`alter table caption_cues drop column search_vector`.execute(db);
  await sql`alter table caption_cues add column search_vector tsvector generated always as (
    case when lang = 'es' or lang like 'es-%' then setweight(to_tsvector('spanish', search_text), 'B') else to_tsvector('simple', search_text) end) stored`.execute(
    db,
  );
  await sql`create index caption_cues_search_idx on caption_cues using gin (search_vector)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`alter table caption_cues drop column search_vector`.execute(db);
    await sql`alter table caption_cues add column search_vector tsvector generated always as (to_tsvector('simple', search_text)) stored`.execute(db);
    await sql`create index caption_cues_search_idx on caption_cues using gin (search_vector)`.execute(db);
  }
  await db.schema.alterTable('caption_cues').dropColumn('lang').execute();
}
