import { ALERTS_COUNT_CAP, DASHBOARD_MESSAGES } from '@mm/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertFakeAsset, insertTestVideo, insertWatchHistory } from '../../../test/catalog-fixture.ts';
import { insertBulkMembers, organizationWithMembers, STRONG_PASSWORD, signIn, startPlatform, type TestPlatform, uniqueEmail } from '../../../test/harness.ts';
import { progressPercent } from '../learning/learning.rules.ts';
import { addMember } from '../organization/organization.service.ts';
import { renewCatalogVersion } from '../settings/index.ts';
import { largestRemainderPercents } from './dashboard.rules.ts';

/**
 * An organization whose figures are known by construction. Path (organization's): R1 (required, 4 videos, one
 * hidden: 3 visible), R2 (required, 2), O1 (optional, 2), O2 (optional, 1): 8 visible videos.
 * Members: the super user (Assembly, nothing watched), Mia (Assembly), Bob and Cy (Welding).
 * - Mia: R1 3/3 watched (+ the hidden video, which never counts), R2 1/2 (first start 10 days ago), O1 600 s started, not watched.
 * - Bob: R1 1 watched + 1 started (first start 20 days ago), O2 1/1 watched with 1,200 s.
 * - Cy: nothing.
 */
let platform: TestPlatform;
let acme: Awaited<ReturnType<typeof organizationWithMembers>>;
let rival: Awaited<ReturnType<typeof organizationWithMembers>>;
const cat = { r1: 0, r2: 0, o1: 0, o2: 0 };
const vid: Record<string, number[]> = {};
let bob = 0;
let cy = 0;
let weldingTeam = 0;
const DAY = 86_400_000;

async function seed() {
  const db = platform.ctx.db;
  const t = Date.now();
  const assetId = await insertFakeAsset(db, 'd', 600);
  const category = async (key: string, sort: number, essential: number, videos: number) => {
    const { id } = await db
      .insertInto('categories')
      .values({ key, name: `Category ${key}`, picture: null, essential, sort, challenge: '', expert_id: null, created_at: t, updated_at: t })
      .returning('id')
      .executeTakeFirstOrThrow();
    const sub = await db
      .insertInto('sub_categories')
      .values({ key: `sub-${key}`, category_id: id, name: `Sub ${key}`, sort: 1, created_at: t, updated_at: t })
      .returning('id')
      .executeTakeFirstOrThrow();
    vid[key] = [];
    for (let i = 0; i < videos; i++) {
      vid[key]!.push(
        await insertTestVideo(db, { key: `${key}-v${i}`, category_id: id, sub_category_id: sub.id, duration_seconds: 600, media_asset_id: assetId }),
      );
    }
    return id;
  };
  cat.r1 = await category('r1', 1, 1, 4);
  cat.r2 = await category('r2', 2, 1, 2);
  cat.o1 = await category('o1', 3, 0, 2);
  cat.o2 = await category('o2', 4, 0, 1);
  const path = await db
    .insertInto('learning_paths')
    .values({ organization_id: acme.organizationId, team_id: null, created_at: t, updated_at: t })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('learning_path_categories')
    .values([
      { path_id: path.id, category_id: cat.r1, position: 1, essential: 1 },
      { path_id: path.id, category_id: cat.r2, position: 2, essential: 1 },
      { path_id: path.id, category_id: cat.o1, position: 3, essential: 0 },
      { path_id: path.id, category_id: cat.o2, position: 4, essential: 0 },
    ])
    .execute();
  await db.insertInto('learning_path_hidden_videos').values({ path_id: path.id, video_id: vid.r1![3]! }).execute();

  bob = await addMember(platform.ctx, acme.organizationId, {
    email: uniqueEmail('bob'),
    password: STRONG_PASSWORD,
    name: 'Bob',
    lastName: 'Builder',
    team: 'Welding',
  });
  cy = await addMember(platform.ctx, acme.organizationId, {
    email: uniqueEmail('cy'),
    password: STRONG_PASSWORD,
    name: 'Cy',
    lastName: 'Cutter',
    team: 'Welding',
  });
  weldingTeam = (await db.selectFrom('users').select('team_id').where('id', '=', bob).executeTakeFirstOrThrow()).team_id!;

  const watch = (user_id: number, video_id: number, seconds: number, watched: boolean, daysAgo: number) => ({
    user_id,
    video_id,
    seconds,
    watched_at: watched ? t - daysAgo * DAY : null,
    last_watched_at: t - daysAgo * DAY,
    created_at: t - daysAgo * DAY,
  });
  const mia = acme.member.id;
  await insertWatchHistory(db, [
    watch(mia, vid.r1![0]!, 600, true, 30),
    watch(mia, vid.r1![1]!, 600, true, 29),
    watch(mia, vid.r1![2]!, 600, true, 28),
    watch(mia, vid.r1![3]!, 600, true, 27), // hidden: never counts
    watch(mia, vid.r2![0]!, 600, true, 10),
    watch(mia, vid.o1![0]!, 600, false, 5),
    watch(bob, vid.r1![0]!, 600, true, 20),
    watch(bob, vid.r1![1]!, 100, false, 3),
    watch(bob, vid.o2![0]!, 1200, true, 2),
  ]);
}

beforeAll(async () => {
  platform = await startPlatform();
  acme = await organizationWithMembers(platform, 'Acme');
  rival = await organizationWithMembers(platform, 'Rival');
  await seed();
});
afterAll(() => platform?.close());

const get = (path: string, token: string, query: Record<string, string>) => platform.api('GET', `/api/${path}`, { token, query });
const progress = (query: Record<string, string>) =>
  get('get_organization_team_overall_progress', acme.superUser.token, { organizationId: String(acme.organizationId), ...query });
const byName = (rows: { name: string; progress: number }[]) => Object.fromEntries(rows.map((r) => [r.name, r.progress]));

describe('rounding rules', () => {
  it('floors progress and caps it at 100', () => {
    expect(progressPercent(1, 3)).toBe(33);
    expect(progressPercent(2, 3)).toBe(66);
    expect(progressPercent(5, 4)).toBe(100);
    expect(progressPercent(1, 0)).toBe(0);
  });
  it('gives the missing points to the largest remainders so shares sum to 100 at most', () => {
    expect(largestRemainderPercents([10, 20])).toEqual([33, 67]);
    expect(largestRemainderPercents([1, 1, 1])).toEqual([34, 33, 33]);
    expect(largestRemainderPercents([1, 1, 1, 1, 1, 1, 1])).toEqual([15, 15, 14, 14, 14, 14, 14]);
    expect(largestRemainderPercents([0, 0])).toEqual([0, 0]);
    expect(largestRemainderPercents([])).toEqual([]);
    expect(largestRemainderPercents([3, 0])).toEqual([100, 0]);
  });
});

describe('team tracker', () => {
  it('measures every member over the visible videos of the whole path', async () => {
    const res = await progress({ team: '' });
    expect(res.status).toBe(200);
    const o = res.body.data.overallProgress;
    expect(byName(o.teamUsersProgress)).toEqual({ 'Bob Builder': 25, 'Cy Cutter': 0, 'Mia Member': 50, 'Sam Super': 0 });
    expect(o.teamProgress).toBe(18); // floor(100 x 6 / (4 x 8))
    expect(o.teamUsersProgress[0]).toMatchObject({ user_id: bob, name: 'Bob Builder', picture: null });
  });
  it('filters: required content, optional content, one category, one team', async () => {
    const required = (await progress({ onlyEssentials: '1' })).body.data.overallProgress;
    expect(byName(required.teamUsersProgress)).toMatchObject({ 'Mia Member': 80, 'Bob Builder': 20 });
    expect(required.teamProgress).toBe(25);
    const optional = (await progress({ onlyEssentials: '0' })).body.data.overallProgress;
    expect(byName(optional.teamUsersProgress)).toMatchObject({ 'Mia Member': 0, 'Bob Builder': 33 });
    expect(optional.teamProgress).toBe(8);
    const r2 = (await progress({ categoryId: String(cat.r2), onlyEssentials: '0' })).body.data.overallProgress;
    expect(byName(r2.teamUsersProgress)).toMatchObject({ 'Mia Member': 50, 'Bob Builder': 0 });
    const welding = (await progress({ team: String(weldingTeam) })).body.data.overallProgress;
    expect(byName(welding.teamUsersProgress)).toEqual({ 'Bob Builder': 25, 'Cy Cutter': 0 });
    expect(welding.teamProgress).toBe(12);
  });
  it('pages and searches the members on request, the team figure still over everyone', async () => {
    const all = (await progress({ team: '' })).body.data.overallProgress;
    expect(all.teamUsersTotal).toBe(4);
    const page = (await progress({ team: '', skip: '1', take: '2' })).body.data.overallProgress;
    expect(page).toMatchObject({ teamProgress: 18, teamUsersTotal: 4 });
    expect(page.teamUsersProgress.map((u: { name: string }) => u.name)).toEqual(['Cy Cutter', 'Mia Member']);
    // Every word, as a part of the name, case ignored.
    const found = (await progress({ team: '', q: 'BUIL bo' })).body.data.overallProgress;
    expect(found).toMatchObject({ teamProgress: 18, teamUsersTotal: 1 });
    expect(byName(found.teamUsersProgress)).toEqual({ 'Bob Builder': 25 });
    expect((await progress({ team: '', q: 'bob cutter' })).body.data.overallProgress).toMatchObject({ teamUsersProgress: [], teamUsersTotal: 0 });
    const bads: Record<string, string>[] = [{ take: '0' }, { take: '501' }, { skip: '-1' }, { q: 'x'.repeat(101) }];
    for (const bad of bads) expect((await progress(bad)).status).toBe(400);
  });
});

describe('alerts, compliance and optional training', () => {
  it('lists, per path category, the members who started and have not finished', async () => {
    const res = await get('get_dashboard_users_alerts', acme.superUser.token, { organizationId: String(acme.organizationId), team: '', categoryId: '' });
    expect(res.status).toBe(200);
    const alerts = res.body.data.users_alerts as {
      category_id: number;
      users: { user_name: string; percentage_videos_watched: number; first_video_watched: string }[];
    }[];
    expect(alerts.map((a) => a.category_id)).toEqual([cat.r1, cat.r2, cat.o1, cat.o2]);
    expect(alerts[0]!.users.map((u) => [u.user_name, u.percentage_videos_watched])).toEqual([['Bob Builder', 33]]);
    expect(alerts[1]!.users.map((u) => [u.user_name, u.percentage_videos_watched])).toEqual([['Mia Member', 50]]);
    expect(alerts[2]!.users.map((u) => [u.user_name, u.percentage_videos_watched])).toEqual([['Mia Member', 0]]);
    expect(alerts[3]!.users).toEqual([]);
    const firstStart = Date.parse(alerts[0]!.users[0]!.first_video_watched);
    expect(Math.round((Date.now() - firstStart) / DAY)).toBe(20);
    const one = await get('get_dashboard_users_alerts', acme.superUser.token, { organizationId: String(acme.organizationId), categoryId: String(cat.r2) });
    expect(one.body.data.users_alerts).toHaveLength(1);
    // One team: Welding holds Bob (behind in R1), not Mia.
    const welding = await get('get_dashboard_users_alerts', acme.superUser.token, { organizationId: String(acme.organizationId), team: String(weldingTeam) });
    const weldingAlerts = welding.body.data.users_alerts as { users_total: number; users: { user_name: string }[] }[];
    expect(weldingAlerts.map((c) => [c.users_total, c.users.map((u) => u.user_name)])).toEqual([
      [1, ['Bob Builder']],
      [0, []],
      [0, []],
      [0, []],
    ]);
  });
  it('lists at most 50 members per category, the longest stalled first, with the count up to 1,000', async () => {
    const crowd = await organizationWithMembers(platform, 'Crowd');
    const ids = await insertBulkMembers(platform, crowd.organizationId, 1003);
    const t = Date.now();
    // Member i started R1 (i + 1) seconds after member i - 1; nobody finished it. Two also started R2.
    await insertWatchHistory(platform.ctx.db, [
      ...ids.map((id, i) => ({ user_id: id, video_id: vid.r1![0]!, seconds: 60, watched_at: null, last_watched_at: t, created_at: t - DAY + i * 1000 })),
      ...ids.slice(0, 3).map((id) => ({ user_id: id, video_id: vid.r2![0]!, seconds: 60, watched_at: null, last_watched_at: t, created_at: t })),
    ]);
    // A deleted account never shows, nor counts.
    await platform.ctx.db.updateTable('users').set({ deleted_at: t }).where('id', '=', ids[0]!).execute();
    const res = await get('get_dashboard_users_alerts', crowd.superUser.token, { organizationId: String(crowd.organizationId), team: '', categoryId: '' });
    expect(res.status).toBe(200);
    const byCategory = new Map(
      (res.body.data.users_alerts as { category_id: number; users_total: number; users: { user_id: number }[] }[]).map((c) => [c.category_id, c]),
    );
    expect(byCategory.get(cat.r1)!.users_total).toBe(ALERTS_COUNT_CAP);
    expect(byCategory.get(cat.r1)!.users.map((u) => u.user_id)).toEqual(ids.slice(1, 51));
    expect(byCategory.get(cat.r2)!.users_total).toBe(2);
    expect(byCategory.get(cat.r2)!.users.map((u) => u.user_id)).toEqual(ids.slice(1, 3));
    expect(byCategory.get(cat.o1)).toMatchObject({ users_total: 0, users: [] });
  });

  it('reports the completion rate of each required category', async () => {
    const res = await get('get_organization_compliance_report', acme.superUser.token, { organizationId: String(acme.organizationId), team: '' });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { category_id: cat.r1, lesson_id: null, name: 'Category r1', completed: 1, members: 4, completion: 25 },
      { category_id: cat.r2, lesson_id: null, name: 'Category r2', completed: 0, members: 4, completion: 0 },
    ]);
    const welding = await get('get_organization_compliance_report', acme.superUser.token, {
      organizationId: String(acme.organizationId),
      team: String(weldingTeam),
    });
    expect(welding.body.data.map((c: { completion: number }) => c.completion)).toEqual([0, 0]);
  });
  it('shares optional minutes in percent by largest remainder', async () => {
    const res = await get('get_organization_team_optional_training', acme.superUser.token, { organizationId: String(acme.organizationId), team: '' });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { category_id: cat.o1, name: 'Category o1', total_minutes: 10, completion: 33 },
      { category_id: cat.o2, name: 'Category o2', total_minutes: 20, completion: 67 },
    ]);
  });
});

describe('access', () => {
  const calls = [
    'get_organization_team_overall_progress',
    'get_dashboard_users_alerts',
    'get_organization_compliance_report',
    'get_organization_team_optional_training',
  ];
  it('refuses ordinary members and other organizations', async () => {
    for (const call of calls) {
      expect((await get(call, acme.member.token, { organizationId: String(acme.organizationId) })).status).toBe(403);
      expect((await get(call, rival.superUser.token, { organizationId: String(acme.organizationId) })).status).toBe(403);
      expect((await platform.api('GET', `/api/${call}`, { query: { organizationId: String(acme.organizationId) } })).status).toBe(401);
    }
    const alert = await get(`dashboard/team/${acme.member.id}`, rival.superUser.token, { category_id: String(cat.r2) });
    expect(alert.status).toBe(403);
    const memberAlert = await get(`dashboard/team/${bob}`, acme.member.token, { category_id: String(cat.r2) });
    expect(memberAlert.status).toBe(403);
    const broadcast = await platform.api('POST', '/api/send_broadcast', { token: acme.member.token, json: { organizationId: acme.organizationId } });
    expect(broadcast.status).toBe(403);
  });
  it('answers 400 for bad ids', async () => {
    expect((await get(calls[0]!, acme.superUser.token, { organizationId: 'abc' })).status).toBe(400);
    expect((await get(calls[0]!, acme.superUser.token, { organizationId: String(acme.organizationId), onlyEssentials: '2' })).status).toBe(400);
    const rivalTeam = (await platform.ctx.db.selectFrom('teams').select('id').where('organization_id', '=', rival.organizationId).executeTakeFirstOrThrow()).id;
    expect((await get(calls[2]!, acme.superUser.token, { organizationId: String(acme.organizationId), team: String(rivalTeam) })).status).toBe(400);
    expect((await progress({ categoryId: '999999' })).status).toBe(400);
    expect((await get('dashboard/team/x', acme.superUser.token, { category_id: String(cat.r2) })).status).toBe(400);
    expect((await get(`dashboard/team/${bob}`, acme.superUser.token, { category_id: 'nope' })).status).toBe(400);
  });
});

describe('alert and broadcast', () => {
  it('alerts one member once per category and day, by e-mail and notice', async () => {
    const res = await get(`dashboard/team/${acme.member.id}`, acme.superUser.token, {
      supervisor_name: 'Sam Super',
      category_id: String(cat.r2),
      category_name: 'Category r2',
      percentage: '50',
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(DASHBOARD_MESSAGES.alertSent);
    const mail = await platform.ctx.db.selectFrom('outbox').selectAll().where('kind', '=', 'progress-alert').execute();
    expect(mail).toHaveLength(1);
    expect(mail[0]!.to_address).toBe(acme.member.email);
    expect(mail[0]!.text_body).toContain('watched 50% of it');
    const notices = await platform.api('GET', '/api/notices', { token: acme.member.token });
    expect(notices.body.data.notices).toHaveLength(1);
    expect(notices.body.data.notices[0].message).toContain('Category r2');
    const again = await get(`dashboard/team/${acme.member.id}`, acme.superUser.token, { category_id: String(cat.r2) });
    expect(again.status).toBe(409);
    expect(again.body.error_messages).toBe(DASHBOARD_MESSAGES.alreadyAlerted);
    const recorded = await platform.ctx.db.selectFrom('alerts').selectAll().execute();
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ sender_id: acme.superUser.id, user_id: acme.member.id, category_id: cat.r2, kind: 'alert' });
  });
  it('broadcasts to every member behind, skipping the sender and members already alerted today', async () => {
    const one = await platform.api('POST', '/api/send_broadcast', {
      token: acme.superUser.token,
      json: { organizationId: acme.organizationId, team: '', categoryId: cat.r2 },
    });
    expect(one.status).toBe(200);
    expect(one.body.message).toBe(DASHBOARD_MESSAGES.broadcastSent);
    expect(one.body.data.recipients).toBe(2); // Bob and Cy; Mia was alerted today, the sender is skipped
    const all = await platform.api('POST', '/api/send_broadcast', {
      token: acme.superUser.token,
      form: { organizationId: String(acme.organizationId), team: '', categoryId: '' },
    });
    expect(all.body.data.recipients).toBe(2); // R1: Bob and Cy (Mia finished it); R2: everybody already alerted today
    const mails = await platform.ctx.db.selectFrom('outbox').select('to_address').where('kind', '=', 'progress-broadcast').execute();
    expect(mails).toHaveLength(4);
    const bobNotices = await platform.api('GET', '/api/notices', {
      token: await signIn(platform, (await platform.ctx.db.selectFrom('users').select('email').where('id', '=', bob).executeTakeFirstOrThrow()).email ?? ''),
    });
    expect(bobNotices.body.data.notices).toHaveLength(2);
    void cy;
  });
});

describe("team tracker: the organization's own lessons", () => {
  /**
   * Plant: its path holds O2 (1 video) and two published own lessons, plus one unpublished and one deleted (never
   * counted); the Paint team follows a path of its own (O2 and a third lesson). Mia watched lesson 1 and started
   * lesson 2; Pat (Paint) watched O2's video, lesson 3, and lesson 1 (not on his path: never counted).
   */
  it("counts each own lesson of a member's path as one video, watched or not, in the whole-path figure, never in the optional or a category's", async () => {
    const db = platform.ctx.db;
    const t = Date.now();
    const plant = await organizationWithMembers(platform, 'Plant');
    const pat = await addMember(platform.ctx, plant.organizationId, {
      email: uniqueEmail('pat'),
      password: STRONG_PASSWORD,
      name: 'Pat',
      lastName: 'Painter',
      team: 'Paint',
    });
    const paint = (await db.selectFrom('users').select('team_id').where('id', '=', pat).executeTakeFirstOrThrow()).team_id!;
    const assetId = await insertFakeAsset(db, 'l', 300);
    const lesson = async (title: string, state: { published?: boolean; deleted?: boolean }) =>
      (
        await db
          .insertInto('studio_lessons')
          .values({
            organization_id: plant.organizationId,
            title,
            category: 'Safety',
            description: '',
            media_state: 'ready',
            media_asset_id: assetId,
            duration_seconds: 300,
            published_at: state.published === false ? null : t,
            created_by: plant.superUser.id,
            created_at: t,
            updated_at: t,
            pending_requires_retraining: null,
            pending_summary: null,
            unpublished_at: null,
            deleted_at: state.deleted ? t : null,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const [one, two, draft, gone, three] = [
      await lesson('Lockout', {}),
      await lesson('Forklift', {}),
      await lesson('Draft', { published: false }),
      await lesson('Gone', { deleted: true }),
      await lesson('Spray booth', {}),
    ];
    const path = async (teamId: number | null, lessonIds: number[]) => {
      const { id } = await db
        .insertInto('learning_paths')
        .values({ organization_id: plant.organizationId, team_id: teamId, created_at: t, updated_at: t })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db.insertInto('learning_path_categories').values({ path_id: id, category_id: cat.o2, position: 1, essential: 0 }).execute();
      await db
        .insertInto('learning_path_lessons')
        .values(lessonIds.map((lesson_id, i) => ({ path_id: id, lesson_id, position: i + 1 })))
        .execute();
    };
    await path(null, [one!, two!, draft!, gone!]);
    await path(paint, [three!]);
    const lessonWatch = (user_id: number, lesson_id: number, watched: boolean) => ({
      user_id,
      lesson_id,
      seconds: watched ? 300 : 60,
      position_seconds: 0,
      watched_at: watched ? t : null,
      revision: 1,
      created_at: t,
      updated_at: t,
    });
    await db
      .insertInto('studio_lesson_watches')
      .values([
        lessonWatch(plant.member.id, one!, true),
        lessonWatch(plant.member.id, two!, false),
        lessonWatch(pat, three!, true),
        lessonWatch(pat, one!, true),
      ])
      .execute();
    await insertWatchHistory(db, [{ user_id: pat, video_id: vid.o2![0]!, seconds: 600, watched_at: t, last_watched_at: t, created_at: t }]);

    const tracker = async (query: Record<string, string>) => {
      const res = await get('get_organization_team_overall_progress', plant.superUser.token, { organizationId: String(plant.organizationId), ...query });
      expect(res.status).toBe(200);
      return res.body.data.overallProgress;
    };
    // Whole path: Mia 1 of 3 (O2's video, two published lessons), Pat 2 of 2, Sam 0 of 3: team floor(100 x 3 / 8).
    const all = await tracker({ team: '' });
    expect(byName(all.teamUsersProgress)).toEqual({ 'Mia Member': 33, 'Pat Painter': 100, 'Sam Super': 0 });
    expect(all.teamProgress).toBe(37);
    // Still a page at a time, the team figure over everyone.
    const page = await tracker({ team: '', skip: '1', take: '1' });
    expect(page).toMatchObject({ teamProgress: 37, teamUsersTotal: 3 });
    expect(byName(page.teamUsersProgress)).toEqual({ 'Pat Painter': 100 });
    expect(byName((await tracker({ team: String(paint) })).teamUsersProgress)).toEqual({ 'Pat Painter': 100 });
    // Own lessons are required content (dashboard-own-lessons.test.ts): neither the optional filter nor one category holds them.
    expect(byName((await tracker({ onlyEssentials: '0' })).teamUsersProgress)).toEqual({ 'Mia Member': 0, 'Pat Painter': 100, 'Sam Super': 0 });
    expect(byName((await tracker({ categoryId: String(cat.o2) })).teamUsersProgress)).toEqual({ 'Mia Member': 0, 'Pat Painter': 100, 'Sam Super': 0 });
  });
});

describe("names in the reader's language (issue 40)", () => {
  /**
   * The catalog names R1, R2, O1 and R1's sub-category in Spanish; O2 has no Spanish name. The supervisor reads in
   * their saved language, else the organization's, else the browser's: each dashboard call naming a category answers
   * the names of that language where the catalog has them, and the English ones otherwise.
   */
  it('names the categories in Spanish for a Spanish supervisor on every dashboard call, and in English for an English one', async () => {
    const db = platform.ctx.db;
    const t = Date.now();
    const spanish = new Map([
      [cat.r1, 'Categoría r1'],
      [cat.r2, 'Categoría r2'],
      [cat.o1, 'Categoría o1'],
    ]);
    await db
      .insertInto('category_name_translations')
      .values([...spanish].map(([category_id, name]) => ({ category_id, locale: 'es', name, origin: 'author', source_hash: null, created_at: t })))
      .execute();
    const subR1 = (await db.selectFrom('sub_categories').select('id').where('key', '=', 'sub-r1').executeTakeFirstOrThrow()).id;
    await db
      .insertInto('sub_category_name_translations')
      .values({ sub_category_id: subR1, locale: 'es', name: 'Subcategoría r1', origin: 'author', source_hash: null, created_at: t })
      .execute();
    await renewCatalogVersion(db);

    const organizationId = String(acme.organizationId);
    const pathIds = [cat.r1, cat.r2, cat.o1, cat.o2];
    /** What the dashboard's screens show as names: Alerts, Compliance, Optional training, the Tracker's menu and the Library. */
    const names = async (headers: Record<string, string> = {}) => {
      const call = async (path: string, query: Record<string, string> = { organizationId, team: '' }) => {
        const res = await platform.api('GET', `/api/${path}`, { token: acme.superUser.token, query, headers });
        expect(res.status, path).toBe(200);
        return res.body.data;
      };
      const [alerts, compliance, optional, menu, library] = await Promise.all([
        call('get_dashboard_users_alerts'),
        call('get_organization_compliance_report'),
        call('get_organization_team_optional_training'),
        call(`get_all_organization_categories_learning_path/${organizationId}`, {}),
        call(`organization/${organizationId}/categories`, {}),
      ]);
      return {
        alerts: (alerts.users_alerts as { category_name: string }[]).map((a) => a.category_name),
        compliance,
        optional,
        menu: (menu.data as { name: string }[]).map((c) => c.name),
        library: (library as { id: number; name: string; subcategories: { title: string }[] }[])
          .filter((c) => pathIds.includes(c.id))
          .map((c) => [c.name, ...c.subcategories.map((s) => s.title)]),
      };
    };
    const setLocale = (locale: string | null) => platform.api('POST', '/api/set_locale', { token: acme.superUser.token, json: { locale } });

    try {
      expect((await setLocale('es')).status).toBe(200);
      // The figures and shapes as in English (above), the names in Spanish; O2, without a Spanish name, in English.
      expect(await names()).toEqual({
        alerts: ['Categoría r1', 'Categoría r2', 'Categoría o1', 'Category o2'],
        compliance: [
          { category_id: cat.r1, lesson_id: null, name: 'Categoría r1', completed: 1, members: 4, completion: 25 },
          { category_id: cat.r2, lesson_id: null, name: 'Categoría r2', completed: 0, members: 4, completion: 0 },
        ],
        optional: [
          { category_id: cat.o1, name: 'Categoría o1', total_minutes: 10, completion: 33 },
          { category_id: cat.o2, name: 'Category o2', total_minutes: 20, completion: 67 },
        ],
        menu: ['Categoría r1', 'Categoría r2', 'Categoría o1', 'Category o2'],
        library: [
          ['Categoría r1', 'Subcategoría r1'],
          ['Categoría r2', 'Sub r2'],
          ['Categoría o1', 'Sub o1'],
          ['Category o2', 'Sub o2'],
        ],
      });
      // A supervisor who chose English reads English names, whatever the browser asks.
      expect((await setLocale('en')).status).toBe(200);
      expect(await names({ 'accept-language': 'es' })).toEqual({
        alerts: ['Category r1', 'Category r2', 'Category o1', 'Category o2'],
        compliance: [
          { category_id: cat.r1, lesson_id: null, name: 'Category r1', completed: 1, members: 4, completion: 25 },
          { category_id: cat.r2, lesson_id: null, name: 'Category r2', completed: 0, members: 4, completion: 0 },
        ],
        optional: [
          { category_id: cat.o1, name: 'Category o1', total_minutes: 10, completion: 33 },
          { category_id: cat.o2, name: 'Category o2', total_minutes: 20, completion: 67 },
        ],
        menu: ['Category r1', 'Category r2', 'Category o1', 'Category o2'],
        library: [
          ['Category r1', 'Sub r1'],
          ['Category r2', 'Sub r2'],
          ['Category o1', 'Sub o1'],
          ['Category o2', 'Sub o2'],
        ],
      });
    } finally {
      await setLocale(null);
    }
  });
});
