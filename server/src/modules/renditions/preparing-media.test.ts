import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importTestCatalog, insertFakeAsset, openWholeCatalog, type TestCatalog } from '../../../test/catalog-fixture.ts';
import { organizationWithMembers, startPlatform, type TestPlatform } from '../../../test/harness.ts';
import { MASTER_PLAYLIST } from '../catalog/index.ts';
import { mediaSigner } from '../media/index.ts';
import { nextPending, recordPreparations } from './preparation.queries.ts';
import { prepareRenditions } from './prepare-renditions.ts';

// Issue 36: after a first start, a lesson's trailer, the landing's clips and a shared link's video are prepared in the
// background like the lessons. Asked for before that, they say they are being prepared (never a stream that answers
// 404), and the asking moves their media to the front of the queue.
let platform: TestPlatform;
let catalog: TestCatalog;
let member: string;
let clipAssetId: number;
let shared: { video: string; token_video: string };

beforeAll(async () => {
  // This instance works no job: the queue's order is read as the job would read it (nextPending).
  platform = await startPlatform({ RUN_JOBS: 'false' });
  catalog = await importTestCatalog(platform, { renditions: 'later' });
  const acme = await organizationWithMembers(platform, 'Acme');
  await openWholeCatalog(platform, acme.organizationId);
  member = acme.member.token;
  const db = platform.ctx.db;
  const clip = await db.selectFrom('media_assets').select('id').where('content_hash', '=', catalog.assetHash).executeTakeFirstOrThrow();
  clipAssetId = clip.id;
  // The landing's four clips are the catalog's one clip (an import writes the row; the test catalog has no landing).
  await db
    .insertInto('landing_content')
    .values({
      id: 1,
      banner_title: 'Learn from the best',
      banner_video_asset_id: clipAssetId,
      section1_title: 'One',
      section1_description: 'First',
      section1_video_asset_id: clipAssetId,
      section2_title: 'Two',
      section2_description: 'Second',
      section2_video_asset_id: clipAssetId,
      section3_title: 'Three',
      section3_description: 'Third',
      section3_video_asset_id: clipAssetId,
      updated_at: Date.now(),
    })
    .execute();
  // Two other assets wait ahead of the clip (as the demo's lessons do on a first start).
  await insertFakeAsset(db, 'a', 60);
  await insertFakeAsset(db, 'b', 60);
  await recordPreparations(
    db,
    [
      { hash: 'a'.repeat(64), ready: false, priority: -2 },
      { hash: 'b'.repeat(64), ready: false, priority: -1 },
    ],
    Date.now(),
  );
  const share = await platform.api('POST', '/api/videos/share', {
    token: member,
    json: { admin_video_id: catalog.videos.lockout, emails: '["friend@example.com"]' },
  });
  expect(share.status).toBe(200);
  const mail = await db.selectFrom('outbox').select('text_body').where('to_address', '=', 'friend@example.com').executeTakeFirstOrThrow();
  const link = /\/watch\/([\w-]+)\/([\w-]+)/.exec(mail.text_body ?? '');
  shared = { video: link?.[1] as string, token_video: link?.[2] as string };
}, 60_000);
afterAll(() => platform.close());

const firstInLine = async () => (await nextPending(platform.ctx.db))?.media_asset_id;

/** Back to what a first start leaves: the clip waits behind the two others, nobody has asked for it. */
async function nobodyWaiting(): Promise<void> {
  await platform.ctx.db.updateTable('media_preparations').set({ wanted_at: null }).execute();
  expect(await firstInLine()).not.toBe(clipAssetId);
}

const waiting = { state: 'waiting', progress: 0, seconds_left: expect.any(Number) };

describe('media asked for before its renditions are prepared', () => {
  it("a lesson's trailer says it is being prepared, with no stream, and goes to the front of the queue", async () => {
    await nobodyWaiting();
    const res = await platform.api('POST', '/api/videos/view/second', { token: member, json: { admin_video_id: catalog.videos.lockout } });
    expect(res.status).toBe(200);
    const [trailer] = res.body.data.trailer_section;
    expect(trailer).toMatchObject({ name: 'Lockout trailer', main_video: null, resolutions: {}, preparing: waiting });
    expect(await firstInLine()).toBe(clipAssetId);
  });

  it("the landing's clips say they are being prepared, and go to the front of the queue", async () => {
    await nobodyWaiting();
    const res = await platform.api('GET', '/api/landing');
    expect(res.status).toBe(200);
    expect(res.body.data.preparing).toEqual({ banner: waiting, section1: waiting, section2: waiting, section3: waiting });
    expect(await firstInLine()).toBe(clipAssetId);
  });

  it("a shared link's video says it is being prepared, and goes to the front of the queue", async () => {
    await nobodyWaiting();
    const res = await platform.api('GET', '/api/videos/share', { query: shared });
    expect(res.status).toBe(200);
    expect(res.body.data.title).toBe('Lockout');
    expect(res.body.data.preparing).toEqual(waiting);
    expect(await firstInLine()).toBe(clipAssetId);
  });

  it("a player that fetches the clip's stream anyway hears it is being prepared (503, Retry-After), not 404, and moves it up", async () => {
    await nobodyWaiting();
    const signer = await mediaSigner(platform.ctx.db);
    const res = await fetch(`${platform.url}${signer.url(catalog.assetHash, MASTER_PLAYLIST)}`);
    expect(res.status).toBe(503);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(((await res.json()) as { error_messages: string }).error_messages).toMatch(/^This video is being prepared, about \d+ s\.$/);
    expect(await firstInLine()).toBe(clipAssetId);
    // A file no asset will ever have is still not found.
    expect((await fetch(`${platform.url}${signer.url('c'.repeat(64), MASTER_PLAYLIST)}`)).status).toBe(404);
  });

  it('all three play once prepared, and say nothing of preparing', async () => {
    expect(await prepareRenditions(platform.ctx, clipAssetId)).toBe('ready');
    const trailers = await platform.api('POST', '/api/videos/view/second', { token: member, json: { admin_video_id: catalog.videos.lockout } });
    expect(trailers.body.data.trailer_section[0].preparing).toBeNull();
    expect(trailers.body.data.trailer_section[0].main_video).toEqual(expect.stringContaining('/master.m3u8'));
    const landing = await platform.api('GET', '/api/landing');
    expect(landing.body.data.preparing).toEqual({ banner: null, section1: null, section2: null, section3: null });
    const playlist = await fetch(`${platform.url}${landing.body.data.banner_video}`);
    expect(playlist.status).toBe(200);
    const link = await platform.api('GET', '/api/videos/share', { query: shared });
    expect(link.body.data.preparing).toBeNull();
    expect((await fetch(`${platform.url}${link.body.data.main_video}`)).status).toBe(200);
  });
});
