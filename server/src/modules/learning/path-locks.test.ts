import { CERTIFICATE_MESSAGES } from '@mm/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importTestCatalog, type TestCatalog } from '../../../test/catalog-fixture.ts';
import { organizationWithMembers, signIn, startPlatform, type TestPlatform } from '../../../test/harness.ts';

/**
 * Locks enforced by the server (design.md, availability): with the test catalog's path, Safety (required) comes
 * first and Lean (optional) stays locked until Safety is complete.
 */
let platform: TestPlatform;
let catalog: TestCatalog;
let acme: Awaited<ReturnType<typeof organizationWithMembers>>;
let guest: string;

beforeAll(async () => {
  platform = await startPlatform();
  catalog = await importTestCatalog(platform);
  acme = await organizationWithMembers(platform, 'Acme');
  guest = await signIn(platform, platform.ctx.config.guest.email, platform.ctx.config.guest.password);
});
afterAll(() => platform.close());

const post = (token: string, path: string, json: unknown) => platform.api('POST', `/api${path}`, { token, json });
const get = (token: string, path: string, query?: Record<string, string>) => platform.api('GET', `/api${path}`, { token, query });
const LOCKED = { success: false, error_messages: CERTIFICATE_MESSAGES.categoryLocked, error_code: 403, code: 'category_locked' };

/** Every call of the locked category's pages, the video page's included, for one caller: [name, status, body]. */
async function lockedCalls(token: string, userId: number) {
  const lean = catalog.categories.lean;
  const bulk = catalog.subCategories['lean-bulk'];
  const video = catalog.videos['bulk-01'];
  const calls: Array<[string, () => Promise<{ status: number; body: unknown }>]> = [
    ['get_category_id', () => post(token, '/get_category_id', { page_type: 'CATEGORY', category_id: lean })],
    ['categoryVideos', () => post(token, '/categoryVideos', { page_type: 'SUB_CATEGORY', category_id: lean })],
    ['home_first_section', () => post(token, '/home_first_section', { page_type: 'CATEGORY', category_id: lean })],
    ['sub_categories_videos', () => post(token, '/sub_categories_videos', { sub_category_id: bulk })],
    ['get_watch_user_video', () => get(token, '/get_watch_user_video', { SubCategoryId: String(bulk) })],
    ['videos/view', () => post(token, '/videos/view', { admin_video_id: video })],
    ['videos/view/second', () => post(token, '/videos/view/second', { admin_video_id: video })],
    ['suggestions', () => post(token, '/suggestions', { admin_video_id: video })],
    ['watch-user-video', () => post(token, '/watch-user-video', { user: userId, video, timeSpent: 1 })],
    ['playbook', () => get(token, `/videos/${video}/playbook`)],
    ['insert_new_challenge', () => post(token, '/insert_new_challenge', challenge(userId, lean as number))],
  ];
  const answers: Array<[string, number, unknown]> = [];
  for (const [name, call] of calls) {
    const res = await call();
    answers.push([name, res.status, res.body]);
  }
  return answers;
}

const challenge = (userId: number, categoryId: number) => ({
  user_id: userId,
  challenge_category_id: categoryId,
  challenge_type: 'category',
  challenge_description: 'Go',
  challenge_status: 'open',
});

describe('a category locked in the member path', () => {
  it('refuses every call of its pages with 403 and the spec locked text, and issues no media URL', async () => {
    const answers = await lockedCalls(acme.member.token, acme.member.id);
    for (const [name, status, body] of answers) expect([name, status, body]).toEqual([name, 403, LOCKED]);
    expect(JSON.stringify(answers)).not.toContain('/media/');
    // Nothing was recorded by the refused report or challenge.
    const watched = await platform.ctx.db.selectFrom('video_watch').select('video_id').where('user_id', '=', acme.member.id).execute();
    expect(watched).toEqual([]);
    const challenges = await platform.ctx.db.selectFrom('challenges').select('id').where('user_id', '=', acme.member.id).execute();
    expect(challenges).toEqual([]);
  });

  it('agrees with home, and the first category stays open', async () => {
    const home = (await post(acme.member.token, '/learning_path_home', {})).body.data;
    expect(home.categories.map((c: { category_id: number; available: boolean }) => [c.category_id, c.available])).toEqual([
      [catalog.categories.safety, true],
      [catalog.categories.lean, false],
    ]);
    const safety = await post(acme.member.token, '/get_category_id', { category_id: catalog.categories.safety });
    expect(safety.status).toBe(200);
    const lockout = await post(acme.member.token, '/videos/view', { admin_video_id: catalog.videos.lockout });
    expect(lockout.status).toBe(200);
    expect(lockout.body.data.main_video).toMatch(/^\/media\/.*master\.m3u8$/);
  });

  it('My List, view-all lists and shares are no way around it: cards carry a poster that opens nothing else', async () => {
    const video = catalog.videos['bulk-01'];
    expect((await post(acme.member.token, '/wishlists/operations', { admin_video_id: video })).status).toBe(200);
    const list = await post(acme.member.token, '/see_all', { url_type: 'URL_TYPE_WISHLIST' });
    expect(list.status).toBe(200);
    const card = list.body.data.videos.find((v: { admin_video_id: number }) => v.admin_video_id === video);
    expect(card.default_image).toMatch(/^\/media\/.*\/poster\.jpg$/);
    expect(JSON.stringify(list.body)).not.toContain('.m3u8');
    // The poster's signature is for the poster only: swapping in the playlist is refused.
    expect((await fetch(`${platform.url}${card.default_image}`)).status).toBe(200);
    const stream = await fetch(`${platform.url}${card.default_image.replace(/poster\.jpg$/, 'master.m3u8')}`);
    expect(stream.status).toBe(403);
    await stream.arrayBuffer();

    const share = await post(acme.member.token, '/videos/share', { admin_video_id: video, emails: ['friend@example.com'] });
    expect([share.status, share.body]).toEqual([403, LOCKED]);
  });

  it('a super user previews it, and so does the read-only guest', async () => {
    for (const [who, token, userId] of [
      ['super user', acme.superUser.token, acme.superUser.id],
      ['guest', guest, 0],
    ] as const) {
      const category = await post(token, '/get_category_id', { category_id: catalog.categories.lean });
      expect([who, category.status]).toEqual([who, 200]);
      const view = await post(token, '/videos/view', { admin_video_id: catalog.videos['bulk-01'] });
      expect([who, view.status]).toEqual([who, 200]);
      expect(view.body.data.main_video).toMatch(/^\/media\//);
      const page = await post(token, '/sub_categories_videos', { sub_category_id: catalog.subCategories['lean-bulk'] });
      expect([who, page.status, page.body.data.total]).toEqual([who, 200, 25]);
      if (userId !== 0) expect((await post(token, '/watch-user-video', { user: userId, video: catalog.videos['bulk-01'], timeSpent: 0.01 })).status).toBe(201);
    }
    // The guest's home shows no lock: read-only, they could never unlock one.
    const home = (await post(guest, '/learning_path_home', {})).body.data;
    expect(home.categories.every((c: { available: boolean }) => c.available)).toBe(true);
  });

  it('opens once the required category before it is complete', async () => {
    const { member } = await organizationWithMembers(platform, 'Diligent');
    for (const key of ['lockout', 'ppe', 'confined-space']) {
      expect((await post(member.token, '/watch-user-video', { user: member.id, video: catalog.videos[key], timeSpent: 1 })).status).toBe(201);
    }
    const answers = await lockedCalls(member.token, member.id);
    for (const [name, status] of answers)
      expect([name, status]).toEqual([name, name === 'playbook' ? 404 : name === 'insert_new_challenge' || name === 'watch-user-video' ? 201 : 200]);
  });
});
