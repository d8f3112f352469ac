import { describe, expect, it } from 'vitest';
import { type QueuedPreparation, queueOrder, secondsUntilReady } from './preparation.rules.ts';

const T = 1_000_000;
const row = (id: number, extra: Partial<QueuedPreparation> = {}): QueuedPreparation => ({
  media_asset_id: id,
  state: 'pending',
  priority: id,
  wanted_at: null,
  progress: 0,
  started_at: null,
  duration_seconds: 100,
  ...extra,
});

describe('queueOrder', () => {
  it('takes the assets someone waits on first (earliest wait first), then by priority, then by id', () => {
    const rows = [row(1, { priority: 5 }), row(2, { priority: -1 }), row(3, { wanted_at: T + 5 }), row(4, { wanted_at: T }), row(5, { priority: -1 })];
    expect(rows.sort(queueOrder).map((r) => r.media_asset_id)).toEqual([4, 3, 2, 5, 1]);
  });
});

describe('secondsUntilReady', () => {
  it('counts what is left of the asset in hand, the ones before it, and its own work', () => {
    const inHand = row(1, { state: 'preparing', progress: 50, started_at: T - 20_000 });
    const before = row(2, { priority: 0 });
    const target = row(3, { priority: 1 });
    const after = row(4, { priority: 2 });
    // 20 s left of the one in hand (half done in 20 s), 100 s x 0.1 for the one before, 10 s for its own.
    expect(secondsUntilReady(target, [inHand, before, target, after], 0.1, T)).toBe(40);
  });

  it('answers an asset in hand from its own pace, or from the rate before it has any', () => {
    expect(secondsUntilReady(row(1, { state: 'preparing', progress: 80, started_at: T - 8_000 }), [], 0.1, T)).toBe(2);
    expect(secondsUntilReady(row(1, { state: 'preparing', progress: 0, started_at: T - 3_000 }), [], 0.1, T)).toBe(7);
  });

  it('moves a lesson someone opened before the rest, and never answers less than a second', () => {
    const waitedOn = row(9, { wanted_at: T, priority: 99 });
    expect(secondsUntilReady(waitedOn, [row(1), row(2), waitedOn], 0.1, T)).toBe(10);
    expect(secondsUntilReady(row(1, { duration_seconds: 0.5 }), [], 0.1, T)).toBe(1);
  });
});
