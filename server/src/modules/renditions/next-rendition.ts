import type { AppContext } from '../../app-context.ts';
import { now } from '../../lib/clock.ts';
import { nextPending, releaseStalePreparations } from './preparation.queries.ts';
import { prepareRenditions } from './prepare-renditions.ts';

/** The job queue's queue for preparing renditions: one keyed job at a time, so one ffmpeg runs across all instances. */
export const RENDITIONS_QUEUE = 'prepare-renditions';
/** Its one key: at most one waiting job, whoever asks (a first start, a lesson someone opened, the job itself). */
const NEXT = 'next';

/** A preparation whose row has not moved for this long belongs to a process that stopped (progress is written every second). */
const STALE_AFTER_MS = 60_000;

/** Asks the queue to prepare what is pending (a first start's demo, a lesson someone is waiting for). */
export async function wakeRenditions(ctx: AppContext): Promise<void> {
  await ctx.jobs.enqueue(RENDITIONS_QUEUE, {}, { singletonKey: NEXT });
}

/**
 * The job: prepares the next pending asset in queue order (someone waiting first, then priority), then asks for
 * another run while any is left. One asset per job keeps each job's lease to one transcode, and a drain (SIGTERM)
 * waits for at most one. A preparation left stuck by a process that died is released first.
 */
export async function prepareNextRendition(ctx: AppContext): Promise<void> {
  const t = now();
  const released = await releaseStalePreparations(ctx.db, t - STALE_AFTER_MS, t);
  if (released) ctx.log.warn({ event: 'renditions_released', count: released });
  const next = await nextPending(ctx.db);
  if (!next) return;
  const outcome = await prepareRenditions(ctx, next.media_asset_id);
  if (outcome === 'ready') ctx.log.info({ event: 'rendition_prepared', assetId: next.media_asset_id });
  await wakeRenditions(ctx);
}
