import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { StudioScriptStep } from '@mm/contract';
import type { AppContext } from '../../app-context.ts';
import { now } from '../../lib/clock.ts';
import { type Cue, storeCaptionTrack } from '../captions/index.ts';
import {
  finishUpload,
  firstSuperUserOf,
  insertAudit,
  insertLesson,
  insertScriptPhoto,
  insertUpload,
  lessonDetailsOf,
  quotaOf,
  replaceLessonTrack,
  storageUsed,
  updateLessonDetails,
  updateLessonMedia,
} from './studio.queries.ts';
import { STUDIO_QUEUE, type StudioJob } from './studio-processing.ts';
import { withinStudioQuota } from './studio-quota.ts';
import { saveScript } from './studio-script.queries.ts';
import { studioUploadStore } from './studio-upload-store.ts';
import { insertUnrenderedVersion } from './studio-versions.queries.ts';

/**
 * The studio's side of an operator's import of an organization's own lessons (`platform import-lessons`, the
 * catalog-export module reads and checks the file): a new lesson is written as an author's would be (the lesson, its
 * video as a finished upload queued for the studio's processing job, its captions, script and photos, an audit entry),
 * a known one only has its details set when they differ.
 */

/** A lesson of the file, checked: its files are on this machine, its captions parsed. */
export type ImportedLesson = {
  title: string;
  category: string;
  description: string;
  /** The video's source file (the studio processes it as an upload), or null for a lesson without a video yet. */
  video: string | null;
  captions: { lang: string; origin: 'author' | 'machine'; sourceHash: string | null; cues: Cue[] }[];
  /** The script's steps, each with its photo's file (or null); null for a lesson from an uploaded video. */
  script: { text: string; photo: string | null }[] | null;
  versions: { lang: string; title: string; description: string; steps: string[]; origin: 'author' | 'machine' }[];
};

export const UNRENDERED_VERSION = 'Imported without its rendition: render it again once the lesson is processed.';

/** Whom the import is recorded as (the organization's first super user; null: it has none), and its lessons to match. */
export async function lessonsImportTarget(ctx: AppContext, organizationId: number) {
  const [by, lessons, used, quota] = await Promise.all([
    firstSuperUserOf(ctx.db, organizationId),
    lessonDetailsOf(ctx.db, organizationId),
    storageUsed(ctx.db, organizationId),
    quotaOf(ctx.db, organizationId),
  ]);
  return { by, lessons, storageLeft: (quota ?? ctx.config.studio.quotaBytes) - used };
}

/** A known lesson's title, category and description as the file has them (the caller checked that they differ). */
export async function importLessonDetails(
  ctx: AppContext,
  organizationId: number,
  lessonId: number,
  details: { title: string; category: string; description: string },
  by: number,
  from: string,
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const t = now();
    if (!(await updateLessonDetails(trx, lessonId, organizationId, details, t))) return;
    await insertAudit(trx, { organizationId, lessonId, userId: by, action: 'edited', title: details.title, detail: `Details imported from ${from}` }, t);
  });
}

/**
 * A new own lesson of the organization, a draft: its video kept as a finished upload and queued for the studio's
 * processing job (the one an author's upload goes through), its captions, script (photos copied into the
 * organization's folder) and narrated versions' texts, all counted against the studio quota and recorded in one
 * transaction with its audit entry. Answers its id.
 */
export async function importOwnLesson(ctx: AppContext, organizationId: number, lesson: ImportedLesson, by: number, from: string): Promise<number> {
  const tracks = await Promise.all(lesson.captions.map(async (track) => ({ ...track, hash: await storeCaptionTrack(ctx.storage, track.cues) })));
  const photos: { key: string; size: number }[] = [];
  const steps: StudioScriptStep[] = [];
  for (const step of lesson.script ?? []) {
    if (!step.photo) {
      steps.push({ text: step.text, photo_url: null });
      continue;
    }
    const key = `uploads/studio-photos/${organizationId}/${randomBytes(16).toString('hex')}.jpg`;
    const bytes = fs.readFileSync(step.photo);
    await ctx.storage.put(key, bytes, 'image/jpeg');
    photos.push({ key, size: bytes.length });
    steps.push({ text: step.text, photo_url: `/${key}` });
  }
  const store = await studioUploadStore(ctx);
  const upload = lesson.video ? { id: randomBytes(16).toString('hex'), size: fs.statSync(lesson.video).size } : null;
  if (upload && lesson.video) {
    // Kept as an upload is (moved on a local directory): a copy beside the uploads, never the export's own file.
    const renders = path.join(ctx.config.dataDir, 'studio-renders');
    fs.mkdirSync(renders, { recursive: true });
    const copy = path.join(renders, `import-${upload.id}${path.extname(lesson.video)}`);
    fs.copyFileSync(lesson.video, copy);
    await store.keep(upload.id, copy);
    fs.rmSync(copy, { force: true });
  }
  let lessonId = 0;
  const bytes = (upload?.size ?? 0) + photos.reduce((n, p) => n + p.size, 0);
  try {
    await withinStudioQuota(ctx, organizationId, bytes, async (trx) => {
      const t = now();
      lessonId = await insertLesson(trx, { organizationId, title: lesson.title, category: lesson.category, description: lesson.description, createdBy: by }, t);
      if (upload) {
        await insertUpload(trx, { id: upload.id, organizationId, lessonId, userId: by, size: upload.size }, t);
        await finishUpload(trx, upload.id, t);
        await updateLessonMedia(trx, lessonId, { media_state: 'processing', progress: 0, error: null }, t);
      }
      for (const track of tracks)
        await replaceLessonTrack(trx, lessonId, track.cues, { lang: track.lang, hash: track.hash, origin: track.origin, sourceHash: track.sourceHash, by }, t);
      for (const photo of photos) await insertScriptPhoto(trx, { key: photo.key, organizationId, userId: by, size: photo.size }, t);
      if (lesson.script) await saveScript(trx, lessonId, steps, by, t);
      for (const version of lesson.versions) await insertUnrenderedVersion(trx, { lessonId, ...version, by, error: UNRENDERED_VERSION }, t);
      const parts = [
        upload ? 'video queued for processing' : 'no video',
        `${lesson.captions.length} caption ${lesson.captions.length === 1 ? 'track' : 'tracks'}`,
        ...(lesson.script ? [`script of ${lesson.script.length} steps`] : []),
      ];
      await insertAudit(
        trx,
        {
          organizationId,
          lessonId,
          userId: by,
          action: 'created',
          title: lesson.title,
          detail: `Imported from ${from} (${parts.join(', ')}); category: ${lesson.category}`,
        },
        t,
      );
    });
  } catch (error) {
    if (upload) await store.remove(upload.id);
    for (const photo of photos) await ctx.storage.delete(photo.key).catch(() => {});
    throw error;
  }
  if (upload) await ctx.jobs.enqueue(STUDIO_QUEUE, { lessonId, uploadId: upload.id } satisfies StudioJob);
  return lessonId;
}
