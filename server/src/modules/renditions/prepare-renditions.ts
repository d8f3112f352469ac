import fs from 'node:fs';
import type { AppContext } from '../../app-context.ts';
import { now } from '../../lib/clock.ts';
import { assetStored, hashFile, MediaError, probeMedia, recordAssetRenditions, renditionLadder, storedRenditions, transcodeAsset } from '../catalog/index.ts';
import { renewCatalogVersion } from '../settings/index.ts';
import { claimPreparation, findAssetSource, finishPreparation, recordProgress } from './preparation.queries.ts';

/** How often a preparation's progress is written: often enough for a progress bar, rarely enough to cost nothing. */
const PROGRESS_EVERY_MS = 1000;

export type PreparationOutcome = 'ready' | 'failed' | 'taken';

/**
 * Prepares one asset's renditions (the unit of background work: a queue job at issue 36's merge). Claims the pending
 * asset (`taken` when another runner has it), transcodes its source into the store under its content hash (kept as it
 * is when already there), then records its renditions and marks it ready in one transaction that renews the catalog
 * version, so every instance's kept video pages show the stream at once. A source that is gone, changed or does not
 * transcode marks it failed with the reason (the video page says so; a later import retries it).
 * `onProgress` receives the whole asset's percent (its renditions in turn, then the poster); `jobId`: the queue job
 * running it, failed at once by whoever finds the preparation stopped (next-rendition.ts).
 */
export async function prepareRenditions(
  ctx: AppContext,
  assetId: number,
  onProgress: (percent: number) => void = () => {},
  jobId: string | null = null,
): Promise<PreparationOutcome> {
  if (!(await claimPreparation(ctx.db, assetId, now(), jobId))) return 'taken';
  const asset = await findAssetSource(ctx.db, assetId);
  if (!asset) return 'taken';
  try {
    if (!fs.existsSync(asset.source_path)) throw new MediaError(`the source ${asset.source_path} is gone`);
    if ((await hashFile(asset.source_path)) !== asset.content_hash) throw new MediaError(`the source ${asset.source_path} changed since its import`);
    const probe = await probeMedia(asset.source_path);
    if (!(await assetStored(ctx.storage, asset.content_hash))) {
      const labels = renditionLadder(probe.width, probe.height).map((rung) => rung.label);
      let written = 0;
      await transcodeAsset(asset.source_path, probe, ctx.storage, asset.content_hash, (step, percent) => {
        // The renditions share 95% in turn; the poster is the last bit.
        const done = step === 'poster' ? 95 : Math.floor(((labels.indexOf(step) + percent / 100) / labels.length) * 95);
        onProgress(done);
        const t = now();
        if (t - written < PROGRESS_EVERY_MS) return;
        written = t;
        void recordProgress(ctx.db, assetId, done, t).catch((error: unknown) => ctx.log.warn({ event: 'rendition_progress_failed', assetId, err: error }));
      });
    }
    const renditions = await storedRenditions(ctx.storage, asset.content_hash, probe);
    await ctx.db.transaction().execute(async (trx) => {
      const t = now();
      await recordAssetRenditions(trx, assetId, renditions, t);
      await finishPreparation(trx, assetId, { ready: true }, t);
      await renewCatalogVersion(trx);
    });
    onProgress(100);
    return 'ready';
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    await finishPreparation(ctx.db, assetId, { ready: false, error: reason }, now());
    ctx.log.error({ event: 'rendition_failed', assetId, reason });
    return 'failed';
  }
}
