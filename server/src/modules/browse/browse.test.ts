import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BULK_VIDEOS,
  importTestCatalog,
  insertFakeAsset,
  insertTestVideo,
  openWholeCatalog,
  reimportTestCatalog,
  type TestCatalog,
} from '../../../test/catalog-fixture.ts';
import { organizationWithMembers, signIn, startPlatform, type TestPlatform } from '../../../test/harness.ts';
import { ensurePath, replaceHiddenVideos, replacePathCategories } from '../organization/learning-path.queries.ts';
import { EXPERT_CONTACT_LIMIT_MESSAGE } from './browse.service.ts';

let platform: TestPlatform;
let catalog: TestCatalog;
let acme: Awaited<ReturnType<typeof organizationWithMembers>>;
let rival: Awaited<ReturnType<typeof organizationWithMembers>>;
let guest: string;

beforeAll(async () => {
  platform = await startPlatform();
  catalog = await importTestCatalog(platform);
  acme = await organizationWithMembers(platform, 'Acme');
  rival = await organizationWithMembers(platform, 'Rival');
  guest = await signIn(platform, platform.ctx.config.guest.email, platform.ctx.config.guest.password);
});
afterAll(() => platform.close());

const post = (token: string, path: string, json: unknown) => platform.api('POST', `/api${path}`, { token, json });
const ids = (videos: { admin_video_id: number }[]) => videos.map((v) => v.admin_video_id);
const bulk = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => catalog.videos[`bulk-${String(from + i).padStart(2, '0')}`]);

describe('home sections', () => {
  it('the first section keeps in_test videos, the second in_production ones, one section per sub-category of a category', async () => {
    const first = await post(acme.member.token, '/home_first_section', {
      page_type: 'CATEGORY',
      category_id: catalog.categories.safety,
      organization_id: 1,
      team_id: 1,
    });
    expect(first.status).toBe(200);
    expect(
      first.body.data.map((s: { title: string; page_type: string; url_page_id: number; challenge: string; videos_count: number; data: [] }) => [
        s.title,
        s.page_type,
        s.url_page_id,
        s.challenge,
        s.videos_count,
        ids(s.data),
      ]),
    ).toEqual([
      ['Basics', 'SUB_CATEGORY', catalog.subCategories['safety-basics'], 'https://example.com/challenge', 2, [catalog.videos.lockout, catalog.videos.ppe]],
      ['Advanced', 'SUB_CATEGORY', catalog.subCategories['safety-advanced'], 'https://example.com/challenge', 1, [catalog.videos['confined-space']]],
    ]);
    const second = await post(acme.member.token, '/home_second_section', { page_type: 'CATEGORY', category_id: catalog.categories.safety });
    expect(second.body.data.map((s: { title: string; data: [] }) => [s.title, ids(s.data)])).toEqual([
      ['Basics', [catalog.videos.lockout, catalog.videos.fire]],
      ['Advanced', [catalog.videos['confined-space']]],
    ]);
  });

  it('without a category: one section per category, at most 10 videos each (the row a home screen shows)', async () => {
    const res = await post(acme.member.token, '/home_first_section', {});
    expect(
      res.body.data.map((s: { title: string; page_type: string; videos_count: number; data: [] }) => [s.title, s.page_type, s.videos_count, s.data.length]),
    ).toEqual([
      ['Health and Safety', 'CATEGORY', 3, 3],
      ['Continuous Improvement', 'CATEGORY', BULK_VIDEOS, 10],
    ]);
    expect(ids(res.body.data[1].data)).toEqual(bulk(1, 10));
  });

  it('follows an import made on another instance; the member\u2019s own figures and the votes are read on every call', async () => {
    const other = await startPlatform({ DATABASE_URL: platform.ctx.config.databaseUrl, DATA_DIR: platform.ctx.config.dataDir });
    try {
      const lockoutCard = async () => {
        const res = await post(acme.member.token, '/home_first_section', { category_id: catalog.categories.safety });
        return res.body.data[0].data.find((v: { admin_video_id: number }) => v.admin_video_id === catalog.videos.lockout);
      };
      const before = await lockoutCard();
      // Votes and My List change nothing of the catalog: the next call shows them all the same.
      await post(acme.superUser.token, '/videos/like', { admin_video_id: catalog.videos.lockout });
      await post(acme.member.token, '/wishlists/operations', { admin_video_id: catalog.videos.lockout });
      const after = await lockoutCard();
      expect([after.likes, after.wishlist_status]).toEqual([before.likes + 1, 1]);
      // An import through the other instance renames the video: this instance answers the new title next.
      const rename = (title: string) => (c: { categories: { sub_categories: { videos: { title: string }[] }[] }[] }) => {
        c.categories[0]!.sub_categories[0]!.videos[0]!.title = title;
      };
      // The video page's catalog part is kept per video under the catalog version; the member's part is read each call.
      const videoPage = async () => (await post(acme.member.token, '/videos/view', { admin_video_id: catalog.videos.lockout })).body.data;
      expect((await videoPage()).title).toBe(before.title);
      await reimportTestCatalog(other, rename('Lockout, tagout and try'));
      expect((await lockoutCard()).title).toBe('Lockout, tagout and try');
      const renamed = await videoPage();
      expect([renamed.title, renamed.likes, renamed.wishlist_id !== null]).toEqual(['Lockout, tagout and try', after.likes, true]);
      // The category page's listing is kept with the catalog too.
      const categoryPageTitles = async () =>
        (await post(acme.member.token, '/categoryVideos', { category_id: catalog.categories.safety })).body.data.flatMap(
          (g: { title: string; videos: { title: string }[] }) => [g.title, ...g.videos.map((v) => v.title)],
        );
      expect(await categoryPageTitles()).toContain('Lockout, tagout and try');
      await reimportTestCatalog(other, rename(before.title));
      expect((await lockoutCard()).title).toBe(before.title);
      // The video page's experts are kept with the catalog too: an import dropping one shows on the next call here.
      const experts = async () =>
        (await post(acme.member.token, '/videos/view', { admin_video_id: catalog.videos.lockout })).body.data.cast_crews.map((c: { name: string }) => c.name);
      expect(await experts()).toEqual(['Eve Expert', 'Max Maker']);
      await reimportTestCatalog(other, (c) => {
        Object.assign(c.categories[0]!.sub_categories[0]!.videos[0]!, { experts: ['max'] });
      });
      expect(await experts()).toEqual(['Max Maker']);
      await reimportTestCatalog(other, () => {});
      expect(await experts()).toEqual(['Eve Expert', 'Max Maker']);
      // Unlisting a video through the other instance: the member's path counts one video less on the next call here.
      const safetyOnPath = async () =>
        (await post(acme.member.token, '/learning_path_home', {})).body.data.categories.find(
          (c: { category_id: number }) => c.category_id === catalog.categories.safety,
        ).videos_count;
      const listed = await safetyOnPath();
      await reimportTestCatalog(other, (c) => {
        // The one safety video listed for the test audience only.
        for (const v of c.categories[0]!.sub_categories.flatMap((s) => s.videos)) if (v.in_production === 0 && v.in_test === 1) v.in_test = 0;
      });
      expect(await safetyOnPath()).toBe(listed - 1);
      // The path card's names are kept with the catalog: a new challenge and a renamed sub-category show on the next call here.
      await reimportTestCatalog(other, (c) => {
        c.categories[0]!.challenge = 'https://example.com/new-challenge';
        c.categories[0]!.sub_categories[0]!.name = 'Locks and tags';
      });
      const card = (await post(acme.member.token, '/learning_path_home', {})).body.data.categories.find(
        (c: { category_id: number }) => c.category_id === catalog.categories.safety,
      );
      expect(card.challenge).toBe('https://example.com/new-challenge');
      expect(card.sub_categories.map((s: { name: string }) => s.name)).toContain('Locks and tags');
      expect(await categoryPageTitles()).toContain('Locks and tags');
      await reimportTestCatalog(other, () => {});
    } finally {
      await post(acme.superUser.token, '/videos/like', { admin_video_id: catalog.videos.lockout });
      await post(acme.member.token, '/wishlists/operations', { admin_video_id: catalog.videos.lockout });
      await other.app.close();
    }
  });

  it('the guest may read (POST calls that only read)', async () => {
    expect((await post(guest, '/home_second_section', {})).status).toBe(200);
    expect((await post(guest, '/categoryVideos', { category_id: catalog.categories.safety })).status).toBe(200);
    expect((await post(guest, '/see_all', { url_type: 'URL_TYPE_NEW_RELEASE' })).status).toBe(200);
  });

  it('refuses a malformed category and anonymous callers', async () => {
    expect((await post(acme.member.token, '/home_first_section', { category_id: 'abc' })).status).toBe(400);
    expect((await platform.api('POST', '/api/home_first_section', { json: {} })).status).toBe(401);
    expect((await post(acme.member.token, '/home_second_section', { category_id: 999999 })).body.data).toEqual([]);
  });
});

describe('category page', () => {
  it('get_category_id answers a list whose first item is the category with its challenge link and listed totals', async () => {
    const res = await platform.api('POST', '/api/get_category_id', {
      token: acme.member.token,
      form: { page_type: 'CATEGORY', category_id: String(catalog.categories.safety) },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      {
        category_id: catalog.categories.safety,
        name: 'Health and Safety',
        picture: expect.stringMatching(/^\/uploads\/catalog\//),
        sort: 1,
        essential: 1,
        challenge: 'https://example.com/challenge',
        expert_id: catalog.experts.eve,
        videos_count: 3,
        duration: '00:00:06',
        watched_count: 0,
        progress: 0,
      },
    ]);
    expect((await post(acme.member.token, '/get_category_id', { category_id: 999999 })).status).toBe(404);
    expect((await post(acme.member.token, '/get_category_id', {})).status).toBe(400);
  });

  it('categoryVideos lists only in_test videos, grouped by sub-category in catalog order', async () => {
    const res = await post(acme.member.token, '/categoryVideos', { page_type: 'SUB_CATEGORY', category_id: catalog.categories.safety });
    expect(res.status).toBe(200);
    expect(res.body.data.map((g: { key: number; title: string; videos_count: number; videos: [] }) => [g.key, g.title, g.videos_count, ids(g.videos)])).toEqual(
      [
        [catalog.subCategories['safety-basics'], 'Basics', 2, [catalog.videos.lockout, catalog.videos.ppe]],
        [catalog.subCategories['safety-advanced'], 'Advanced', 1, [catalog.videos['confined-space']]],
      ],
    );
    const card = res.body.data[0].videos[0];
    expect(Object.keys(card).sort()).toEqual(
      [
        'admin_video_id',
        'category_id',
        'default_image',
        'dislikes',
        'duration',
        'duration_seconds',
        'in_production',
        'in_test',
        'likes',
        'mobile_image',
        'progress',
        'publish_time',
        'resume_seconds',
        'sub_category_id',
        'title',
        'watched',
        'wishlist_status',
      ].sort(),
    );
    expect((await post(acme.member.token, '/categoryVideos', { category_id: 999999 })).status).toBe(404);
  });
});

describe('POST /api/sub_categories_videos', () => {
  // Lean comes after the required Safety in the catalog's path: a member reads it once their path opens it.
  let reader: string;
  beforeAll(async () => {
    const opened = await organizationWithMembers(platform, 'Opened');
    await openWholeCatalog(platform, opened.organizationId);
    reader = opened.member.token;
  });
  const page = (body: Record<string, unknown>) => post(reader, '/sub_categories_videos', { sub_category_id: catalog.subCategories['lean-bulk'], ...body });

  it('pages of 20 by admin_video_id, with the total', async () => {
    const first = await page({});
    expect(first.body.data).toMatchObject({
      total: BULK_VIDEOS,
      skip: 0,
      take: 20,
      watched_count: 0,
      sub_category: {
        sub_category_id: catalog.subCategories['lean-bulk'],
        name: 'Bulk',
        category_id: catalog.categories.lean,
        category_name: 'Continuous Improvement',
      },
    });
    expect(ids(first.body.data.videos)).toEqual(bulk(1, 20));
    expect(ids((await page({ page: 2 })).body.data.videos)).toEqual(bulk(21, 25));
    expect(ids((await page({ skip: '20' })).body.data.videos)).toEqual(bulk(21, 25));
    expect((await page({ skip: 40 })).body.data).toMatchObject({ videos: [], total: BULK_VIDEOS });
  });

  it('keeps in_test videos only and refuses bad input', async () => {
    const basics = await post(acme.member.token, '/sub_categories_videos', { sub_category_id: catalog.subCategories['safety-basics'] });
    expect(ids(basics.body.data.videos)).toEqual([catalog.videos.lockout, catalog.videos.ppe]);
    expect((await page({ page: 0 })).status).toBe(400);
    expect((await page({ skip: -1 })).status).toBe(400);
    expect((await post(acme.member.token, '/sub_categories_videos', { sub_category_id: 'x' })).status).toBe(400);
    expect((await post(acme.member.token, '/sub_categories_videos', { sub_category_id: 999999 })).status).toBe(404);
  });

  it('get_watch_user_video counts the caller watched videos of a sub-category', async () => {
    const member = rival.member;
    await post(member.token, '/watch-user-video', { user: member.id, video: catalog.videos.lockout, timeSpent: 1 });
    await post(member.token, '/watch-user-video', { user: member.id, video: catalog.videos.fire, timeSpent: 1 });
    const res = await platform.api('GET', '/api/get_watch_user_video', {
      token: member.token,
      query: { SubCategoryId: String(catalog.subCategories['safety-basics']) },
    });
    // fire is watched but not listed (in_production only): progress counts listed videos.
    expect(res.body.data).toEqual({ sub_category_id: catalog.subCategories['safety-basics'], watched: 1, total: 2, progress: 50 });
    const groups = await post(member.token, '/categoryVideos', { category_id: catalog.categories.safety });
    expect(groups.body.data[0]).toMatchObject({ watched_count: 1, progress: 50, videos: [{ watched: 1, progress: 2 }, { watched: 0 }] });
    expect((await post(member.token, '/get_category_id', { category_id: catalog.categories.safety })).body.data[0].watched_count).toBe(1);
    expect((await platform.api('GET', '/api/get_watch_user_video', { token: member.token, query: { SubCategoryId: 'abc' } })).status).toBe(400);
    expect((await platform.api('GET', '/api/get_watch_user_video', { token: member.token })).status).toBe(400);
  });
});

describe('POST /api/see_all', () => {
  const seeAll = (token: string, body: Record<string, unknown>) => post(token, '/see_all', body);

  it('New Releases: in_production only, newest first, paged', async () => {
    const res = await seeAll(acme.member.token, { url_type: 'URL_TYPE_NEW_RELEASE' });
    expect(res.body.data).toMatchObject({ title: 'New Releases', url_type: 'URL_TYPE_NEW_RELEASE', total: BULK_VIDEOS + 3, take: 20 });
    expect(ids(res.body.data.videos).slice(0, 3)).toEqual([catalog.videos.fire, catalog.videos.lockout, catalog.videos['bulk-25']]);
    expect(res.body.data.videos.every((v: { in_production: number }) => v.in_production === 1)).toBe(true);
    const second = await seeAll(acme.member.token, { url_type: 'URL_TYPE_NEW_RELEASE', page: 2 });
    expect(second.body.data.videos).toHaveLength(BULK_VIDEOS + 3 - 20);
    expect(ids(second.body.data.videos)).not.toContain(catalog.videos.ppe);
  });

  it('My List: the caller list, in_production only, latest added first', async () => {
    const member = rival.superUser;
    for (const key of ['bulk-07', 'ppe', 'fire']) await post(member.token, '/wishlists/operations', { admin_video_id: catalog.videos[key] });
    const res = await seeAll(member.token, { url_type: 'URL_TYPE_WISHLIST' });
    expect(res.body.data).toMatchObject({ title: 'My List', total: 2 });
    expect(ids(res.body.data.videos)).toEqual([catalog.videos.fire, catalog.videos['bulk-07']]);
    expect(res.body.data.videos.every((v: { wishlist_status: number }) => v.wishlist_status === 1)).toBe(true);
    expect((await seeAll(acme.superUser.token, { url_type: 'URL_TYPE_WISHLIST' })).body.data.total).toBe(0);
  });

  it('Recommended: most liked first, without what the caller watched', async () => {
    const member = acme.superUser;
    await post(member.token, '/videos/like', { admin_video_id: catalog.videos['bulk-09'] });
    await post(member.token, '/watch-user-video', { user: member.id, video: catalog.videos['bulk-25'], timeSpent: 1 });
    const res = await seeAll(member.token, { url_type: 'URL_TYPE_SUGGESTION' });
    expect(res.body.data).toMatchObject({ title: 'Recommended', total: BULK_VIDEOS + 3 - 1 });
    expect(ids(res.body.data.videos)[0]).toBe(catalog.videos['bulk-09']);
    expect(ids(res.body.data.videos)).not.toContain(catalog.videos['bulk-25']);
  });

  it('by expert (cast): the expert videos in production', async () => {
    const res = await seeAll(acme.member.token, { cast_crew_id: catalog.experts.eve, videoType: 'cast', title: 'Eve Expert' });
    expect(res.body.data).toMatchObject({ title: 'Eve Expert', url_type: 'cast', total: 2 });
    expect(ids(res.body.data.videos)).toEqual([catalog.videos.lockout, catalog.videos['confined-space']]);
    expect((await seeAll(acme.member.token, { cast_crew_id: 999999 })).status).toBe(404);
  });

  it('refuses unknown list types and missing parameters', async () => {
    const res = await seeAll(acme.member.token, { url_type: 'URL_TYPE_EVERYTHING' });
    expect(res.status).toBe(400);
    expect(res.body.error_messages).toMatch(/^url_type: must be one of/);
    expect((await seeAll(acme.member.token, {})).status).toBe(400);
    expect((await seeAll(acme.member.token, { url_type: 'URL_TYPE_NEW_RELEASE', skip: 'x' })).status).toBe(400);
  });
});

describe('organization categories', () => {
  it('answers the catalog categories in order with their essential flag, to members of that organization only', async () => {
    const { body, status } = await platform.api('GET', `/api/get_all_organization_categories/${acme.organizationId}`, { token: acme.member.token });
    expect(status).toBe(200);
    expect(body.data.data).toEqual([
      {
        category_id: catalog.categories.safety,
        category: { id: catalog.categories.safety, name: 'Health and Safety', picture: expect.any(String) },
        essential: 1,
        sort: 1,
      },
      { category_id: catalog.categories.lean, category: { id: catalog.categories.lean, name: 'Continuous Improvement', picture: null }, essential: 0, sort: 2 },
    ]);
    expect((await platform.api('GET', `/api/get_all_organization_categories/${acme.organizationId}`, { token: rival.superUser.token })).status).toBe(403);
    expect((await platform.api('GET', '/api/get_all_organization_categories/abc', { token: acme.member.token })).status).toBe(400);
  });

  it('checks the team belongs to the organization', async () => {
    const team = await platform.ctx.db.selectFrom('users').select('team_id').where('id', '=', acme.member.id).executeTakeFirstOrThrow();
    const rivalTeam = await platform.ctx.db.selectFrom('users').select('team_id').where('id', '=', rival.member.id).executeTakeFirstOrThrow();
    const url = `/api/get_all_organization_categories/${acme.organizationId}`;
    expect((await platform.api('GET', url, { token: acme.member.token, query: { team_id: String(team.team_id) } })).status).toBe(200);
    expect((await platform.api('GET', url, { token: acme.member.token, query: { team_id: String(rivalTeam.team_id) } })).status).toBe(404);
  });

  it('teams-settings: the learning path of a team of the caller organization (its own, else the organization one, else the catalog)', async () => {
    const org = await organizationWithMembers(platform, 'Settings');
    const { team_id: teamId } = await platform.ctx.db.selectFrom('users').select('team_id').where('id', '=', org.member.id).executeTakeFirstOrThrow();
    const settings = (token: string, id: number | string = teamId as number) => platform.api('GET', `/api/organization/teams-settings/${id}`, { token });

    const catalogPath = await settings(org.member.token);
    expect(catalogPath.status).toBe(200);
    expect(catalogPath.body.data).toEqual({
      team_id: teamId,
      source: 'catalog',
      data: [
        {
          category_id: catalog.categories.safety,
          category: { id: catalog.categories.safety, name: 'Health and Safety', picture: expect.any(String) },
          essential: 1,
          sort: 1,
          position: 1,
        },
        {
          category_id: catalog.categories.lean,
          category: { id: catalog.categories.lean, name: 'Continuous Improvement', picture: null },
          essential: 0,
          sort: 2,
          position: 2,
        },
      ],
      hidden_video_ids: [],
    });

    // The organization's default path: lean first and required, safety optional.
    const db = platform.ctx.db;
    const orgPath = await ensurePath(db, org.organizationId, null);
    await replacePathCategories(db, orgPath, [
      { category_id: catalog.categories.lean as number, position: 1, essential: 1 },
      { category_id: catalog.categories.safety as number, position: 2, essential: 0 },
    ]);
    await replaceHiddenVideos(db, orgPath, catalog.categories.lean as number, [catalog.videos['bulk-03'] as number]);
    const organizationPath = (await settings(org.superUser.token)).body.data;
    expect(organizationPath.source).toBe('organization');
    expect(organizationPath.data.map((c: { category_id: number; position: number; essential: number }) => [c.category_id, c.position, c.essential])).toEqual([
      [catalog.categories.lean, 1, 1],
      [catalog.categories.safety, 2, 0],
    ]);
    expect(organizationPath.hidden_video_ids).toEqual([catalog.videos['bulk-03']]);

    // The team's own path: safety only, required, with ppe hidden (a new team path starts with the organization's hidden videos).
    const teamPath = await ensurePath(db, org.organizationId, teamId);
    await replacePathCategories(db, teamPath, [{ category_id: catalog.categories.safety as number, position: 1, essential: 1 }]);
    await replaceHiddenVideos(db, teamPath, catalog.categories.safety as number, [catalog.videos.ppe as number]);
    const own = await settings(org.member.token);
    expect(own.status).toBe(200);
    expect(own.body.data).toMatchObject({
      team_id: teamId,
      source: 'team',
      data: [{ category_id: catalog.categories.safety, essential: 1, sort: 1, position: 1 }],
      hidden_video_ids: [catalog.videos.ppe, catalog.videos['bulk-03']].sort((a, b) => (a as number) - (b as number)),
    });

    const other = await settings(rival.member.token);
    expect(other.status).toBe(404);
    expect(other.body.error_messages).toBe('Team not found.');
    expect((await settings(org.member.token, 999999)).status).toBe(404);
    expect((await settings(org.member.token, 'x')).status).toBe(400);
    expect((await platform.api('GET', `/api/organization/teams-settings/${teamId}`)).status).toBe(401);
  });
});

describe('experts', () => {
  it('lists experts with their production video counts, never their e-mail', async () => {
    const res = await platform.api('GET', '/api/experts', { token: acme.member.token });
    expect(res.body.data).toEqual([
      { cast_crew_id: catalog.experts.eve, name: 'Eve Expert', bio: 'Safety lead.', picture: expect.stringMatching(/^\/uploads\/catalog\//), videos_count: 2 },
      { cast_crew_id: catalog.experts.max, name: 'Max Maker', bio: '', picture: null, videos_count: 1 },
    ]);
    expect(JSON.stringify(res.body)).not.toContain('@');
    const detail = await platform.api('GET', `/api/experts/${catalog.experts.eve}`, { token: acme.member.token });
    expect(detail.body.data).toMatchObject({ cast_crew_id: catalog.experts.eve, name: 'Eve Expert', videos_count: 2 });
    expect(ids(detail.body.data.videos)).toEqual([catalog.videos.lockout, catalog.videos['confined-space']]);
    expect((await platform.api('GET', '/api/experts/999999', { token: acme.member.token })).status).toBe(404);
    expect((await platform.api('GET', '/api/experts/abc', { token: acme.member.token })).status).toBe(400);
  });

  it('contact: e-mails the expert with the member address to answer to', async () => {
    const res = await post(acme.member.token, `/experts/${catalog.experts.eve}/contact`, {
      message: 'How do we audit lockout boxes?',
      admin_video_id: catalog.videos.lockout,
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Your message was sent to Eve Expert.');
    const mail = await platform.ctx.db.selectFrom('outbox').selectAll().where('kind', '=', 'expert_contact').executeTakeFirstOrThrow();
    expect(mail.to_address).toBe('eve@experts.example');
    expect(mail.subject).toBe('Mia Member has a question for you on Manufacturing Masters');
    expect(mail.text_body).toContain('How do we audit lockout boxes?');
    expect(mail.text_body).toContain('about your video "Lockout"');
    expect(mail.text_body).toContain(acme.member.email);
    expect(mail.html_body).toContain(`mailto:${acme.member.email}`);
  });

  it('contact: refused to the guest and members without a subscription; validated', async () => {
    expect((await post(guest, `/experts/${catalog.experts.eve}/contact`, { message: 'Hello there, expert!' })).status).toBe(403);
    const lapsed = await organizationWithMembers(platform, 'Lapsed');
    await platform.ctx.db.updateTable('subscriptions').set({ status: 'expired' }).where('organization_id', '=', lapsed.organizationId).execute();
    expect((await post(lapsed.member.token, `/experts/${catalog.experts.eve}/contact`, { message: 'Hello there, expert!' })).status).toBe(403);
    const short = await post(acme.member.token, `/experts/${catalog.experts.eve}/contact`, { message: 'Hi' });
    expect(short.status).toBe(400);
    expect(short.body.error_messages).toBe('message: The message must be at least 10 characters');
    expect((await post(acme.member.token, '/experts/999999/contact', { message: 'Hello there, expert!' })).status).toBe(404);
  });

  it('contact: at most 10 messages a day per member, then 429 with Retry-After and no e-mail', async () => {
    const busy = await organizationWithMembers(platform, 'Busy');
    const send = () => post(busy.member.token, `/experts/${catalog.experts.eve}/contact`, { message: 'One more question about lockout.' });
    for (let i = 0; i < 10; i++) expect((await send()).status).toBe(201);
    const refused = await send();
    expect(refused.status).toBe(429);
    expect(refused.body.error_messages).toBe(EXPERT_CONTACT_LIMIT_MESSAGE);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(23 * 3600);
    const sent = await platform.ctx.db
      .selectFrom('outbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('kind', '=', 'expert_contact')
      .where('text_body', 'like', `%${busy.member.email}%`)
      .executeTakeFirstOrThrow();
    expect(Number(sent.n)).toBe(10);
    // Another member of the same organization is not affected.
    expect((await post(busy.superUser.token, `/experts/${catalog.experts.eve}/contact`, { message: 'A question of my own here.' })).status).toBe(201);
  });
});

describe('progress follows the learning path and the certificates (design.md)', () => {
  const watch = (who: { id: number; token: string }, key: string) =>
    post(who.token, '/watch-user-video', { user: who.id, video: catalog.videos[key], timeSpent: 1 });
  const groupsOf = async (token: string) =>
    (await post(token, '/categoryVideos', { category_id: catalog.categories.safety })).body.data.map(
      (g: { sub_category_id: number; videos_count: number; watched_count: number; progress: number; videos: [] }) => [
        g.sub_category_id,
        g.videos_count,
        g.watched_count,
        g.progress,
        ids(g.videos),
      ],
    );
  const watchedIn = async (token: string, subCategory: string) =>
    (await platform.api('GET', '/api/get_watch_user_video', { token, query: { SubCategoryId: String(catalog.subCategories[subCategory]) } })).body.data;

  it('a video hidden by the member path is neither listed, counted nor playable; a super user previews it', async () => {
    const org = await organizationWithMembers(platform, 'Hidden');
    const path = await ensurePath(platform.ctx.db, org.organizationId, null);
    await replaceHiddenVideos(platform.ctx.db, path, catalog.categories.safety as number, [catalog.videos.ppe as number]);
    expect((await watch(org.member, 'ppe')).status).toBe(404); // a hidden video takes no watch time
    await watch(org.member, 'lockout');

    const category = (await post(org.member.token, '/get_category_id', { category_id: catalog.categories.safety })).body.data[0];
    expect(category).toMatchObject({ videos_count: 2, duration: '00:00:04', watched_count: 1, progress: 50 });
    expect(await groupsOf(org.member.token)).toEqual([
      [catalog.subCategories['safety-basics'], 1, 1, 100, [catalog.videos.lockout]],
      [catalog.subCategories['safety-advanced'], 1, 0, 0, [catalog.videos['confined-space']]],
    ]);
    expect(await watchedIn(org.member.token, 'safety-basics')).toEqual({
      sub_category_id: catalog.subCategories['safety-basics'],
      watched: 1,
      total: 1,
      progress: 100,
    });
    const page = (await post(org.member.token, '/sub_categories_videos', { sub_category_id: catalog.subCategories['safety-basics'] })).body.data;
    expect(page).toMatchObject({ total: 1, videos_count: 1, watched_count: 1, progress: 100 });
    expect(ids(page.videos)).toEqual([catalog.videos.lockout]);
    for (const call of ['/videos/view', '/videos/view/second', '/suggestions']) {
      const refused = await post(org.member.token, call, { admin_video_id: catalog.videos.ppe });
      expect([call, refused.status, refused.body]).toEqual([
        call,
        404,
        { success: false, error_messages: 'Video not found.', error_code: 404, code: 'not_found' },
      ]);
    }
    // The supervisor who hid it may still preview it.
    const preview = await post(org.superUser.token, '/videos/view', { admin_video_id: catalog.videos.ppe });
    expect(preview.status).toBe(200);
    expect(preview.body.data.main_video).toMatch(/^\/media\//);

    // The same watching without a hidden video (another organization): 2 of 3 videos.
    const open = await organizationWithMembers(platform, 'Open');
    await watch(open.member, 'ppe');
    await watch(open.member, 'lockout');
    const openCategory = (await post(open.member.token, '/get_category_id', { category_id: catalog.categories.safety })).body.data[0];
    expect(openCategory).toMatchObject({ videos_count: 3, watched_count: 2, progress: 66 });
    expect(await watchedIn(open.member.token, 'safety-advanced')).toMatchObject({ watched: 0, total: 1, progress: 0 });
  });

  it('a category reads the same count and duration on home, its page, the Library and the path creator', async () => {
    const org = await organizationWithMembers(platform, 'Figures');
    const path = await ensurePath(platform.ctx.db, org.organizationId, null);
    await replaceHiddenVideos(platform.ctx.db, path, catalog.categories.safety as number, [catalog.videos.ppe as number]);
    for (const who of [org.member, org.superUser]) {
      const home = (await post(who.token, '/learning_path_home', {})).body.data.categories.find(
        (c: { category_id: number }) => c.category_id === catalog.categories.safety,
      );
      const page = (await post(who.token, '/get_category_id', { category_id: catalog.categories.safety })).body.data[0];
      // Listed videos the path does not hide: lockout and confined-space (ppe hidden, fire and draft not listed).
      expect([home.videos_count, home.total_seconds]).toEqual([2, 4]);
      expect([page.videos_count, page.duration]).toEqual([2, '00:00:04']);
    }
    const tree = await platform.api('GET', `/api/organization/${org.organizationId}/categories`, { token: org.superUser.token });
    const safety = tree.body.data.find((c: { id: number }) => c.id === catalog.categories.safety);
    expect([safety.videos_count, safety.total_seconds]).toEqual([2, 4]);
    // The creator still lists every video of the category, so a hidden one can be shown again.
    expect(safety.subcategories.flatMap((s: { data: { admin_video_id: number }[] }) => s.data.map((v) => v.admin_video_id))).toContain(catalog.videos.ppe);
  });

  it('a certificate keeps progress at 100 after a new video joins the category (and a micro-certificate its sub-category)', async () => {
    const org = await organizationWithMembers(platform, 'Certified');
    for (const key of ['lockout', 'ppe', 'confined-space']) expect((await watch(org.member, key)).status).toBeLessThan(300);
    const certificates = await platform.ctx.db.selectFrom('certificates').select(['kind', 'subject_id']).where('user_id', '=', org.member.id).execute();
    expect(certificates).toContainEqual({ kind: 'category', subject_id: catalog.categories.safety });
    expect(certificates).toContainEqual({ kind: 'sub_category', subject_id: catalog.subCategories['safety-advanced'] });

    const db = platform.ctx.db;
    const addedId = await insertTestVideo(db, {
      key: 'late-addition',
      category_id: catalog.categories.safety as number,
      sub_category_id: catalog.subCategories['safety-advanced'] as number,
      title: 'Late addition',
      duration_seconds: 2,
      media_asset_id: await insertFakeAsset(db, 'p', 2),
    });
    try {
      const category = (await post(org.member.token, '/get_category_id', { category_id: catalog.categories.safety })).body.data[0];
      expect(category).toMatchObject({ videos_count: 4, watched_count: 3, progress: 100 });
      expect(await groupsOf(org.member.token)).toEqual([
        [catalog.subCategories['safety-basics'], 2, 2, 100, [catalog.videos.lockout, catalog.videos.ppe]],
        [catalog.subCategories['safety-advanced'], 2, 1, 100, [catalog.videos['confined-space'], addedId]],
      ]);
      expect(await watchedIn(org.member.token, 'safety-advanced')).toMatchObject({ watched: 1, total: 2, progress: 100 });
      // Without a certificate the same new video halves the progress.
      const fresh = await organizationWithMembers(platform, 'Uncertified');
      await watch(fresh.member, 'confined-space');
      expect(await watchedIn(fresh.member.token, 'safety-advanced')).toMatchObject({ watched: 1, total: 2, progress: 50 });
    } finally {
      await db.deleteFrom('videos').where('id', '=', addedId).execute();
    }
  });
});
