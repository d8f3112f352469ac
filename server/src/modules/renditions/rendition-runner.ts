import type { AppContext } from '../../app-context.ts';
import { now } from '../../lib/clock.ts';
import { nextPending, releaseStalePreparations } from './preparation.queries.ts';
import { wakeOnWanted } from './preparation-state.ts';
import { prepareRenditions } from './prepare-renditions.ts';

/** A preparation whose row has not moved for this long belongs to a process that stopped (progress is written every second). */
const STALE_AFTER_MS = 60_000;

export type RenditionRunner = {
  /** Looks for pending assets again (after an import recorded some). */
  wake(): void;
  /** Takes no new asset; resolves when the one in hand is finished. */
  stop(): Promise<void>;
  /** Resolves when nothing is left pending (tests, scripts). */
  idle(): Promise<void>;
};

/**
 * The in-process runner of the first start: prepares pending assets one at a time, in queue order (someone waiting
 * first, then priority), until none is left; `wake` starts it again. One ffmpeg at a time keeps a 2-core machine
 * answering while it works. Replaced by a queue job calling prepareRenditions when the job queue lands.
 */
export function startRenditionRunner(ctx: AppContext): RenditionRunner {
  let running: Promise<void> | null = null;
  let stopped = false;
  let again = false;

  const drain = async () => {
    const t = now();
    const released = await releaseStalePreparations(ctx.db, t - STALE_AFTER_MS, t);
    if (released) ctx.log.warn({ event: 'renditions_released', count: released });
    let prepared = 0;
    while (!stopped) {
      const next = await nextPending(ctx.db);
      if (!next) break;
      const outcome = await prepareRenditions(ctx, next.media_asset_id);
      if (outcome === 'ready') prepared++;
    }
    if (prepared) ctx.log.info({ event: 'renditions_prepared', count: prepared });
  };

  const run = () => {
    if (running) {
      again = true;
      return;
    }
    running = drain()
      .catch((error: unknown) => ctx.log.error({ event: 'rendition_runner_failed', err: error }))
      .finally(() => {
        running = null;
        if (again && !stopped) {
          again = false;
          run();
        }
      });
  };

  run();
  wakeOnWanted(run);
  return {
    wake: run,
    async stop() {
      stopped = true;
      wakeOnWanted(null);
      await running;
    },
    async idle() {
      while (running) await running;
    },
  };
}
