import type { Kysely } from 'kysely';
import { notNull, withId } from '../dialect.ts';

/**
 * The studio's lessons where members look for lessons (issue 37), written by modules/studio only:
 * - `studio_quotas`: an organization's own storage quota, set by the operator (`platform set-studio-quota`);
 *   an organization without a row has STUDIO_QUOTA_MB.
 * - `studio_lessons.search_text`: the lesson's title, category and description as normalized words (lower-cased,
 *   accents and punctuation removed), what the library search matches.
 * - `studio_lesson_cues`: a lesson's captions (WebVTT), one row per cue with its normalized words, so a member finds
 *   a lesson by what is said in it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('studio_quotas')
    .addColumn('organization_id', 'integer', (c) => c.primaryKey().references('organizations.id').onDelete('cascade'))
    .addColumn('quota_bytes', 'bigint', notNull)
    .addColumn('updated_at', 'bigint', notNull)
    .execute();
  await db.schema
    .alterTable('studio_lessons')
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  // The lessons written before this migration: their words, normalized as the studio module writes them.
  const lessons = await db.selectFrom('studio_lessons').select(['id', 'title', 'category', 'description']).execute();
  for (const lesson of lessons) {
    await db
      .updateTable('studio_lessons')
      .set({ search_text: normalizedWords(`${lesson.title} ${lesson.category} ${lesson.description}`) })
      .where('id', '=', lesson.id)
      .execute();
  }
  await withId(db, db.schema.createTable('studio_lesson_cues'))
    .addColumn('lesson_id', 'integer', (c) => c.notNull().references('studio_lessons.id').onDelete('cascade'))
    .addColumn('start_ms', 'integer', notNull)
    .addColumn('end_ms', 'integer', notNull)
    .addColumn('text', 'text', notNull)
    .addColumn('search_text', 'text', notNull)
    .execute();
  await db.schema.createIndex('studio_lesson_cues_lesson_idx').on('studio_lesson_cues').columns(['lesson_id', 'start_ms']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('studio_lesson_cues').execute();
  await db.schema.alterTable('studio_lessons').dropColumn('search_text').execute();
  await db.schema.dropTable('studio_quotas').execute();
}

/** A frozen copy of lib/search-text.ts's searchText at this migration's commit (migrations import no app code). */
function normalizedWords(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .join(' ');
}
