import { NEED_SUBSCRIPTION_MESSAGE } from '@mm/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importTestCatalog, openWholeCatalog, type TestCatalog } from '../../../test/catalog-fixture.ts';
import { organizationWithMembers, signIn, startPlatform, type TestPlatform } from '../../../test/harness.ts';
import { announceChange } from '../../db/change-notices.ts';
import { renewCatalogVersion } from '../settings/catalog-version.ts';
import { applyWatchReport } from './playback.service.ts';

let platform: TestPlatform;
let catalog: TestCatalog;
let acme: Awaited<ReturnType<typeof organizationWithMembers>>;
let lapsed: Awaited<ReturnType<typeof organizationWithMembers>>;
let guest: string;

beforeAll(async () => {
  platform = await startPlatform();
  catalog = await importTestCatalog(platform);
  acme = await organizationWithMembers(platform, 'Acme');
  await openWholeCatalog(platform, acme.organizationId);
  lapsed = await organizationWithMembers(platform, 'Lapsed');
  await platform.ctx.db.updateTable('subscriptions').set({ status: 'expired' }).where('organization_id', '=', lapsed.organizationId).execute();
  guest = await signIn(platform, platform.ctx.config.guest.email, platform.ctx.config.guest.password);
});
afterAll(() => platform.close());

const view = (token: string, id: number | string) => platform.api('POST', '/api/videos/view', { token, json: { admin_video_id: id } });
const post = (token: string, path: string, json: unknown) => platform.api('POST', `/api${path}`, { token, json });

describe('POST /api/videos/view', () => {
  it('answers the video with signed stream URLs to a member with a subscription', async () => {
    const res = await view(acme.member.token, catalog.videos.lockout!);
    expect(res.status).toBe(200);
    const video = res.body.data;
    expect(video).toMatchObject({
      admin_video_id: catalog.videos.lockout,
      title: 'Lockout',
      description: 'About lockout.',
      duration: '00:00:02',
      category_name: 'Health and Safety',
      sub_category_name: 'Basics',
      is_series: 0,
      should_display_ppv: 0,
      ppv_page_type: 0,
      is_user_need_subscription: 0,
      ppv_amount: 0,
      share_link: null,
      playbook_url: `/api/videos/${catalog.videos.lockout}/playbook`,
      in_test: 1,
      in_production: 1,
      watched: 0,
      progress: 0,
      cast_crews: [
        { cast_crew_id: catalog.experts.eve, name: 'Eve Expert' },
        { cast_crew_id: catalog.experts.max, name: 'Max Maker' },
      ],
    });
    expect(video.default_image).toMatch(/^\/uploads\/catalog\/\w+\.jpg$/);
    expect(video.main_resolutions.original).toMatch(new RegExp(`^/media/\\d+/[\\w-]{43}/${catalog.assetHash}/master\\.m3u8$`));
    expect(video.main_video).toBe(video.main_resolutions.original);
    expect(video.resolutions).toEqual({ '320x240': expect.stringMatching(/\/240p\/index\.m3u8$/), original: video.main_video });
    expect(JSON.stringify(video)).not.toMatch(/experts\.example|playbooks\//);
    // A video without a picture shows its poster, behind the signature.
    expect((await view(acme.member.token, catalog.videos.ppe!)).body.data.default_image).toMatch(/^\/media\/.+\/poster\.jpg$/);
  });

  it('a member without a subscription sees the video but no stream, and is told to hire a plan', async () => {
    const res = await view(lapsed.member.token, catalog.videos.lockout!);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(NEED_SUBSCRIPTION_MESSAGE);
    expect(res.body.data).toMatchObject({
      is_user_need_subscription: 1,
      main_video: null,
      main_resolutions: {},
      resolutions: {},
      subscription_message: NEED_SUBSCRIPTION_MESSAGE,
    });
    expect(JSON.stringify(res.body)).not.toContain('/media/');
    const trailers = await post(lapsed.member.token, '/videos/view/second', { admin_video_id: catalog.videos.lockout });
    expect(trailers.body.data.trailer_section).toEqual([{ name: 'Lockout trailer', default_image: null, main_video: null, resolutions: {}, preparing: null }]);
    const cards = await post(lapsed.member.token, '/categoryVideos', { category_id: catalog.categories.safety });
    expect(JSON.stringify(cards.body)).not.toContain('/media/');
  });

  it('the guest plays without a subscription', async () => {
    const res = await platform.api('POST', '/api/videos/view', { token: guest, form: { admin_video_id: String(catalog.videos.lockout) } });
    expect(res.status).toBe(200);
    expect(res.body.data.is_user_need_subscription).toBe(0);
    expect(res.body.data.main_video).toMatch(/^\/media\//);
  });

  it('answers trailers with their streams', async () => {
    const res = await post(acme.member.token, '/videos/view/second', { admin_video_id: catalog.videos.lockout });
    expect(res.body.data.trailer_section).toEqual([
      {
        name: 'Lockout trailer',
        default_image: expect.stringMatching(/poster\.jpg$/),
        main_video: expect.stringMatching(/master\.m3u8$/),
        resolutions: { '320x240': expect.any(String), original: expect.any(String) },
        preparing: null,
      },
    ]);
    expect((await post(acme.member.token, '/videos/view/second', { admin_video_id: catalog.videos['bulk-01'] })).body.data.trailer_section).toEqual([]);
  });

  it('refuses malformed and unknown ids with 4xx, and anonymous callers with 401', async () => {
    for (const id of ['abc', '-1', '0', '1.5', '', '99999999999', null]) {
      const res = await view(acme.member.token, id as string);
      expect([id, res.status]).toEqual([id, 400]);
      expect(res.body.error_messages).toMatch(/^admin_video_id: /);
    }
    expect((await post(acme.member.token, '/videos/view', {})).status).toBe(400);
    expect(
      (
        await platform.api('POST', '/api/videos/view', {
          token: acme.member.token,
          body: '{"admin_video_id":',
          headers: { 'content-type': 'application/json' },
        })
      ).status,
    ).toBe(400);
    expect((await view(acme.member.token, 999999)).status).toBe(404);
    expect((await platform.api('POST', '/api/videos/view', { json: { admin_video_id: 1 } })).status).toBe(401);
  });
});

describe('POST /api/suggestions', () => {
  it('lists the same sub-category first, then the category, never the video itself nor unlisted videos', async () => {
    const res = await post(acme.member.token, '/suggestions', { admin_video_id: catalog.videos.lockout });
    expect(res.body.data.videos.map((v: { admin_video_id: number }) => v.admin_video_id)).toEqual([catalog.videos.ppe, catalog.videos['confined-space']]);
    expect(res.body.data.total).toBe(2);
    const bulk = await post(acme.member.token, '/suggestions', { admin_video_id: catalog.videos['bulk-01'], skip: 20 });
    expect(bulk.body.data).toMatchObject({ total: 24, skip: 20, take: 20 });
    expect(bulk.body.data.videos).toHaveLength(4);
  });
});

describe('likes', () => {
  it('one vote per member: like, switch to dislike, press again to remove', async () => {
    const id = catalog.videos['confined-space'];
    const liked = await post(acme.member.token, '/videos/like', { admin_video_id: id });
    expect(liked.status).toBe(200);
    expect(liked.body).toMatchObject({ message: 'You liked this Video!', data: { like_count: 1, dislike_count: 0, user_vote: 1 } });
    const boss = await post(acme.superUser.token, '/videos/like', { admin_video_id: id });
    expect(boss.body.data).toMatchObject({ like_count: 2, dislike_count: 0 });
    const switched = await post(acme.member.token, '/videos/dis_like', { admin_video_id: id });
    expect(switched.body).toMatchObject({ message: 'You Disliked this Video!', data: { like_count: 1, dislike_count: 1, user_vote: -1 } });
    const removed = await post(acme.member.token, '/videos/dis_like', { admin_video_id: id });
    expect(removed.body).toMatchObject({ message: 'Your dislike was removed.', data: { like_count: 1, dislike_count: 0, user_vote: 0 } });
    expect((await view(acme.superUser.token, id!)).body.data).toMatchObject({ likes: 1, dislikes: 0, user_vote: 1 });
    const again = await post(acme.superUser.token, '/videos/like', { admin_video_id: id });
    expect(again.body).toMatchObject({ message: 'Your like was removed.', data: { like_count: 0, user_vote: 0 } });
  });

  it('the guest cannot vote; unknown videos are 404', async () => {
    const res = await post(guest, '/videos/like', { admin_video_id: catalog.videos.lockout });
    expect(res.status).toBe(403);
    expect(res.body.error_messages).toBe('The guest account is read-only. Sign up to use this feature.');
    expect((await post(acme.member.token, '/videos/dis_like', { admin_video_id: 999999 })).status).toBe(404);
    expect((await post(acme.member.token, '/videos/like', { admin_video_id: 'x' })).status).toBe(400);
  });
});

describe('likes and My List replayed from the offline queue', () => {
  it('apply a press once, however often it is replayed', async () => {
    const id = catalog.videos['bulk-06']!;
    const like = { admin_video_id: id, request_id: 'offline-like-0001' };
    const first = await post(acme.member.token, '/videos/like', like);
    expect(first.body.data.user_vote).toBe(1);
    const replays = await Promise.all([1, 2].map(() => post(acme.member.token, '/videos/like', like)));
    expect(replays.map((r) => r.body.data.user_vote)).toEqual([1, 1]);
    expect(replays.every((r) => r.body.data.like_count === first.body.data.like_count)).toBe(true);
    // A new press (another id) toggles as usual.
    expect((await post(acme.member.token, '/videos/like', { ...like, request_id: 'offline-like-0002' })).body.data.user_vote).toBe(0);

    const add = { admin_video_id: id, request_id: 'offline-list-0001' };
    const added = await post(acme.member.token, '/wishlists/operations', add);
    expect(added.body.data.wishlist_status).toBe(1);
    const again = await post(acme.member.token, '/wishlists/operations', add);
    expect(again.body.data).toEqual(added.body.data);
    expect((await post(acme.member.token, '/wishlists/operations', { ...add, request_id: 'bad' })).status).toBe(400);
  });
});

describe('POST /api/wishlists/operations', () => {
  it('toggles the video in My List', async () => {
    const id = catalog.videos.fire;
    const added = await post(acme.member.token, '/wishlists/operations', { admin_video_id: id });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ message: 'Added to My List.', data: { wishlist_id: expect.any(Number), wishlist_status: 1 } });
    expect((await view(acme.member.token, id!)).body.data).toMatchObject({ wishlist_status: 1, wishlist_id: added.body.data.wishlist_id });
    expect((await view(acme.superUser.token, id!)).body.data.wishlist_status).toBe(0);
    const removed = await post(acme.member.token, '/wishlists/operations', { admin_video_id: id });
    expect(removed.body).toMatchObject({ message: 'Removed from My List.', data: { wishlist_id: null, wishlist_status: 0 } });
    expect((await view(acme.member.token, id!)).body.data.wishlist_status).toBe(0);
  });

  it('refuses to add a video My List never shows (not in_production), and adds nothing', async () => {
    const id = catalog.videos.ppe!;
    const refused = await post(acme.member.token, '/wishlists/operations', { admin_video_id: id });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ success: false, error_messages: 'This video is not offered in My List.' });
    expect((await view(acme.member.token, id)).body.data).toMatchObject({ in_production: 0, wishlist_status: 0, wishlist_id: null });
  });

  it('the guest cannot keep a list', async () => {
    expect((await post(guest, '/wishlists/operations', { admin_video_id: catalog.videos.fire })).status).toBe(403);
  });
});

describe('POST /api/watch-user-video', () => {
  const report = (token: string, user: number, video: number, timeSpent: unknown) => post(token, '/watch-user-video', { user, video, timeSpent });

  it('accumulates minutes per member and video; watched at 90% of the duration, not at 89%', async () => {
    const id = catalog.videos['bulk-02']!;
    // A 100-second video makes the edge readable.
    await platform.ctx.db.updateTable('videos').set({ duration_seconds: 100 }).where('id', '=', id).execute();
    // Standing in for an import, which renews the catalog version with its writes (instances keep video rows under it).
    await renewCatalogVersion(platform.ctx.db);
    const first = await report(acme.member.token, acme.member.id, id, 0.5);
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ video_id: id, watched: 0, progress: 30, watched_at: null });
    const at89 = await report(acme.member.token, acme.member.id, id, 59 / 60);
    expect(at89.body.data).toMatchObject({ watched: 0, progress: 89 });
    const at90 = await report(acme.member.token, acme.member.id, id, 1 / 60);
    expect(at90.body.data).toMatchObject({ watched: 1, progress: 90, watched_at: expect.any(String) });
    const later = await report(acme.member.token, acme.member.id, id, '0.5');
    expect(later.body.data).toMatchObject({ watched: 1, progress: 100, watched_at: at90.body.data.watched_at });
    const row = await platform.ctx.db
      .selectFrom('video_watch')
      .selectAll()
      .where('user_id', '=', acme.member.id)
      .where('video_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.seconds).toBeCloseTo(120);
    expect(Number(row.last_watched_at)).toBeGreaterThanOrEqual(Number(row.watched_at));
    // The colleague's time is their own.
    expect((await view(acme.superUser.token, id)).body.data).toMatchObject({ watched: 0, progress: 0 });
    expect((await view(acme.member.token, id)).body.data).toMatchObject({ watched: 1, progress: 100 });
  });

  it('keeps seconds per day in the member time zone', async () => {
    const member = acme.superUser;
    await platform.ctx.db.updateTable('users').set({ timezone: 'Asia/Tokyo' }).where('id', '=', member.id).execute();
    // Written behind the users module's back: tell the instance, which keeps the member's time zone with the session.
    await announceChange(platform.ctx.db, `user:${member.id}`);
    await report(member.token, member.id, catalog.videos['bulk-03']!, 0.02);
    await report(member.token, member.id, catalog.videos['bulk-03']!, 0.01);
    const days = await platform.ctx.db
      .selectFrom('video_watch_days')
      .selectAll()
      .where('user_id', '=', member.id)
      .where('video_id', '=', catalog.videos['bulk-03']!)
      .execute();
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' }).format(Date.now());
    expect(days).toEqual([{ user_id: member.id, video_id: catalog.videos['bulk-03'], day: today, seconds: expect.closeTo(1.8) }]);
  });

  it('bounds one report to twice the duration', async () => {
    const res = await report(acme.superUser.token, acme.superUser.id, catalog.videos['bulk-04']!, 600);
    expect(res.status).toBe(201);
    const row = await platform.ctx.db
      .selectFrom('video_watch')
      .select('seconds')
      .where('user_id', '=', acme.superUser.id)
      .where('video_id', '=', catalog.videos['bulk-04']!)
      .executeTakeFirstOrThrow();
    expect(row.seconds).toBe(4);
  });

  it('counts a report queued offline once, however often it is replayed (also at the same moment)', async () => {
    const id = catalog.videos['bulk-05']!;
    const member = acme.member;
    const queued = { user: member.id, video: id, timeSpent: 0.02, request_id: 'offline-7c1e2a9b-0001' };
    const first = await post(member.token, '/watch-user-video', queued);
    expect(first.status).toBe(201);
    const replays = await Promise.all([1, 2, 3].map(() => post(member.token, '/watch-user-video', queued)));
    expect(replays.map((r) => r.status)).toEqual([201, 201, 201]);
    expect(replays.every((r) => r.body.data.progress === first.body.data.progress)).toBe(true);
    const seconds = async () =>
      Number(
        (
          await platform.ctx.db
            .selectFrom('video_watch')
            .select('seconds')
            .where('user_id', '=', member.id)
            .where('video_id', '=', id)
            .executeTakeFirstOrThrow()
        ).seconds,
      );
    expect(await seconds()).toBeCloseTo(1.2);
    // Another id counts; the same id from another member is theirs.
    await post(member.token, '/watch-user-video', { ...queued, request_id: 'offline-7c1e2a9b-0002' });
    expect(await seconds()).toBeCloseTo(2.4);
    expect((await post(acme.superUser.token, '/watch-user-video', { ...queued, user: acme.superUser.id })).status).toBe(201);
    expect(await seconds()).toBeCloseTo(2.4);
    // Ids are short plain tokens.
    expect((await post(member.token, '/watch-user-video', { ...queued, request_id: 'x' })).status).toBe(400);
    expect((await post(member.token, '/watch-user-video', { ...queued, request_id: "'; drop table users; --" })).status).toBe(400);
  });

  it('counts every one of simultaneous first reports on a video, and starts it once', async () => {
    const race = await organizationWithMembers(platform, 'Race');
    await openWholeCatalog(platform, race.organizationId);
    const id = catalog.videos['bulk-06']!;
    // 1.2 s each, against a 2-second video: the second report to count crosses 90%.
    const answers = await Promise.all(Array.from({ length: 8 }, () => report(race.member.token, race.member.id, id, 0.02)));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(201));
    const db = platform.ctx.db;
    const row = await db.selectFrom('video_watch').select('seconds').where('user_id', '=', race.member.id).where('video_id', '=', id).executeTakeFirstOrThrow();
    expect(Number(row.seconds)).toBeCloseTo(9.6);
    const stats = await db.selectFrom('member_category_stats').select(['started', 'watched', 'seconds']).where('user_id', '=', race.member.id).execute();
    expect(stats.map((r) => ({ started: Number(r.started), watched: Number(r.watched), seconds: Number(r.seconds) }))).toEqual([
      { started: 1, watched: 1, seconds: expect.closeTo(9.6) },
    ]);
    expect(answers.filter((a) => a.body.data.watched === 1).length).toBeGreaterThanOrEqual(1);
  });

  it("adds a first report that lost the race for the row to the winner's (reports on two days, which do not wait for each other)", async () => {
    const race = await organizationWithMembers(platform, 'Midnight');
    const id = catalog.videos['bulk-07']!;
    const video = await platform.ctx.db
      .selectFrom('videos')
      .select(['id', 'title', 'category_id', 'sub_category_id', 'in_test', 'in_production', 'duration_seconds', 'playbook_path', 'revision'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const t = Date.now();
    const report = (day: string, seconds: number) =>
      applyWatchReport(platform.ctx, { userId: race.member.id, organizationId: race.organizationId, video, seconds, position: undefined, day, t });
    const totals = await Promise.all([report('2026-11-25', 0.5), report('2026-11-26', 0.25)]);
    // Whichever came second answers both reports' total.
    expect(Math.max(...totals.map((x) => Number(x.seconds)))).toBeCloseTo(0.75);
    const stats = await platform.ctx.db
      .selectFrom('member_category_stats')
      .select(['started', 'seconds'])
      .where('user_id', '=', race.member.id)
      .executeTakeFirstOrThrow();
    expect({ started: Number(stats.started), seconds: Number(stats.seconds) }).toEqual({ started: 1, seconds: 0.75 });
  });

  it('refuses absurd values, other users, the guest and members without a subscription', async () => {
    for (const value of [-1, 'NaN', 'abc', '', 'Infinity', 100000, null]) {
      const res = await report(acme.member.token, acme.member.id, catalog.videos.lockout!, value);
      expect([value, res.status]).toEqual([value, 400]);
      expect(res.body.error_messages).toMatch(/^timeSpent: /);
    }
    expect((await report(acme.member.token, acme.superUser.id, catalog.videos.lockout!, 1)).status).toBe(403);
    expect((await report(acme.member.token, acme.member.id, 999999, 1)).status).toBe(404);
    expect((await report(guest, 1, catalog.videos.lockout!, 1)).status).toBe(403);
    const lapsedReport = await report(lapsed.member.token, lapsed.member.id, catalog.videos.lockout!, 1);
    expect(lapsedReport.status).toBe(403);
    expect(lapsedReport.body.error_messages).toBe(NEED_SUBSCRIPTION_MESSAGE);
  });
});

describe('resume', () => {
  it('last-video-watched-by-category: the last watched in the category, else its first listed video', async () => {
    const { member, superUser, organizationId } = await organizationWithMembers(platform, 'Resume');
    await openWholeCatalog(platform, organizationId);
    const byCategory = (token: string, id: number | string) => platform.api('GET', `/api/last-video-watched-by-category/${id}`, { token });
    expect((await byCategory(member.token, catalog.categories.safety!)).body.data).toEqual({ id: catalog.videos.lockout, resume_seconds: 0 });
    await post(member.token, '/watch-user-video', { user: member.id, video: catalog.videos['confined-space'], timeSpent: 0.01 });
    await post(member.token, '/watch-user-video', { user: member.id, video: catalog.videos['bulk-05'], timeSpent: 0.01 });
    expect((await byCategory(member.token, catalog.categories.safety!)).body.data).toEqual({ id: catalog.videos['confined-space'], resume_seconds: 0 });
    expect((await byCategory(member.token, catalog.categories.lean!)).body.data).toEqual({ id: catalog.videos['bulk-05'], resume_seconds: 0 });
    expect((await byCategory(member.token, 999999)).status).toBe(404);
    expect((await byCategory(member.token, 'abc')).status).toBe(400);

    const byUser = (token: string, id: number) => platform.api('GET', `/api/last-video-watched-by-user/${id}`, { token });
    expect((await byUser(member.token, member.id)).body.data).toEqual({ id: catalog.videos['bulk-05'], resume_seconds: 0 });
    expect((await byUser(superUser.token, member.id)).body.data).toEqual({ id: catalog.videos['bulk-05'], resume_seconds: 0 });
    expect((await byUser(superUser.token, superUser.id)).body.data).toEqual({ id: null, resume_seconds: 0 });
    expect((await byUser(member.token, superUser.id)).status).toBe(403);
    expect((await byUser(acme.superUser.token, member.id)).status).toBe(403);
    expect((await byUser(member.token, 999999)).status).toBe(404);
  });
});

describe('GET /api/videos/{id}/playbook', () => {
  const download = (token: string, id: number | string) => platform.api('GET', `/api/videos/${id}/playbook`, { token });

  it('streams the PDF as an attachment to members with access', async () => {
    const res = await download(acme.member.token, catalog.videos.lockout!);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="lockout-playbook.pdf"');
    expect(String(res.body)).toMatch(/^%PDF-/);
  });

  it('refuses the guest, members without a subscription, and answers 404 without a playbook', async () => {
    const asGuest = await download(guest, catalog.videos.lockout!);
    expect(asGuest.status).toBe(403);
    expect((await download(lapsed.member.token, catalog.videos.lockout!)).status).toBe(403);
    expect((await download(acme.member.token, catalog.videos.ppe!)).status).toBe(404);
    expect((await download(acme.member.token, 999999)).status).toBe(404);
    expect((await download(acme.member.token, 'x')).status).toBe(400);
    expect((await platform.api('GET', `/api/videos/${catalog.videos.lockout}/playbook`)).status).toBe(401);
  });
});
