import type { Db } from '../../db/client.ts';
import type { StudioLessonVersionTable } from '../../db/schema.ts';
import { searchText } from '../../lib/search-text.ts';

/** A lesson's narrated version in a language, with its rendition's content hash (null before one is ready). */
export async function findVersion(db: Db, lessonId: number, lang: string) {
  const row = await db
    .selectFrom('studio_lesson_versions')
    .leftJoin('media_assets', 'media_assets.id', 'studio_lesson_versions.media_asset_id')
    .select([
      'studio_lesson_versions.lesson_id',
      'studio_lesson_versions.lang',
      'studio_lesson_versions.title',
      'studio_lesson_versions.description',
      'studio_lesson_versions.steps',
      'studio_lesson_versions.origin',
      'studio_lesson_versions.media_state',
      'studio_lesson_versions.progress',
      'studio_lesson_versions.error',
      'studio_lesson_versions.media_asset_id',
      'studio_lesson_versions.duration_seconds',
      'studio_lesson_versions.captions_hash',
      'studio_lesson_versions.upload_id',
      'studio_lesson_versions.source_asset_id',
      'studio_lesson_versions.updated_at',
      'media_assets.content_hash',
    ])
    .where('studio_lesson_versions.lesson_id', '=', lessonId)
    .where('studio_lesson_versions.lang', '=', lang)
    .executeTakeFirst();
  return (
    row && {
      ...row,
      steps: JSON.parse(row.steps) as string[],
      progress: Number(row.progress),
      updated_at: Number(row.updated_at),
      duration_seconds: row.duration_seconds === null ? null : Number(row.duration_seconds),
    }
  );
}
export type VersionRow = NonNullable<Awaited<ReturnType<typeof findVersion>>>;

/** The languages of a lesson's versions members can be given (a rendition is ready). */
export async function playableVersionLangs(db: Db, lessonId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('studio_lesson_versions')
    .select('lang')
    .where('lesson_id', '=', lessonId)
    .where('media_asset_id', 'is not', null)
    .orderBy('lang')
    .execute();
  return rows.map((r) => r.lang);
}

/** Saves a version's script and marks it rendering (its earlier rendition, if any, stays playable until the new one is ready). */
export async function saveVersionScript(
  db: Db,
  version: { lessonId: number; lang: string; title: string; description: string; steps: string[]; origin: 'author' | 'machine'; by: number },
  t: number,
): Promise<void> {
  const values = {
    title: version.title,
    description: version.description,
    steps: JSON.stringify(version.steps),
    origin: version.origin,
    media_state: 'processing' as const,
    progress: 0,
    error: null,
    updated_by: version.by,
    updated_at: t,
  };
  await db
    .insertInto('studio_lesson_versions')
    .values({ lesson_id: version.lessonId, lang: version.lang, ...values })
    .onConflict((oc) => oc.columns(['lesson_id', 'lang']).doUpdateSet(values))
    .execute();
}

type VersionMedia = Partial<
  Pick<StudioLessonVersionTable, 'media_state' | 'error' | 'media_asset_id' | 'duration_seconds' | 'captions_hash' | 'upload_id' | 'source_asset_id'> & {
    progress: number;
  }
>;

export async function updateVersionMedia(db: Db, lessonId: number, lang: string, media: VersionMedia): Promise<void> {
  await db.updateTable('studio_lesson_versions').set(media).where('lesson_id', '=', lessonId).where('lang', '=', lang).execute();
}

/** The uploads (rendered MP4s) the lesson's versions play: a new video of the lesson's own does not replace them. */
export async function versionUploadsOf(db: Db, lessonId: number): Promise<string[]> {
  const rows = await db.selectFrom('studio_lesson_versions').select('upload_id').where('lesson_id', '=', lessonId).where('upload_id', 'is not', null).execute();
  return rows.flatMap((r) => (r.upload_id ? [r.upload_id] : []));
}

export type VersionCue = { startMs: number; endMs: number; text: string; origin: 'author' | 'machine' };

/** A version's captions in time order (the captions editor's lines, each with where its words came from). */
export async function versionCues(db: Db, lessonId: number, lang: string): Promise<VersionCue[]> {
  const rows = await db
    .selectFrom('studio_version_cues')
    .select(['start_ms', 'end_ms', 'text', 'origin'])
    .where('lesson_id', '=', lessonId)
    .where('lang', '=', lang)
    .orderBy('start_ms')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ startMs: Number(r.start_ms), endMs: Number(r.end_ms), text: r.text, origin: r.origin }));
}

/** Replaces a version's captions: its cues (what the search finds) and the file its viewers are served (`captionsHash`). */
export async function replaceVersionCaptions(db: Db, lessonId: number, lang: string, cues: VersionCue[], captionsHash: string): Promise<void> {
  await db.deleteFrom('studio_version_cues').where('lesson_id', '=', lessonId).where('lang', '=', lang).execute();
  for (let i = 0; i < cues.length; i += 200)
    await db
      .insertInto('studio_version_cues')
      .values(
        cues.slice(i, i + 200).map((c) => ({
          lesson_id: lessonId,
          lang,
          start_ms: c.startMs,
          end_ms: c.endMs,
          text: c.text,
          search_text: searchText(c.text),
          origin: c.origin,
        })),
      )
      .execute();
  await updateVersionMedia(db, lessonId, lang, { captions_hash: captionsHash });
}

/**
 * A narrated version brought by an import, with no rendition yet: failed, with the reason, so that an author renders
 * it from the studio once the lesson's English video is ready (a rendition is made beside that video).
 */
export async function insertUnrenderedVersion(
  db: Db,
  version: { lessonId: number; lang: string; title: string; description: string; steps: string[]; origin: 'author' | 'machine'; by: number; error: string },
  t: number,
): Promise<void> {
  await db
    .insertInto('studio_lesson_versions')
    .values({
      lesson_id: version.lessonId,
      lang: version.lang,
      title: version.title,
      description: version.description,
      steps: JSON.stringify(version.steps),
      origin: version.origin,
      media_state: 'failed',
      progress: 0,
      error: version.error,
      updated_by: version.by,
      updated_at: t,
    })
    .execute();
}
