import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';
import type { StudioMediaState } from '../../db/schema.ts';

/** The studio's tables (studio_authors, studio_lessons, studio_uploads): only this module writes them. */

export async function isAuthor(db: Db, userId: number, organizationId: number): Promise<boolean> {
  const row = await db
    .selectFrom('studio_authors')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function setAuthor(db: Db, userId: number, organizationId: number, author: boolean, by: number, t: number): Promise<void> {
  await db.deleteFrom('studio_authors').where('user_id', '=', userId).execute();
  if (author) await db.insertInto('studio_authors').values({ user_id: userId, organization_id: organizationId, created_by: by, created_at: t }).execute();
}

/** A user of the organization (not deleted, not the guest): whom a super user may make an author. */
export async function organizationUser(db: Db, userId: number, organizationId: number) {
  return db
    .selectFrom('users')
    .select(['id'])
    .where('id', '=', userId)
    .where('organization_id', '=', organizationId)
    .where('deleted_at', 'is', null)
    .where('is_guest', '=', 0)
    .executeTakeFirst();
}

const LESSON_COLUMNS = [
  'studio_lessons.id',
  'studio_lessons.organization_id',
  'studio_lessons.title',
  'studio_lessons.category',
  'studio_lessons.description',
  'studio_lessons.media_state',
  'studio_lessons.progress',
  'studio_lessons.error',
  'studio_lessons.media_asset_id',
  'studio_lessons.duration_seconds',
  'studio_lessons.published_at',
  'studio_lessons.created_at',
  'media_assets.content_hash',
] as const;

function lessons(db: Db) {
  return db.selectFrom('studio_lessons').leftJoin('media_assets', 'media_assets.id', 'studio_lessons.media_asset_id').select(LESSON_COLUMNS);
}

export type LessonRow = NonNullable<Awaited<ReturnType<typeof findLesson>>>;

/** A lesson of this organization (another organization's lesson is not found). */
export function findLesson(db: Db, lessonId: number, organizationId: number) {
  return lessons(db).where('studio_lessons.id', '=', lessonId).where('studio_lessons.organization_id', '=', organizationId).executeTakeFirst();
}

export function findLessonById(db: Db, lessonId: number) {
  return lessons(db).where('studio_lessons.id', '=', lessonId).executeTakeFirst();
}

export function organizationLessons(db: Db, organizationId: number): Promise<LessonRow[]> {
  return lessons(db).where('studio_lessons.organization_id', '=', organizationId).orderBy('studio_lessons.id', 'desc').limit(500).execute();
}

/** The organization's published lessons whose title, category or description holds every word (case-insensitive). */
export function publishedLessons(db: Db, organizationId: number, words: string[]): Promise<LessonRow[]> {
  let query = lessons(db)
    .where('studio_lessons.organization_id', '=', organizationId)
    .where('studio_lessons.published_at', 'is not', null)
    .where('studio_lessons.media_state', '=', 'ready');
  for (const word of words) {
    const pattern = `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where(
      sql<boolean>`lower(studio_lessons.title || ' ' || studio_lessons.category || ' ' || studio_lessons.description) like ${pattern} escape '\\'`,
    );
  }
  return query.orderBy('studio_lessons.published_at', 'desc').limit(200).execute();
}

export async function insertLesson(
  db: Db,
  lesson: { organizationId: number; title: string; category: string; description: string; createdBy: number },
  t: number,
): Promise<number> {
  const row = await db
    .insertInto('studio_lessons')
    .values({
      organization_id: lesson.organizationId,
      title: lesson.title,
      category: lesson.category,
      description: lesson.description,
      media_state: 'none',
      progress: 0,
      error: null,
      media_asset_id: null,
      duration_seconds: null,
      published_at: null,
      created_by: lesson.createdBy,
      created_at: t,
      updated_at: t,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

type MediaUpdate = {
  media_state: StudioMediaState;
  progress?: number;
  error?: string | null;
  media_asset_id?: number | null;
  duration_seconds?: number | null;
};

export async function updateLessonMedia(db: Db, lessonId: number, update: MediaUpdate, t: number): Promise<void> {
  await db
    .updateTable('studio_lessons')
    .set({ ...update, ...(update.error !== undefined && { error: update.error?.slice(0, 500) ?? null }), updated_at: t })
    .where('id', '=', lessonId)
    .execute();
}

/** Progress while processing only (a late write never moves a finished lesson back). */
export async function recordLessonProgress(db: Db, lessonId: number, progress: number, t: number): Promise<void> {
  await db.updateTable('studio_lessons').set({ progress, updated_at: t }).where('id', '=', lessonId).where('media_state', '=', 'processing').execute();
}

/** Publishes a lesson whose media is ready; false when it is not (or already published). */
export async function publishLesson(db: Db, lessonId: number, organizationId: number, t: number): Promise<boolean> {
  const result = await db
    .updateTable('studio_lessons')
    .set({ published_at: t, updated_at: t })
    .where('id', '=', lessonId)
    .where('organization_id', '=', organizationId)
    .where('media_state', '=', 'ready')
    .where('published_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Bytes the organization's uploads hold (declared lengths: an upload under way counts in full). */
export async function storageUsed(db: Db, organizationId: number): Promise<number> {
  const row = await db
    .selectFrom('studio_uploads')
    .select(sql<number | string | null>`sum(size)`.as('bytes'))
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  return Number(row?.bytes ?? 0);
}

export async function insertUpload(
  db: Db,
  upload: { id: string; organizationId: number; lessonId: number; userId: number; size: number },
  t: number,
): Promise<void> {
  await db
    .insertInto('studio_uploads')
    .values({
      id: upload.id,
      organization_id: upload.organizationId,
      lesson_id: upload.lessonId,
      user_id: upload.userId,
      size: upload.size,
      finished_at: null,
      created_at: t,
    })
    .execute();
}

export function findUpload(db: Db, uploadId: string) {
  return db.selectFrom('studio_uploads').select(['id', 'organization_id', 'lesson_id', 'size', 'finished_at']).where('id', '=', uploadId).executeTakeFirst();
}

export async function finishUpload(db: Db, uploadId: string, t: number): Promise<void> {
  await db.updateTable('studio_uploads').set({ finished_at: t }).where('id', '=', uploadId).execute();
}

export async function deleteUpload(db: Db, uploadId: string): Promise<void> {
  await db.deleteFrom('studio_uploads').where('id', '=', uploadId).execute();
}

/** The other uploads of a lesson (a new one replaces them). */
export async function otherUploadsOf(db: Db, lessonId: number, keep: string): Promise<string[]> {
  const rows = await db.selectFrom('studio_uploads').select('id').where('lesson_id', '=', lessonId).where('id', '!=', keep).execute();
  return rows.map((r) => r.id);
}

export async function latestUploadOf(db: Db, lessonId: number) {
  return db
    .selectFrom('studio_uploads')
    .select(['id', 'finished_at'])
    .where('lesson_id', '=', lessonId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Uploads begun before `before` and never finished (abandoned: the expiry clock lets them go). */
export async function abandonedUploads(db: Db, before: number): Promise<{ id: string; lesson_id: number }[]> {
  return db.selectFrom('studio_uploads').select(['id', 'lesson_id']).where('finished_at', 'is', null).where('created_at', '<', before).execute();
}
