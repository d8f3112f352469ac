import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/client.ts';
import { now } from '../../lib/clock.ts';
import { type Cue, storeCaptionTrack } from '../captions/index.ts';
import { assetStored, hashFile, MediaError, probeMedia, recordTranscodedAsset, storedRenditions, transcodeAsset } from '../catalog/index.ts';
import { findLessonById, findUpload, type LessonRow, recordLessonProgress, replaceLessonTrack, updateLessonMedia } from './studio.queries.ts';
import { makeRevisionLive } from './studio-revisions.ts';
import { studioUploadStore } from './studio-upload-store.ts';

/** The job queue's queue of the studio's uploads to process (background-work.ts). */
export const STUDIO_QUEUE = 'studio-process-upload';

export type StudioJob = { lessonId: number; uploadId: string };

/** A lesson published at some point (live now or unpublished since): its videos are revisions, never replaced in place. */
export const everPublished = (lesson: { published_at: number | null; unpublished_at: number | null }) =>
  lesson.published_at !== null || lesson.unpublished_at !== null;

/** How often processing progress is written: enough for a progress bar. */
const PROGRESS_EVERY_MS = 1000;

/**
 * The job: probes the uploaded file, transcodes it into the HLS renditions and poster with the catalog's transcoder
 * (the one the renditions module runs), records the asset and marks the lesson's video ready. A file that does not
 * transcode marks it failed with the reason in words; the lesson stays a draft (only a ready video can be published).
 */
export async function processStudioUpload(ctx: AppContext, job: StudioJob): Promise<void> {
  const lesson = await findLessonById(ctx.db, job.lessonId);
  if (lesson?.media_state !== 'processing') return;
  try {
    await processLessonVideo(ctx, lesson, { uploadId: job.uploadId, progress: (percent) => Math.floor(percent * 0.95) });
  } catch (error) {
    const reason =
      error instanceof MediaError
        ? `The video could not be processed: the file ${error.message}.`
        : `The video could not be processed (${(error as Error).message}).`;
    await failLessonVideo(ctx, job.lessonId, reason);
  }
}

/** The lesson's video failed: it says why; a published lesson keeps playing its live video. */
export async function failLessonVideo(ctx: AppContext, lessonId: number, reason: string): Promise<void> {
  await updateLessonMedia(ctx.db, lessonId, { media_state: 'failed', progress: 0, error: reason }, now());
  ctx.log.error({ event: 'studio_lesson_failed', lessonId, reason });
}

export type LessonVideo = {
  /** The upload (studio_uploads) whose file in the upload store is the source: an author's, or a rendered script's. */
  uploadId: string;
  /** The bar's percent for the transcode's own 0..100 (below 100: the poster and the commit come after). */
  progress: (percent: number) => number;
  /** English captions that go live with the video, in the same transaction (a lesson from a script). */
  captions?: Cue[];
};

/**
 * Transcodes a lesson's new video and makes it the lesson's, with its captions if given, all in one transaction: a
 * draft's video is replaced as it is, a lesson published once (even if unpublished since) gets a revision. Throws
 * (nothing written) when the file does not transcode.
 */
export async function processLessonVideo(ctx: AppContext, lesson: LessonRow, video: LessonVideo): Promise<void> {
  const store = await studioUploadStore(ctx);
  // From a bucket, the file is downloaded for ffmpeg and the copy let go afterwards, whatever happened.
  const { file, release } = await store.localCopy(video.uploadId);
  try {
    await transcodeLessonVideo(ctx, lesson, video, file, store.sourceName(video.uploadId));
  } finally {
    await release();
  }
}

/** The transcode of a local file, recorded as coming from `sourceName` (where the upload stays). */
async function transcodeLessonVideo(ctx: AppContext, lesson: LessonRow, video: LessonVideo, source: string, sourceName: string): Promise<void> {
  const probe = await probeMedia(source);
  const hash = await hashFile(source);
  if (!(await assetStored(ctx.storage, hash))) {
    let written = 0;
    await transcodeAsset(source, probe, ctx.storage, hash, (step, percent) => {
      const t = now();
      if (t - written < PROGRESS_EVERY_MS) return;
      written = t;
      const done = step === 'poster' ? video.progress(100) : Math.min(video.progress(99), video.progress(percent));
      void recordLessonProgress(ctx.db, lesson.id, done, t).catch((error: unknown) =>
        ctx.log.warn({ event: 'studio_progress_failed', lessonId: lesson.id, err: error }),
      );
    });
  }
  const renditions = await storedRenditions(ctx.storage, hash, probe);
  const track = video.captions && { cues: video.captions, hash: await storeCaptionTrack(ctx.storage, video.captions) };
  await ctx.db.transaction().execute(async (trx) => {
    const t = now();
    const assetId = await recordTranscodedAsset(trx, { hash, source: sourceName, probe, renditions }, t);
    const ready = { media_state: 'ready', progress: 100, error: null, media_asset_id: assetId, duration_seconds: probe.durationSeconds } as const;
    if (!everPublished(lesson)) await updateLessonMedia(trx, lesson.id, ready, t);
    else if (!(await publishRevision(trx, lesson, { assetId, durationSeconds: probe.durationSeconds, uploadId: video.uploadId }, t))) return;
    if (track) await replaceLessonTrack(trx, lesson.id, track.cues, { lang: 'en', hash: track.hash, origin: 'author', sourceHash: null, by: null }, t);
  });
  ctx.log.info({ event: 'studio_lesson_processed', lessonId: lesson.id });
}

/**
 * A published (or unpublished) lesson's new video is ready: it goes live as the next revision with the uploader's
 * summary and retraining choice (studio-revisions.ts).
 */
async function publishRevision(trx: Db, lesson: LessonRow, video: { assetId: number; durationSeconds: number; uploadId: string }, t: number): Promise<boolean> {
  const by = (await findUpload(trx, video.uploadId))?.user_id ?? lesson.created_by;
  const made = await makeRevisionLive(
    trx,
    lesson,
    {
      assetId: video.assetId,
      durationSeconds: video.durationSeconds,
      requiresRetraining: lesson.pending_requires_retraining === 1,
      summary: lesson.pending_summary ?? 'New video',
      by,
    },
    t,
  );
  return made !== null;
}
