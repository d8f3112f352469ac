import path from 'node:path';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/client.ts';
import { now } from '../../lib/clock.ts';
import { assetStored, hashFile, MediaError, probeMedia, recordTranscodedAsset, storedRenditions, transcodeAsset } from '../catalog/index.ts';
import { insertNotices } from '../notices/index.ts';
import {
  findLessonById,
  findUpload,
  insertAudit,
  insertRevision,
  type LessonRow,
  recordLessonProgress,
  resetCompletions,
  updateLessonMedia,
} from './studio.queries.ts';

/** The job queue's queue of the studio's uploads to process (background-work.ts). */
export const STUDIO_QUEUE = 'studio-process-upload';

export type StudioJob = { lessonId: number; uploadId: string };

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
      if (lesson.published_at === null) await updateLessonMedia(trx, job.lessonId, ready, t);
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
 * A published lesson's new video is ready: in one transaction it becomes the live video as the next revision (the
 * earlier one played until now, so members never see a half-made one), the revision is recorded with the author's
 * summary, and when the author said it requires retraining, everyone who had watched the lesson has it to watch again
 * (their watch time starts over, their path shows it not done) and is told so by a notice, as the people qualified
 * through a revised catalog video are.
 */
async function publishRevision(trx: Db, lesson: LessonRow, video: { assetId: number; durationSeconds: number; uploadId: string }, t: number): Promise<void> {
  const revision = lesson.revision + 1;
  const requiresRetraining = lesson.pending_requires_retraining === 1;
  const by = (await findUpload(trx, video.uploadId))?.user_id ?? lesson.created_by;
  await updateLessonMedia(
    trx,
    lesson.id,
    {
      media_state: 'ready',
      progress: 100,
      error: null,
      media_asset_id: video.assetId,
      duration_seconds: video.durationSeconds,
      revision,
      pending_requires_retraining: null,
      pending_summary: null,
    },
    t,
  );
  await insertRevision(
    trx,
    {
      lessonId: lesson.id,
      revision,
      mediaAssetId: video.assetId,
      durationSeconds: video.durationSeconds,
      requiresRetraining,
      summary: lesson.pending_summary ?? 'New video',
      by,
    },
    t,
  );
  const retrained = requiresRetraining ? await resetCompletions(trx, lesson.id, t) : [];
  await insertAudit(
    trx,
    {
      organizationId: lesson.organization_id,
      lessonId: lesson.id,
      userId: by,
      action: 'revised',
      title: lesson.title,
      detail: `Revision ${revision} is live${requiresRetraining ? `, requires retraining (${retrained.length} asked to watch again)` : ''}: ${lesson.pending_summary ?? 'a new video'}`,
    },
    t,
  );
  if (!requiresRetraining) return;
  await insertNotices(
    trx,
    retrained.map((userId) => ({
      userId,
      senderId: null,
      kind: 'lesson_retrain',
      message: `"${lesson.title}" has a new version that requires retraining: please watch it again. What changed: ${lesson.pending_summary ?? 'a new video'}`,
    })),
    t,
  );
}
