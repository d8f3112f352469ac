/**
 * When an asset's renditions will be ready: pure rules over the unfinished preparations (one runner works through
 * them one at a time, in `queueOrder`).
 */

export type QueuedPreparation = {
  media_asset_id: number;
  state: 'pending' | 'preparing' | 'ready' | 'failed';
  priority: number;
  wanted_at: number | null;
  progress: number;
  started_at: number | null;
  duration_seconds: number;
};

/**
 * Seconds of work per second of media before this platform has prepared anything: the demo's slide lessons
 * (720p, 2 frames a second, two renditions and a poster) took about 0.05 s per second on this 2-core machine
 * alone; a loaded machine takes longer, and the estimate learns the real rate from the first asset on.
 */
export const DEFAULT_WORK_RATE = 0.1;

/** The order the runner takes pending assets in (preparation.queries.ts nextPending says the same in SQL). */
export function queueOrder(a: QueuedPreparation, b: QueuedPreparation): number {
  const wanted = (p: QueuedPreparation) => (p.wanted_at === null ? 1 : 0);
  return wanted(a) - wanted(b) || (a.wanted_at ?? 0) - (b.wanted_at ?? 0) || a.priority - b.priority || a.media_asset_id - b.media_asset_id;
}

const expectedSeconds = (p: QueuedPreparation, rate: number) => Math.max(1, p.duration_seconds * rate);

/** What is left of one asset's work: from its own pace once it has some progress, else from the rate. */
function remainingSeconds(p: QueuedPreparation, rate: number, t: number): number {
  if (p.state !== 'preparing' || p.started_at === null) return expectedSeconds(p, rate);
  const elapsed = Math.max(0, (t - p.started_at) / 1000);
  if (p.progress >= 5) return (elapsed * (100 - p.progress)) / p.progress;
  return Math.max(1, expectedSeconds(p, rate) - elapsed);
}

/**
 * Whole seconds until `target` is ready: what is left of the assets being prepared, the pending ones taken before it,
 * and its own work. At least 1.
 */
export function secondsUntilReady(target: QueuedPreparation, unfinished: QueuedPreparation[], rate: number, t: number): number {
  if (target.state === 'preparing') return Math.max(1, Math.ceil(remainingSeconds(target, rate, t)));
  let seconds = expectedSeconds(target, rate);
  for (const other of unfinished) {
    if (other.media_asset_id === target.media_asset_id) continue;
    if (other.state === 'preparing') seconds += remainingSeconds(other, rate, t);
    else if (other.state === 'pending' && queueOrder(other, target) < 0) seconds += expectedSeconds(other, rate);
  }
  return Math.max(1, Math.ceil(seconds));
}
