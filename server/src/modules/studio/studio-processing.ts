import path from 'node:path';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/client.ts';
import { now } from '../../lib/clock.ts';
import { assetStored, hashFile, MediaError, probeMedia, recordTranscodedAsset, storedRenditions, transcodeAsset } from '../catalog/index.ts';
import { findLessonById, findUpload, type LessonRow, recordLessonProgress, updateLessonMedia } from './studio.queries.ts';
import { makeRevisionLive } from './studio-revisions.ts';

/** The job queue's queue of the studio's uploads to process (background-work.ts). */
export const STUDIO_QUEUE = 'studio-process-upload';

export type StudioJob = { lessonId: number; uploadId: string };

/** A lesson published at some point (live now or unpublished since): its videos are revisions, never replaced in place. */
export const everPublished = (lesson: { published_at: number | null; unpublished_at: number | null }) =>
  lesson.published_at !== null || lesson.unpublished_at !== null;

/** Where the tus uploads are written, one file per upload (its id), and kept as the source of the lesson's asset. */
export const studioUploadDir = (dataDir: string) => path.join(dataDir, 'studio-uploads');

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
  const source = path.join(studioUploadDir(ctx.config.dataDir), job.uploadId);
  try {
    const probe = await probeMedia(source);
    const hash = await hashFile(source);
    if (!(await assetStored(ctx.storage, hash))) {
      let written = 0;
      await transcodeAsset(source, probe, ctx.storage, hash, (step, percent) => {
        const t = now();
        if (t - written < PROGRESS_EVERY_MS) return;
        written = t;
        const done = step === 'poster' ? 95 : Math.min(94, Math.floor(percent * 0.95));
        void recordLessonProgress(ctx.db, job.lessonId, done, t).catch((error: unknown) =>
          ctx.log.warn({ event: 'studio_progress_failed', lessonId: job.lessonId, err: error }),
        );
      });
    }
    const renditions = await storedRenditions(ctx.storage, hash, probe);
    await ctx.db.transaction().execute(async (trx) => {
      const t = now();
      const assetId = await recordTranscodedAsset(trx, { hash, source, probe, renditions }, t);
      const ready = { media_state: 'ready', progress: 100, error: null, media_asset_id: assetId, duration_seconds: probe.durationSeconds } as const;
      // A draft's video is replaced as it is; a lesson published once (even if unpublished since) gets a revision.
      if (!everPublished(lesson)) await updateLessonMedia(trx, job.lessonId, ready, t);
      else await publishRevision(trx, lesson, { assetId, durationSeconds: probe.durationSeconds, uploadId: job.uploadId }, t);
    });
    ctx.log.info({ event: 'studio_lesson_processed', lessonId: job.lessonId });
  } catch (error) {
    const reason =
      error instanceof MediaError
        ? `The video could not be processed: the file ${error.message}.`
        : `The video could not be processed (${(error as Error).message}).`;
    await updateLessonMedia(ctx.db, job.lessonId, { media_state: 'failed', progress: 0, error: reason }, now());
    ctx.log.error({ event: 'studio_lesson_failed', lessonId: job.lessonId, reason });
  }
}

/**
 * A published (or unpublished) lesson's new video is ready: it goes live as the next revision with the uploader's
 * summary and retraining choice (studio-revisions.ts).
 */
async function publishRevision(trx: Db, lesson: LessonRow, video: { assetId: number; durationSeconds: number; uploadId: string }, t: number): Promise<void> {
  const by = (await findUpload(trx, video.uploadId))?.user_id ?? lesson.created_by;
  await makeRevisionLive(
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
}
