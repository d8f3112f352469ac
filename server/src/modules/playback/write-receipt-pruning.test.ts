import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importTestCatalog, openWholeCatalog, type TestCatalog } from '../../../test/catalog-fixture.ts';
import { organizationWithMembers, startPlatform, type TestPlatform } from '../../../test/harness.ts';
import { atMoment, DAY, HOUR, now } from '../../lib/clock.ts';
import { PRUNE_BATCH, pruneWriteReceipts, RECEIPT_WINDOW } from './write-receipt-pruning.ts';

/** Write receipts are kept 30 days, pruned hourly by one instance, and a replay inside the window still counts once. */
let platform: TestPlatform;
let catalog: TestCatalog;
beforeAll(async () => {
  platform = await startPlatform();
  catalog = await importTestCatalog(platform);
});
afterAll(() => platform.close());

const receiptsOf = async (userId: number) =>
  (await platform.ctx.db.selectFrom('write_receipts').select(['request_id', 'received_at']).where('user_id', '=', userId).execute()).map((r) => r.request_id);

describe('write receipts pruning', () => {
  it('deletes receipts older than the window in batches, keeps recent ones, and a recent replay still counts once', async () => {
    const acme = await organizationWithMembers(platform, 'Receipts Plant');
    await openWholeCatalog(platform, acme.organizationId);
    const like = { admin_video_id: catalog.videos['bulk-06'], request_id: 'offline-like-recent-01' };
    const press = () => platform.api('POST', '/api/videos/like', { token: acme.member.token, json: like });
    const first = await press();
    expect(first.body.data.user_vote).toBe(1);

    // More old receipts than one batch, and one just inside the window of the prune's hour (2 hours from now).
    const t = now();
    const later = t + 2 * HOUR;
    const old = Array.from({ length: PRUNE_BATCH + 250 }, (_, i) => ({
      user_id: acme.member.id,
      request_id: `offline-old-${String(i).padStart(5, '0')}`,
      received_at: t - RECEIPT_WINDOW - DAY - i,
    }));
    for (let i = 0; i < old.length; i += 500)
      await platform.ctx.db
        .insertInto('write_receipts')
        .values(old.slice(i, i + 500))
        .execute();
    await platform.ctx.db
      .insertInto('write_receipts')
      .values({ user_id: acme.member.id, request_id: 'offline-inside-window', received_at: later - RECEIPT_WINDOW + HOUR })
      .execute();

    // That hour, two instances tick: one takes the prune, the other finds it taken.
    const [a, b] = await atMoment(later, () => Promise.all([pruneWriteReceipts(platform.ctx), pruneWriteReceipts(platform.ctx)]));
    expect([a, b].sort()).toEqual([PRUNE_BATCH + 250, null].sort());
    expect((await receiptsOf(acme.member.id)).sort()).toEqual(['offline-inside-window', like.request_id]);

    // The recent press replayed (the offline queue sends it again): still applied once.
    const replay = await press();
    expect(replay.status).toBe(200);
    expect(replay.body.data).toMatchObject({ user_vote: 1, like_count: first.body.data.like_count });
  });
});
