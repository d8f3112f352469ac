import { isWatched } from '@mm/contract';
import { type SelectQueryBuilder, sql } from 'kysely';
import { announceChange } from '../../db/change-notices.ts';
import type { Db } from '../../db/client.ts';
import { isPostgres } from '../../db/dialect.ts';
import type { Database, StudioMediaState } from '../../db/schema.ts';
import { type ParsedQuery, searchText } from '../../lib/search-text.ts';

/**
 * The studio's tables (studio_authors, studio_lessons, studio_lesson_cues, studio_lesson_tracks, studio_uploads, studio_quotas,
 * studio_script_photos): only this module writes them.
 */

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
  'studio_lessons.created_by',
  'studio_lessons.revision',
  'studio_lessons.pending_requires_retraining',
  'studio_lessons.pending_summary',
  'studio_lessons.unpublished_at',
  'media_assets.content_hash',
] as const;

function lessons(db: Db) {
  return (
    db
      .selectFrom('studio_lessons')
      .leftJoin('media_assets', 'media_assets.id', 'studio_lessons.media_asset_id')
      .select(LESSON_COLUMNS)
      // The lines of one track (English's, else the first language's), not of every language added together.
      .select(
        sql<number | string | null>`(select count(*) from studio_lesson_cues c where c.lesson_id = studio_lessons.id and c.lang = (
          select t.lang from studio_lesson_tracks t where t.lesson_id = studio_lessons.id order by case when t.lang = 'en' then 0 else 1 end, t.lang limit 1))`.as(
          'caption_cues',
        ),
      )
      .select((eb) =>
        eb
          .selectFrom('learning_path_lessons')
          .select(eb.fn.countAll<number | string>().as('n'))
          .whereRef('learning_path_lessons.lesson_id', '=', 'studio_lessons.id')
          .as('in_paths'),
      )
      .select((eb) =>
        eb
          .selectFrom('studio_lesson_scripts')
          .select(eb.fn.countAll<number | string>().as('n'))
          .whereRef('studio_lesson_scripts.lesson_id', '=', 'studio_lessons.id')
          .as('scripts'),
      )
      // A deleted lesson is gone for every reader: the studio, the members, the processing job, the paths.
      .where('studio_lessons.deleted_at', 'is', null)
  );
}

export type LessonRow = NonNullable<Awaited<ReturnType<typeof findLesson>>>;

/** A lesson of this organization (another organization's lesson is not found). */
export function findLesson(db: Db, lessonId: number, organizationId: number) {
  return lessons(db).where('studio_lessons.id', '=', lessonId).where('studio_lessons.organization_id', '=', organizationId).executeTakeFirst();
}

export function findLessonById(db: Db, lessonId: number) {
  return lessons(db).where('studio_lessons.id', '=', lessonId).executeTakeFirst();
}

/**
 * A page of the organization's lessons (deleted ones left out) whose title, category or description hold every word
 * (normalized words, each as a part of a word), in the asked order; and how many match. The newest-first and
 * oldest-first pages walk `studio_lessons_list_idx` (organization, id).
 */
export async function organizationLessonsPage(
  db: Db,
  organizationId: number,
  filter: { words: string[]; sort: 'newest' | 'oldest' | 'title' },
  page: { skip: number; take: number },
): Promise<{ rows: LessonRow[]; total: number }> {
  let matching = db.selectFrom('studio_lessons').where('studio_lessons.organization_id', '=', organizationId).where('studio_lessons.deleted_at', 'is', null);
  // Normalized words (letters and digits only): no LIKE escaping needed.
  for (const word of filter.words) matching = matching.where('studio_lessons.search_text', 'like', `%${word}%`);
  const ordered =
    filter.sort === 'title'
      ? matching.orderBy(sql`lower(studio_lessons.title)`).orderBy('studio_lessons.id', 'desc')
      : matching.orderBy('studio_lessons.id', filter.sort === 'oldest' ? 'asc' : 'desc');
  return lessonsPage(db, ordered, matching, page);
}

/**
 * A page of the organization's published lessons whose title, category or description holds every word
 * (case-insensitive), newest published first; and how many match.
 */
export async function publishedLessons(
  db: Db,
  organizationId: number,
  words: string[],
  page: { skip: number; take: number },
): Promise<{ rows: LessonRow[]; total: number }> {
  let matching = db
    .selectFrom('studio_lessons')
    .where('studio_lessons.organization_id', '=', organizationId)
    .where('studio_lessons.published_at', 'is not', null)
    .where('studio_lessons.media_asset_id', 'is not', null)
    .where('studio_lessons.deleted_at', 'is', null);
  for (const word of words) {
    const pattern = `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    matching = matching.where(
      sql<boolean>`lower(studio_lessons.title || ' ' || studio_lessons.category || ' ' || studio_lessons.description) like ${pattern} escape '\\'`,
    );
  }
  return lessonsPage(db, matching.orderBy('studio_lessons.published_at', 'desc').orderBy('studio_lessons.id', 'desc'), matching, page);
}

/**
 * One page of `ordered`'s lessons and how many `matching` holds: the page's ids first, then the page's lessons with
 * their counts (captions, paths, scripts), for those rows only, in the page's order.
 */
async function lessonsPage(
  db: Db,
  ordered: SelectQueryBuilder<Database, 'studio_lessons', object>,
  matching: SelectQueryBuilder<Database, 'studio_lessons', object>,
  page: { skip: number; take: number },
): Promise<{ rows: LessonRow[]; total: number }> {
  const [ids, count] = await Promise.all([
    ordered.select('studio_lessons.id').offset(page.skip).limit(page.take).execute(),
    matching.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const total = Number(count.n);
  if (ids.length === 0) return { rows: [], total };
  const rows = await lessons(db)
    .where(
      'studio_lessons.id',
      'in',
      ids.map((r) => r.id),
    )
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return { rows: ids.flatMap((r) => byId.get(r.id) ?? []), total };
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
      search_text: searchText(lesson.title, lesson.category, lesson.description),
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
  revision?: number;
  pending_requires_retraining?: number | null;
  pending_summary?: string | null;
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

/**
 * Publishes a draft whose media is ready, or an unpublished lesson again (its live revision's video); false when it
 * is neither (or already published).
 */
export async function publishLesson(db: Db, lessonId: number, organizationId: number, t: number): Promise<boolean> {
  const result = await db
    .updateTable('studio_lessons')
    .set({ published_at: t, unpublished_at: null, updated_at: t })
    .where('id', '=', lessonId)
    .where('organization_id', '=', organizationId)
    .where('deleted_at', 'is', null)
    .where('published_at', 'is', null)
    .where((eb) => eb.or([eb('media_state', '=', 'ready'), eb.and([eb('unpublished_at', 'is not', null), eb('media_asset_id', 'is not', null)])]))
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  // What its media URLs open changes with it, on every instance (studio-media-gate.ts).
  await announceChange(db, `studio-lesson:${lessonId}`);
  return true;
}

/** Takes a published lesson back from the members; false when it is not published (any more). */
export async function unpublishLesson(db: Db, lessonId: number, organizationId: number, t: number): Promise<boolean> {
  const result = await db
    .updateTable('studio_lessons')
    .set({ published_at: null, unpublished_at: t, updated_at: t })
    .where('id', '=', lessonId)
    .where('organization_id', '=', organizationId)
    .where('deleted_at', 'is', null)
    .where('published_at', 'is not', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  // What its media URLs open changes with it, on every instance (studio-media-gate.ts).
  await announceChange(db, `studio-lesson:${lessonId}`);
  return true;
}

/** A lesson's title, category and description (and the words the library search matches). */
export async function updateLessonDetails(
  db: Db,
  lessonId: number,
  organizationId: number,
  details: { title: string; category: string; description: string },
  t: number,
): Promise<boolean> {
  const result = await db
    .updateTable('studio_lessons')
    .set({ ...details, search_text: searchText(details.title, details.category, details.description), updated_at: t })
    .where('id', '=', lessonId)
    .where('organization_id', '=', organizationId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Deletes a lesson for everyone: the row stays with its revisions, its members' watch time and its audit entries
 * (history), marked deleted and unpublished; its uploads' rows go (their bytes stop counting). Answers the uploads'
 * ids (their files are removed after the commit), or null when the lesson was already gone.
 */
export async function markLessonDeleted(db: Db, lessonId: number, organizationId: number, t: number): Promise<string[] | null> {
  const result = await db
    .updateTable('studio_lessons')
    .set({ deleted_at: t, published_at: null, pending_requires_retraining: null, pending_summary: null, updated_at: t })
    .where('id', '=', lessonId)
    .where('organization_id', '=', organizationId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return null;
  await announceChange(db, `studio-lesson:${lessonId}`);
  const uploads = await db.selectFrom('studio_uploads').select('id').where('lesson_id', '=', lessonId).execute();
  await db.deleteFrom('studio_uploads').where('lesson_id', '=', lessonId).execute();
  return uploads.map((u) => u.id);
}

/**
 * Makes a revision's video the lesson's live one, only while the lesson is still at `fromRevision` (a concurrent
 * revision makes this false).
 */
export async function setLiveRevision(
  db: Db,
  lessonId: number,
  fromRevision: number,
  live: { revision: number; mediaAssetId: number; durationSeconds: number },
  t: number,
): Promise<boolean> {
  const result = await db
    .updateTable('studio_lessons')
    .set({
      media_state: 'ready',
      progress: 100,
      error: null,
      media_asset_id: live.mediaAssetId,
      duration_seconds: live.durationSeconds,
      revision: live.revision,
      pending_requires_retraining: null,
      pending_summary: null,
      updated_at: t,
    })
    .where('id', '=', lessonId)
    .where('revision', '=', fromRevision)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Records a revision of a published lesson's video (the first one when it is published). */
export async function insertRevision(
  db: Db,
  revision: {
    lessonId: number;
    revision: number;
    mediaAssetId: number;
    durationSeconds: number;
    requiresRetraining: boolean;
    summary: string;
    by: number | null;
    restoredFrom?: number | null;
  },
  t: number,
): Promise<void> {
  await db
    .insertInto('studio_lesson_revisions')
    .values({
      lesson_id: revision.lessonId,
      revision: revision.revision,
      media_asset_id: revision.mediaAssetId,
      duration_seconds: revision.durationSeconds,
      requires_retraining: revision.requiresRetraining ? 1 : 0,
      summary: revision.summary.slice(0, 500),
      created_by: revision.by,
      created_at: t,
      restored_from: revision.restoredFrom ?? null,
    })
    .execute();
}

/** A lesson's revisions, newest first, with who made each (the lesson's organization is checked by the caller). */
export function revisionsOf(db: Db, lessonId: number) {
  return db
    .selectFrom('studio_lesson_revisions')
    .leftJoin('users', 'users.id', 'studio_lesson_revisions.created_by')
    .select([
      'studio_lesson_revisions.revision',
      'studio_lesson_revisions.media_asset_id',
      'studio_lesson_revisions.requires_retraining',
      'studio_lesson_revisions.summary',
      'studio_lesson_revisions.duration_seconds',
      'studio_lesson_revisions.created_at',
      'studio_lesson_revisions.restored_from',
      'users.name',
      'users.last_name',
    ])
    .where('studio_lesson_revisions.lesson_id', '=', lessonId)
    .orderBy('studio_lesson_revisions.revision', 'desc')
    .execute();
}

export function findRevision(db: Db, lessonId: number, revision: number) {
  return db
    .selectFrom('studio_lesson_revisions')
    .select(['revision', 'media_asset_id', 'duration_seconds'])
    .where('lesson_id', '=', lessonId)
    .where('revision', '=', revision)
    .executeTakeFirst();
}

/**
 * A revision requiring retraining: whoever had watched the lesson has it to watch again (their watch time starts
 * over, as a video's training records are superseded). Answers who they are.
 */
export async function resetCompletions(db: Db, lessonId: number, t: number): Promise<number[]> {
  const rows = await db.selectFrom('studio_lesson_watches').select('user_id').where('lesson_id', '=', lessonId).where('watched_at', 'is not', null).execute();
  if (rows.length > 0)
    await db
      .updateTable('studio_lesson_watches')
      .set({ watched_at: null, seconds: 0, position_seconds: 0, updated_at: t })
      .where('lesson_id', '=', lessonId)
      .where('watched_at', 'is not', null)
      .execute();
  return rows.map((r) => r.user_id);
}

/** Bytes the organization's uploads hold (declared lengths: an upload under way counts in full). */
/** The organization's studio storage in bytes: its uploads (declared sizes) and its scripts' stored photos. */
export async function storageUsed(db: Db, organizationId: number): Promise<number> {
  const { rows } = await sql<{ bytes: number | string | null }>`
    select (select coalesce(sum(size), 0) from studio_uploads where organization_id = ${organizationId})
         + (select coalesce(sum(size), 0) from studio_script_photos where organization_id = ${organizationId}) as bytes`.execute(db);
  return Number(rows[0]?.bytes ?? 0);
}

/** The advisory lock space of the studio's storage (any fixed int4; the organization id is the second key). */
const STUDIO_STORAGE_LOCK = 3707;

/**
 * Holds the organization's studio storage until the caller's transaction ends, so that a quota check and the row it
 * admits are one step: two uploads at once cannot both see the same free space. PostgreSQL: a transaction-scoped
 * advisory lock per organization (several instances). SQLite: nothing to take, its one connection runs a
 * transaction's statements with nobody else's in between.
 */
export async function lockStudioStorage(trx: Db, organizationId: number): Promise<void> {
  if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(${STUDIO_STORAGE_LOCK}::int, ${organizationId}::int)`.execute(trx);
}

/** The advisory lock space of the studio's tus uploads (the upload id's first 32 bits are the second key). */
const STUDIO_UPLOAD_LOCK = 3708;

/**
 * PostgreSQL: takes the advisory lock of an upload (`key`, from its id) on a connection of `db`'s pool (the upload
 * locks' own, studio-uploads.ts), held until the answered release is called; null when another session (another app instance, or another request) holds it. A
 * session lock, not a transaction's: a PATCH streams for seconds, with no transaction open. The connection goes back
 * to the pool once released; if the instance dies, PostgreSQL ends the session and the lock with it.
 */
export function tryHoldUploadLock(db: Db, key: number): Promise<(() => Promise<void>) | null> {
  return new Promise((resolve, reject) => {
    let release = () => {};
    const released = new Promise<void>((done) => {
      release = done;
    });
    const held = db.connection().execute(async (connection) => {
      const { rows } = await sql<{ taken: boolean }>`select pg_try_advisory_lock(${STUDIO_UPLOAD_LOCK}::int, ${key}::int) as taken`.execute(connection);
      if (!rows[0]?.taken) return resolve(null);
      resolve(async () => {
        release();
        // A failed unlock means a broken connection: its session, and the lock, are gone with it.
        await held.catch(() => {});
      });
      await released;
      await sql`select pg_advisory_unlock(${STUDIO_UPLOAD_LOCK}::int, ${key}::int)`.execute(connection);
    });
    held.catch(reject);
  });
}

export async function insertScriptPhoto(db: Db, photo: { key: string; organizationId: number; userId: number; size: number }, t: number): Promise<void> {
  await db
    .insertInto('studio_script_photos')
    .values({ key: photo.key, organization_id: photo.organizationId, user_id: photo.userId, size: photo.size, created_at: t })
    .execute();
}

export async function deleteScriptPhoto(db: Db, key: string): Promise<void> {
  await db.deleteFrom('studio_script_photos').where('key', '=', key).execute();
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
  return db
    .selectFrom('studio_uploads')
    .select(['id', 'organization_id', 'lesson_id', 'user_id', 'size', 'finished_at'])
    .where('id', '=', uploadId)
    .executeTakeFirst();
}

export async function finishUpload(db: Db, uploadId: string, t: number): Promise<void> {
  await db.updateTable('studio_uploads').set({ finished_at: t }).where('id', '=', uploadId).execute();
}

export async function deleteUpload(db: Db, uploadId: string): Promise<void> {
  await db.deleteFrom('studio_uploads').where('id', '=', uploadId).execute();
}

/** The other uploads of a lesson (a new one replaces them), less those its narrated versions play (studio_lesson_versions). */
export async function otherUploadsOf(db: Db, lessonId: number, keep: string): Promise<string[]> {
  const rows = await db
    .selectFrom('studio_uploads')
    .select('id')
    .where('lesson_id', '=', lessonId)
    .where('id', '!=', keep)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('studio_lesson_versions')
            .select('studio_lesson_versions.lesson_id')
            .whereRef('studio_lesson_versions.upload_id', '=', 'studio_uploads.id'),
        ),
      ),
    )
    .execute();
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

/** The organization's own quota in bytes, or null when it has the platform's default (STUDIO_QUOTA_MB). */
export async function quotaOf(db: Db, organizationId: number): Promise<number | null> {
  const row = await db.selectFrom('studio_quotas').select('quota_bytes').where('organization_id', '=', organizationId).executeTakeFirst();
  return row ? Number(row.quota_bytes) : null;
}

/** Sets the organization's quota (null: back to the default). */
export async function setQuota(db: Db, organizationId: number, quotaBytes: number | null, t: number): Promise<void> {
  await db.deleteFrom('studio_quotas').where('organization_id', '=', organizationId).execute();
  if (quotaBytes !== null) await db.insertInto('studio_quotas').values({ organization_id: organizationId, quota_bytes: quotaBytes, updated_at: t }).execute();
}

export function organizationExists(db: Db, organizationId: number) {
  return db.selectFrom('organizations').select('id').where('id', '=', organizationId).executeTakeFirst();
}

export type LessonTrack = { lang: string; hash: string; origin: 'author' | 'machine'; source_hash: string | null; cues: number };

/** A lesson's caption tracks with their cue counts, English first, then by language. */
export async function lessonTracks(db: Db, lessonId: number): Promise<LessonTrack[]> {
  const rows = await db
    .selectFrom('studio_lesson_tracks')
    .select(['lang', 'hash', 'origin', 'source_hash'])
    .select((eb) =>
      eb
        .selectFrom('studio_lesson_cues')
        .select(eb.fn.countAll<number | string>().as('n'))
        .whereRef('studio_lesson_cues.lesson_id', '=', 'studio_lesson_tracks.lesson_id')
        .whereRef('studio_lesson_cues.lang', '=', 'studio_lesson_tracks.lang')
        .as('cues'),
    )
    .where('lesson_id', '=', lessonId)
    .orderBy('lang')
    .execute();
  const tracks = rows.map((r) => ({ ...r, cues: Number(r.cues ?? 0) }));
  return [...tracks.filter((t) => t.lang === 'en'), ...tracks.filter((t) => t.lang !== 'en')];
}

/**
 * Replaces a lesson's track of one language: its cues (the search's) and its stored file (`track.hash`), an author's
 * or a machine draft made from the track whose file is `track.sourceHash`. The other languages' tracks stay.
 */
export async function replaceLessonTrack(
  db: Db,
  lessonId: number,
  cues: { startMs: number; endMs: number; text: string }[],
  track: { lang: string; hash: string; origin: 'author' | 'machine'; sourceHash: string | null; by: number | null },
  t: number,
): Promise<void> {
  await db.deleteFrom('studio_lesson_cues').where('lesson_id', '=', lessonId).where('lang', '=', track.lang).execute();
  for (let i = 0; i < cues.length; i += 200) {
    const chunk = cues.slice(i, i + 200);
    await db
      .insertInto('studio_lesson_cues')
      .values(
        chunk.map((c) => ({ lesson_id: lessonId, lang: track.lang, start_ms: c.startMs, end_ms: c.endMs, text: c.text, search_text: searchText(c.text) })),
      )
      .execute();
  }
  const values = { hash: track.hash, origin: track.origin, source_hash: track.sourceHash, updated_by: track.by, updated_at: t };
  await db
    .insertInto('studio_lesson_tracks')
    .values({ lesson_id: lessonId, lang: track.lang, ...values })
    .onConflict((oc) => oc.columns(['lesson_id', 'lang']).doUpdateSet(values))
    .execute();
  await db.updateTable('studio_lessons').set({ updated_at: t }).where('id', '=', lessonId).execute();
}

/**
 * LIKE patterns over ' ' + normalized words + ' ': each word whole, the last one as a prefix when the query says so.
 * Normalized words hold letters and digits only, so they need no escaping.
 */
function wordPatterns(query: ParsedQuery): string[] {
  return query.words.map((w, i) => (query.prefix && i === query.words.length - 1 ? `% ${w}%` : `% ${w} %`));
}

const spaced = (column: string) => sql<string>`(' ' || ${sql.ref(column)} || ' ')`;

/**
 * The organization's published lessons holding every word of the query in their title, category or description or in
 * their captions (each word in one or the other), newest first, and how many there are (up to `cap`). The captions of
 * the narrated version in `versionLang` (a member of that language's) count too.
 */
export async function searchPublishedLessons(
  db: Db,
  organizationId: number,
  query: ParsedQuery,
  page: { skip: number; take: number },
  cap: number,
  versionLang: string | null,
): Promise<{ rows: LessonRow[]; total: number }> {
  let matching = lessons(db)
    .where('studio_lessons.organization_id', '=', organizationId)
    .where('studio_lessons.published_at', 'is not', null)
    .where('studio_lessons.media_asset_id', 'is not', null);
  for (const pattern of wordPatterns(query)) {
    matching = matching.where((eb) =>
      eb.or([
        eb(spaced('studio_lessons.search_text'), 'like', pattern),
        eb.exists(
          eb
            .selectFrom('studio_lesson_cues')
            .select('studio_lesson_cues.id')
            .whereRef('studio_lesson_cues.lesson_id', '=', 'studio_lessons.id')
            .where(spaced('studio_lesson_cues.search_text'), 'like', pattern),
        ),
        ...(versionLang === null
          ? []
          : [
              eb.exists(
                eb
                  .selectFrom('studio_version_cues')
                  .select('studio_version_cues.id')
                  .whereRef('studio_version_cues.lesson_id', '=', 'studio_lessons.id')
                  .where('studio_version_cues.lang', '=', versionLang)
                  .where(spaced('studio_version_cues.search_text'), 'like', pattern),
              ),
            ]),
      ]),
    );
  }
  const all = await matching.orderBy('studio_lessons.published_at', 'desc').orderBy('studio_lessons.id', 'desc').limit(cap).execute();
  return { rows: all.slice(page.skip, page.skip + page.take), total: all.length };
}

export type MatchingCue = { start_ms: number; text: string; version: string | null };

/**
 * Each lesson's earliest caption cue holding one of the query's words: of its narrated version in `versionLang` (what
 * a member of that language plays) when one there does, else of its own video's tracks.
 */
export async function firstMatchingCues(db: Db, lessonIds: number[], query: ParsedQuery, versionLang: string | null): Promise<Map<number, MatchingCue>> {
  if (lessonIds.length === 0) return new Map();
  const own = db
    .selectFrom('studio_lesson_cues')
    .select(['lesson_id', 'start_ms', 'text'])
    .where('lesson_id', 'in', lessonIds)
    .where((eb) => eb.or(wordPatterns(query).map((pattern) => eb(spaced('studio_lesson_cues.search_text'), 'like', pattern))))
    .orderBy('lesson_id')
    .orderBy('start_ms')
    .execute();
  const spoken =
    versionLang === null
      ? []
      : db
          .selectFrom('studio_version_cues')
          .select(['lesson_id', 'start_ms', 'text'])
          .where('lesson_id', 'in', lessonIds)
          .where('lang', '=', versionLang)
          .where((eb) => eb.or(wordPatterns(query).map((pattern) => eb(spaced('studio_version_cues.search_text'), 'like', pattern))))
          .orderBy('lesson_id')
          .orderBy('start_ms')
          .execute();
  const [ownRows, versionRows] = await Promise.all([own, spoken]);
  const first = new Map<number, MatchingCue>();
  for (const row of versionRows)
    if (!first.has(row.lesson_id)) first.set(row.lesson_id, { start_ms: Number(row.start_ms), text: row.text, version: versionLang });
  for (const row of ownRows) if (!first.has(row.lesson_id)) first.set(row.lesson_id, { start_ms: Number(row.start_ms), text: row.text, version: null });
  return first;
}

/**
 * The organization's people (not deleted, not the guest) whose name, e-mail, role or employee number hold every word,
 * authors and super users first, then by name; and how many match.
 */
export async function organizationPeople(db: Db, organizationId: number, words: string[], take: number) {
  let matching = db
    .selectFrom('users')
    .leftJoin('studio_authors', 'studio_authors.user_id', 'users.id')
    .where('users.organization_id', '=', organizationId)
    .where('users.deleted_at', 'is', null)
    .where('users.is_guest', '=', 0);
  // Normalized words (letters and digits only): no LIKE escaping needed.
  for (const word of words) {
    const pattern = `%${word}%`;
    matching = matching.where('users.search_text', 'like', pattern);
  }
  const [rows, count] = await Promise.all([
    matching
      .select([
        'users.id',
        'users.name',
        'users.last_name',
        'users.email',
        'users.employee_number',
        'users.role',
        'users.is_super_user',
        'studio_authors.user_id as author_id',
      ])
      .orderBy(sql`case when users.is_super_user = 1 or studio_authors.user_id is not null then 0 else 1 end`)
      .orderBy('users.name')
      .orderBy('users.last_name')
      .orderBy('users.id')
      .limit(take)
      .execute(),
    matching.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** The organization's published lessons with a ready video: all of them (newest first), or those of `ids`. */
export function publishedLessonsOf(db: Db, organizationId: number, ids?: readonly number[]): Promise<LessonRow[]> {
  if (ids?.length === 0) return Promise.resolve([]);
  let query = lessons(db)
    .where('studio_lessons.organization_id', '=', organizationId)
    .where('studio_lessons.published_at', 'is not', null)
    .where('studio_lessons.media_asset_id', 'is not', null);
  if (ids) query = query.where('studio_lessons.id', 'in', ids);
  return query.orderBy('studio_lessons.published_at', 'desc').orderBy('studio_lessons.id', 'desc').limit(500).execute();
}

/** Which of `ids` are the organization's live published lessons (the ones a path's members can play and are measured on). */
export async function publishedLessonIdsOf(db: Db, organizationId: number, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('studio_lessons')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('id', 'in', ids)
    .where('published_at', 'is not', null)
    .where('media_asset_id', 'is not', null)
    .where('deleted_at', 'is', null)
    .execute();
  return rows.map((r) => r.id);
}

/** The organization's live published lessons of `ids` with their titles, in the order of `ids` (others left out). */
export async function publishedLessonTitlesOf(db: Db, organizationId: number, ids: readonly number[]): Promise<{ id: number; title: string }[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('studio_lessons')
    .select(['id', 'title'])
    .where('organization_id', '=', organizationId)
    .where('id', 'in', ids)
    .where('published_at', 'is not', null)
    .where('media_asset_id', 'is not', null)
    .where('deleted_at', 'is', null)
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return [...new Set(ids)].flatMap((id) => byId.get(id) ?? []);
}

/** A member's watch rows of some own lessons. */
export function lessonWatchesOf(db: Db, userId: number, lessonIds: readonly number[]) {
  if (lessonIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('studio_lesson_watches')
    .select(['lesson_id', 'seconds', 'watched_at'])
    .where('user_id', '=', userId)
    .where('lesson_id', 'in', lessonIds)
    .execute();
}

/**
 * Adds a report's seconds to the member's watch time on a lesson (capped at its duration) and marks it watched once,
 * at the share a video is watched at. Answers the new total and whether the lesson is watched.
 */
export async function addLessonWatch(
  db: Db,
  watch: { userId: number; lessonId: number; seconds: number; position: number; duration: number; revision: number },
  t: number,
): Promise<{ seconds: number; watched: boolean }> {
  const row = await db
    .selectFrom('studio_lesson_watches')
    .select(['seconds', 'watched_at'])
    .where('user_id', '=', watch.userId)
    .where('lesson_id', '=', watch.lessonId)
    .executeTakeFirst();
  const seconds = Math.min(watch.duration, Number(row?.seconds ?? 0) + watch.seconds);
  const watchedAt = row?.watched_at ?? (isWatched(seconds, watch.duration) ? t : null);
  const values = { seconds, position_seconds: Math.min(watch.position, watch.duration), watched_at: watchedAt, revision: watch.revision, updated_at: t };
  if (row) await db.updateTable('studio_lesson_watches').set(values).where('user_id', '=', watch.userId).where('lesson_id', '=', watch.lessonId).execute();
  // Two first reports at once (two tabs): the second one's seconds are let go rather than failing the call.
  else
    await db
      .insertInto('studio_lesson_watches')
      .values({ user_id: watch.userId, lesson_id: watch.lessonId, created_at: t, ...values })
      .onConflict((oc) => oc.columns(['user_id', 'lesson_id']).doNothing())
      .execute();
  return { seconds, watched: watchedAt !== null };
}

export type AuditAction = 'created' | 'edited' | 'published' | 'unpublished' | 'deleted' | 'revised' | 'captions';

/** One studio change, written in the change's own transaction. */
export async function insertAudit(
  db: Db,
  entry: { organizationId: number; lessonId: number | null; userId: number; action: AuditAction; title: string; detail: string },
  t: number,
): Promise<void> {
  await db
    .insertInto('studio_audit')
    .values({
      organization_id: entry.organizationId,
      lesson_id: entry.lessonId,
      user_id: entry.userId,
      action: entry.action,
      title: entry.title.slice(0, 200),
      detail: entry.detail.slice(0, 1000),
      created_at: t,
    })
    .execute();
}

/** A page of the organization's studio changes, newest first, with who made each; and how many there are. */
export async function auditPage(db: Db, organizationId: number, page: { skip: number; take: number }) {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('studio_audit')
      .leftJoin('users', 'users.id', 'studio_audit.user_id')
      .select([
        'studio_audit.id',
        'studio_audit.lesson_id',
        'studio_audit.action',
        'studio_audit.title',
        'studio_audit.detail',
        'studio_audit.created_at',
        'users.name',
        'users.last_name',
      ])
      .where('studio_audit.organization_id', '=', organizationId)
      .orderBy('studio_audit.id', 'desc')
      .offset(page.skip)
      .limit(page.take)
      .execute(),
    db
      .selectFrom('studio_audit')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('organization_id', '=', organizationId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** Whether a lesson is published and whether it is deleted (absent: as good as deleted), for its media URLs. */
export function lessonMediaState(db: Db, lessonId: number) {
  return db.selectFrom('studio_lessons').select(['published_at', 'deleted_at']).where('id', '=', lessonId).executeTakeFirst();
}

/** A lesson's caption cues of one language in time order (the captions editor). */
export function lessonCues(db: Db, lessonId: number, lang: string) {
  return db
    .selectFrom('studio_lesson_cues')
    .select(['start_ms', 'end_ms', 'text'])
    .where('lesson_id', '=', lessonId)
    .where('lang', '=', lang)
    .orderBy('start_ms')
    .orderBy('id')
    .execute();
}

/** The organization's first super user (not deleted): who an operator's import of lessons is recorded as. */
export async function firstSuperUserOf(db: Db, organizationId: number): Promise<number | null> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('is_super_user', '=', 1)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** The organization's lessons (deleted ones left out), oldest first, as an import matches its file's lessons to them. */
export function lessonDetailsOf(db: Db, organizationId: number) {
  return db
    .selectFrom('studio_lessons')
    .select(['id', 'title', 'category', 'description'])
    .where('organization_id', '=', organizationId)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute();
}
