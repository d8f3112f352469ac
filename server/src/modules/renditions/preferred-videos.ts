import type { AppContext } from '../../app-context.ts';
import { now } from '../../lib/clock.ts';
import { assetsOfVideos, preferAssets } from './preparation.queries.ts';

/** These videos' renditions are prepared before every other pending asset, in this order (the demo's sign-ins' paths). */
export async function preferVideos(ctx: AppContext, videoIds: number[]): Promise<void> {
  await preferAssets(ctx.db, await assetsOfVideos(ctx.db, videoIds), now());
}
