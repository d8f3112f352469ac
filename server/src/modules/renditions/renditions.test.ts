import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importTestCatalog, openWholeCatalog, type TestCatalog } from '../../../test/catalog-fixture.ts';
import { organizationWithMembers, signIn, startPlatform, type TestPlatform } from '../../../test/harness.ts';
import { prepareNextRendition, RENDITIONS_QUEUE, runRenditionsJob } from './next-rendition.ts';
import { claimPreparation, recordProgress, releaseStalePreparations } from './preparation.queries.ts';
import { prepareRenditions } from './prepare-renditions.ts';

// A first start records the catalog and prepares its renditions afterwards: meanwhile a lesson answers that it is being
// prepared (200, never an error), with its progress and an estimate, and plays once prepared.

let platform: TestPlatform;
let catalog: TestCatalog;
let member: string;
let guest: string;
let assetId: number;

beforeAll(async () => {
  // This instance works no job: the test prepares by hand what the queue's job would (next-rendition.ts).
  platform = await startPlatform({ RUN_JOBS: 'false' });
  catalog = await importTestCatalog(platform, { renditions: 'later' });
  const acme = await organizationWithMembers(platform, 'Acme');
  await openWholeCatalog(platform, acme.organizationId);
  member = acme.member.token;
  guest = await signIn(platform, platform.ctx.config.guest.email, platform.ctx.config.guest.password);
  const asset = await platform.ctx.db.selectFrom('media_assets').select('id').where('content_hash', '=', catalog.assetHash).executeTakeFirstOrThrow();
  assetId = asset.id;
});
afterAll(() => platform.close());

const view = (token: string, id: number) => platform.api('POST', '/api/videos/view', { token, json: { admin_video_id: id } });
const preparationRow = () => platform.ctx.db.selectFrom('media_preparations').selectAll().where('media_asset_id', '=', assetId).executeTakeFirstOrThrow();

describe('a lesson whose renditions are not prepared yet', () => {
  it('is recorded pending by an import that leaves them for later, with no renditions', async () => {
    expect(await preparationRow()).toMatchObject({ state: 'pending', progress: 0, wanted_at: null });
  });

  it('answers 200 with the waiting state and an estimate, no stream, and moves up the queue', async () => {
    const res = await view(member, catalog.videos.lockout!);
    expect(res.status).toBe(200);
    expect(res.body.data.preparing).toEqual({ state: 'waiting', progress: 0, seconds_left: expect.any(Number) });
    expect(res.body.data.preparing.seconds_left).toBeGreaterThanOrEqual(1);
    expect(res.body.data.main_video).toBeNull();
    expect(res.body.data.main_resolutions).toEqual({});
    // The catalog part of the page is all there meanwhile.
    expect(res.body.data.title).toBe('Lockout');
    expect((await preparationRow()).wanted_at).toEqual(expect.any(Number));
    // Someone waits: the queue is asked for a preparation job (one waiting, however many ask).
    await view(member, catalog.videos.ppe!);
    const queue = (await platform.ctx.jobs.stats()).find((q) => q.name === RENDITIONS_QUEUE);
    expect(queue).toMatchObject({ waiting: 1, active: 0 });
  });

  it('answers the progress while it is being prepared', async () => {
    const t = Date.now();
    expect(await claimPreparation(platform.ctx.db, assetId, t - 10_000)).toBe(true);
    await recordProgress(platform.ctx.db, assetId, 40, t);
    const res = await view(member, catalog.videos.lockout!);
    expect(res.status).toBe(200);
    // 40% in 10 s (and the moments since): about 15 s left at that pace.
    expect(res.body.data.preparing).toMatchObject({ state: 'preparing', progress: 40 });
    expect(res.body.data.preparing.seconds_left).toBeGreaterThanOrEqual(15);
    expect(res.body.data.preparing.seconds_left).toBeLessThan(25);
    expect(res.body.data.main_video).toBeNull();
    // A preparation whose process stopped waits again (this one stands for it).
    expect(await releaseStalePreparations(platform.ctx.db, t + 1, t)).toEqual([{ jobId: null }]);
  });

  it('leaves the guest, who plays too, the same answer', async () => {
    const res = await view(guest, catalog.videos.lockout!);
    expect(res.status).toBe(200);
    expect(res.body.data.preparing.state).toBe('waiting');
  });

  it('plays once prepared: the runner reports progress, marks it ready and the next answer carries the stream', async () => {
    const seen: number[] = [];
    // The same function the runner calls for each asset; a second call finds nothing to take.
    const outcome = await prepareRenditions(platform.ctx, assetId, (percent) => seen.push(percent));
    expect(outcome).toBe('ready');
    expect(seen.at(-1)).toBe(100);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(await prepareRenditions(platform.ctx, assetId)).toBe('taken');
    expect(await preparationRow()).toMatchObject({ state: 'ready', progress: 100, error: null });

    const res = await view(member, catalog.videos.lockout!);
    expect(res.status).toBe(200);
    expect(res.body.data.preparing).toBeNull();
    expect(res.body.data.main_video).toEqual(expect.stringContaining('/master.m3u8'));
    const playlist = await fetch(new URL(res.body.data.main_video, platform.url));
    expect(playlist.status).toBe(200);
    expect(await playlist.text()).toContain('#EXT-X-STREAM-INF');
    // Every video sharing the asset plays too.
    expect((await view(member, catalog.videos.ppe!)).body.data.preparing).toBeNull();
  });

  it('prepares what is left one asset per job, and then has nothing left', async () => {
    for (let job = 0; job < 20; job++) await prepareNextRendition(platform.ctx);
    const left = await platform.ctx.db.selectFrom('media_preparations').select('state').where('state', '!=', 'ready').execute();
    expect(left).toEqual([]);
  });

  it('takes up, without anyone asking, an asset whose instance died mid-transcode, once its row counts as stopped', async () => {
    const db = platform.ctx.db;
    const waiting = async () => (await platform.ctx.jobs.stats()).find((q) => q.name === RENDITIONS_QUEUE)?.waiting ?? 0;
    // An instance took the asset a moment ago and died: nothing is pending, so the last job would simply end.
    await db.updateTable('media_preparations').set({ state: 'preparing', updated_at: Date.now() }).where('media_asset_id', '=', assetId).execute();
    const before = await waiting();
    await prepareNextRendition(platform.ctx);
    // A look is booked for when the row counts as stopped (once: a second job books none).
    expect(await waiting()).toBe(before + 1);
    await prepareNextRendition(platform.ctx);
    expect(await waiting()).toBe(before + 1);
    expect((await preparationRow()).state).toBe('preparing');

    // The look, its time come, a minute without progress later: the asset is pending again and the queue woken.
    await db
      .updateTable('media_preparations')
      .set({ updated_at: Date.now() - 61_000 })
      .where('media_asset_id', '=', assetId)
      .execute();
    await runRenditionsJob(platform.ctx, { id: 'look', payload: { look: true } });
    expect((await preparationRow()).state).toBe('pending');
    await runRenditionsJob(platform.ctx, { id: 'next', payload: {} });
    expect((await preparationRow()).state).toBe('ready');
  });
});
