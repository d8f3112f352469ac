import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importTestCatalog, openWholeCatalog, type TestCatalog } from '../../../test/catalog-fixture.ts';
import { giveSeats, organizationWithMembers, STRONG_PASSWORD, signIn, startPlatform, type TestPlatform, uniqueEmail } from '../../../test/harness.ts';
import { addMember } from '../organization/organization.service.ts';
import { renewCatalogVersion } from '../settings/catalog-version.ts';

/**
 * A training record completes at exactly the watch report that makes the video "watched": one 90% threshold.
 * These durations are those where 90% has a fraction that floating point rounds (13 x 0.9 = 11.700000000000001).
 */
const EDGE_DURATIONS = [13, 21, 26, 31, 37, 42, 47, 52];

let platform: TestPlatform;
let catalog: TestCatalog;
beforeAll(async () => {
  platform = await startPlatform();
  catalog = await importTestCatalog(platform);
});
afterAll(() => platform.close());

describe('the watched threshold is one rule for playback and training records', () => {
  it('completes the training record by the very report that makes the video watched, at every edge duration', async () => {
    const org = await organizationWithMembers(platform, 'Threshold Plant');
    await openWholeCatalog(platform, org.organizationId);
    await giveSeats(platform, org.organizationId, 2 + 2 * EDGE_DURATIONS.length);
    const videoId = catalog.videos['bulk-05']!;
    const recordOf = (userId: number) =>
      platform.ctx.db
        .selectFrom('training_records')
        .select(['completed_at'])
        .where('user_id', '=', userId)
        .where('video_id', '=', videoId)
        .where('superseded_at', 'is', null)
        .executeTakeFirst();
    for (const duration of EDGE_DURATIONS) {
      await platform.ctx.db.updateTable('videos').set({ duration_seconds: duration }).where('id', '=', videoId).execute();
      await renewCatalogVersion(platform.ctx.db);
      const email = uniqueEmail(`edge${duration}`);
      const personId = await addMember(platform.ctx, org.organizationId, { email, password: STRONG_PASSWORD, name: 'Edge', lastName: `${duration}` });
      const token = await signIn(platform, email);
      const report = (seconds: number) =>
        platform.api('POST', '/api/watch-user-video', { token, json: { user: personId, video: videoId, timeSpent: seconds / 60 } });
      // Just under 90% in a first report (which opens the record), then exactly 90% in total.
      const under = (duration * 9) / 10 - 0.5;
      const first = await report(under);
      expect(first.status).toBe(201);
      expect(first.body.data.watched).toBe(0);
      expect((await recordOf(personId))?.completed_at ?? null).toBeNull();
      const second = await report(0.5);
      expect(second.body.data.watched, `${duration} s: watched`).toBe(1);
      expect((await recordOf(personId))?.completed_at, `${duration} s: training record completed`).not.toBeNull();
      // And a first report of exactly 90% on its own, which opens a completed record.
      const email2 = uniqueEmail(`edge${duration}b`);
      const otherId = await addMember(platform.ctx, org.organizationId, { email: email2, password: STRONG_PASSWORD, name: 'Edge', lastName: `${duration}b` });
      const token2 = await signIn(platform, email2);
      const once = await platform.api('POST', '/api/watch-user-video', {
        token: token2,
        json: { user: otherId, video: videoId, timeSpent: (duration * 9) / 10 / 60 },
      });
      expect(once.body.data.watched, `${duration} s: watched in one report`).toBe(1);
      expect((await recordOf(otherId))?.completed_at, `${duration} s: completed in one report`).not.toBeNull();
    }
  });
});
