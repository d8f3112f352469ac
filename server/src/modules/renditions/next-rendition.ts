import type { AppContext } from '../../app-context.ts';
import { now } from '../../lib/clock.ts';
import type { RunningJob } from '../jobs/index.ts';
import { nextPending, oldestHeldPreparation, releaseStalePreparations } from './preparation.queries.ts';
import { prepareRenditions } from './prepare-renditions.ts';

/** The job queue's queue for preparing renditions: one keyed job at a time, so one ffmpeg runs across all instances. */
export const RENDITIONS_QUEUE = 'prepare-renditions';
/** Its key for preparing: at most one waiting job, whoever asks (a first start, a lesson someone opened, the job itself). */
const NEXT = 'next';
/**
 * Its key for a later look at a preparation some instance holds: apart from NEXT, so a look waiting for its time never
 * holds back a lesson someone asks for. A look only releases and wakes; it never transcodes itself.
 */
const LOOK = 'look';

/** A preparation whose row has not moved for this long belongs to a process that stopped (progress is written every second). */
const STALE_AFTER_MS = 60_000;

/** Asks the queue to prepare what is pending (a first start's demo, a lesson someone is waiting for). */
export async function wakeRenditions(ctx: AppContext): Promise<void> {
  await ctx.jobs.enqueue(RENDITIONS_QUEUE, {}, { singletonKey: NEXT });
}

/** The queue's handler: a look at held preparations, or the next preparation. */
export function runRenditionsJob(ctx: AppContext, job: Pick<RunningJob<{ look?: boolean }>, 'id' | 'payload'>): Promise<void> {
  return job.payload.look ? lookAtHeldPreparations(ctx) : prepareNextRendition(ctx, job.id);
}

/**
 * The job: prepares the next pending asset in queue order (someone waiting first, then priority), then asks for
 * another run while any is left. One asset per job keeps each job's lease to one transcode, and a drain (SIGTERM)
 * waits for at most one. A preparation left stuck by a process that died is released first; a look is booked for
 * when the preparation this job starts (or, with nothing pending, one held elsewhere) would count as stopped.
 */
export async function prepareNextRendition(ctx: AppContext, jobId: string | null = null): Promise<void> {
  await releaseStale(ctx);
  const next = await nextPending(ctx.db);
  if (!next) return bookLook(ctx);
  // Should this instance die mid-transcode, a look finds the preparation stopped and frees the queue.
  await lookAt(ctx, now() + STALE_AFTER_MS);
  const outcome = await prepareRenditions(ctx, next.media_asset_id, undefined, jobId);
  if (outcome === 'ready') ctx.log.info({ event: 'rendition_prepared', assetId: next.media_asset_id });
  await wakeRenditions(ctx);
}

/**
 * An instance that died mid-transcode leaves its asset "preparing", and its job running until the job's long lease
 * runs out (the queue's one running job per key: nothing would be prepared meanwhile): once the row counts as stopped,
 * the asset goes back to pending, its job is failed and the queue is woken, so it is prepared without anyone having to
 * ask for it. Still held (a long transcode alive elsewhere): look again later.
 */
async function lookAtHeldPreparations(ctx: AppContext): Promise<void> {
  if (await releaseStale(ctx)) return wakeRenditions(ctx);
  await bookLook(ctx);
}

async function releaseStale(ctx: AppContext): Promise<number> {
  const t = now();
  const released = await releaseStalePreparations(ctx.db, t - STALE_AFTER_MS, t);
  if (!released.length) return 0;
  for (const { jobId } of released) if (jobId) await ctx.jobs.abandon(RENDITIONS_QUEUE, jobId);
  ctx.log.warn({ event: 'renditions_released', count: released.length });
  return released.length;
}

/** Books a look for when the oldest preparation in hand would count as stopped (none in hand: no look). */
async function bookLook(ctx: AppContext): Promise<void> {
  const heldSince = await oldestHeldPreparation(ctx.db);
  if (heldSince !== null) await lookAt(ctx, heldSince + STALE_AFTER_MS);
}

/** One look waits at a time: a look booked earlier runs first and books the next itself. */
async function lookAt(ctx: AppContext, at: number): Promise<void> {
  await ctx.jobs.enqueue(RENDITIONS_QUEUE, { look: true }, { singletonKey: LOOK, startAfter: Math.max(now(), at) + 1000 });
}
