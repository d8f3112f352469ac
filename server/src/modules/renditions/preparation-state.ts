import type { Preparation } from '@mm/contract';
import type { AppContext } from '../../app-context.ts';
import { now } from '../../lib/clock.ts';
import { wakeRenditions } from './next-rendition.ts';
import { assetsByHash, findPreparation, markWanted, measuredWorkRate, unfinishedPreparations } from './preparation.queries.ts';
import { DEFAULT_WORK_RATE, secondsUntilReady } from './preparation.rules.ts';

/**
 * What a video page says while its asset's renditions are not prepared yet: null once they are (the renditions
 * recorded with the asset are the mark, so a playable video costs no statement here). Opening a waiting lesson moves
 * it to the front of the queue: someone is waiting for it.
 */
export async function preparationOf(ctx: AppContext, assetId: number, renditionsJson: string): Promise<Preparation | null> {
  if (renditionsJson !== '[]') return null;
  const row = await findPreparation(ctx.db, assetId);
  if (!row) return null;
  const t = now();
  if (row.state === 'failed') return { state: 'failed', progress: 0, seconds_left: 0 };
  // Ready since this instance kept the video's catalog part: the next poll (a renewed catalog version) plays it.
  if (row.state === 'ready') return { state: 'preparing', progress: 100, seconds_left: 1 };
  if (row.state === 'pending' && row.wanted_at === null) {
    await markWanted(ctx.db, assetId, t);
    row.wanted_at = t;
    await wakeRenditions(ctx);
  }
  const [unfinished, rate] = await Promise.all([unfinishedPreparations(ctx.db), measuredWorkRate(ctx.db)]);
  return {
    state: row.state === 'preparing' ? 'preparing' : 'waiting',
    progress: row.state === 'preparing' ? row.progress : 0,
    seconds_left: secondsUntilReady(row, unfinished, rate ?? DEFAULT_WORK_RATE, t),
  };
}

/**
 * The same statement for media known by content hash (a lesson's trailers, the landing's clips, a shared link's video):
 * null for each one that plays, else how far it is. Asking moves a waiting one to the front of the queue, as opening a
 * lesson does: someone is waiting for it. One statement when every one plays.
 */
export async function preparationsOfMedia(ctx: AppContext, hashes: string[]): Promise<Map<string, Preparation | null>> {
  const answers = new Map<string, Preparation | null>(hashes.map((hash) => [hash, null]));
  const waiting = (await assetsByHash(ctx.db, [...new Set(hashes)])).filter((asset) => asset.renditions === '[]');
  // In the order asked (the first one asked is waited on first).
  waiting.sort((a, b) => hashes.indexOf(a.content_hash) - hashes.indexOf(b.content_hash));
  for (const asset of waiting) answers.set(asset.content_hash, await preparationOf(ctx, asset.id, asset.renditions));
  return answers;
}
