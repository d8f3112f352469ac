import type { Db } from '../../db/client.ts';

/**
 * What an export of an organization's own lessons reads (tables written by modules/studio): rows only, the lessons
 * oldest first, deleted ones left out.
 */

export function exportedOrganization(db: Db, organizationId: number) {
  return db.selectFrom('organizations').select(['id', 'name']).where('id', '=', organizationId).executeTakeFirst();
}

/** The organization's lessons with their live video's asset (null: none yet). */
export function exportedOwnLessons(db: Db, organizationId: number) {
  return db
    .selectFrom('studio_lessons')
    .leftJoin('media_assets', 'media_assets.id', 'studio_lessons.media_asset_id')
    .select([
      'studio_lessons.id',
      'studio_lessons.title',
      'studio_lessons.category',
      'studio_lessons.description',
      'studio_lessons.published_at',
      'studio_lessons.unpublished_at',
      'studio_lessons.duration_seconds',
      'media_assets.content_hash',
      'media_assets.source_path',
    ])
    .where('studio_lessons.organization_id', '=', organizationId)
    .where('studio_lessons.deleted_at', 'is', null)
    .orderBy('studio_lessons.id')
    .execute();
}

/** The lessons' caption tracks, by lesson then language. */
export function exportedLessonTracks(db: Db, lessonIds: number[]) {
  if (lessonIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('studio_lesson_tracks')
    .select(['lesson_id', 'lang', 'hash', 'origin', 'source_hash'])
    .where('lesson_id', 'in', lessonIds)
    .orderBy('lesson_id')
    .orderBy('lang')
    .execute();
}

/** The lessons' scripts (their steps as stored: a JSON array of { text, photo_url }). */
export function exportedLessonScripts(db: Db, lessonIds: number[]) {
  if (lessonIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('studio_lesson_scripts').select(['lesson_id', 'steps']).where('lesson_id', 'in', lessonIds).execute();
}

/** The lessons' narrated versions' texts (their renditions are made again beside the lesson's video). */
export function exportedLessonVersions(db: Db, lessonIds: number[]) {
  if (lessonIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('studio_lesson_versions')
    .select(['lesson_id', 'lang', 'title', 'description', 'steps', 'origin'])
    .where('lesson_id', 'in', lessonIds)
    .orderBy('lesson_id')
    .orderBy('lang')
    .execute();
}
