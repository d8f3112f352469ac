import { ALERTS_PER_CATEGORY } from '@mm/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertFakeAsset, insertTestVideo, insertWatchHistory } from '../../../test/catalog-fixture.ts';
import { insertBulkMembers, organizationWithMembers, STRONG_PASSWORD, startPlatform, type TestPlatform, uniqueEmail } from '../../../test/harness.ts';
import { addMember } from '../organization/organization.service.ts';
import { renewCatalogVersion } from '../settings/index.ts';

/**
 * The supervisor's Tracker filters, Alerts and Compliance count the organization's own (studio) lessons of the path
 * like the catalog's content (issue 37), and never another organization's. Figures known by construction:
 * - Categories R (required, 1 video) and O (optional, 1 video).
 * - Plant's own lessons: Lockout and Forklift (published, 300 s), a draft, Spray booth (published); Rival's "Rival
 *   lesson" (published), slipped into Plant's path by hand: never listed, never measured.
 * - Plant's path: R, O, then Lockout, Forklift, the draft and Rival lesson. The Paint team's path: O, then Spray booth.
 * - Members: Sam (super user) and Mia (Assembly), Pat (Paint). Mia watched R's video and Lockout, started Forklift
 *   5 days ago (60 s); Pat watched Spray booth and started Forklift 9 days ago (120 s). Rival's member watched Rival lesson.
 */
let platform: TestPlatform;
let plant: Awaited<ReturnType<typeof organizationWithMembers>>;
let rival: Awaited<ReturnType<typeof organizationWithMembers>>;
const cat = { r: 0, o: 0 };
const lesson = { lockout: 0, forklift: 0, draft: 0, spray: 0, rival: 0 };
let paint = 0;
const DAY = 86_400_000;

async function insertLesson(organizationId: number, by: number, title: string, assetId: number, published = true): Promise<number> {
  const t = Date.now();
  const row = await platform.ctx.db
    .insertInto('studio_lessons')
    .values({
      organization_id: organizationId,
      title,
      category: 'Safety',
      description: '',
      media_state: 'ready',
      media_asset_id: assetId,
      duration_seconds: 300,
      published_at: published ? t : null,
      created_by: by,
      created_at: t,
      updated_at: t,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function insertPath(organizationId: number, teamId: number | null, categories: [number, number][], lessonIds: number[]) {
  const db = platform.ctx.db;
  const t = Date.now();
  const { id } = await db
    .insertInto('learning_paths')
    .values({ organization_id: organizationId, team_id: teamId, created_at: t, updated_at: t })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (categories.length > 0)
    await db
      .insertInto('learning_path_categories')
      .values(categories.map(([category_id, essential], i) => ({ path_id: id, category_id, position: i + 1, essential })))
      .execute();
  if (lessonIds.length > 0)
    await db
      .insertInto('learning_path_lessons')
      .values(lessonIds.map((lesson_id, i) => ({ path_id: id, lesson_id, position: i + 1 })))
      .execute();
}

const lessonWatch = (user_id: number, lesson_id: number, seconds: number, watched: boolean, daysAgo: number) => {
  const at = Date.now() - daysAgo * DAY;
  return { user_id, lesson_id, seconds, position_seconds: seconds, watched_at: watched ? at : null, revision: 1, created_at: at, updated_at: at };
};

beforeAll(async () => {
  platform = await startPlatform();
  plant = await organizationWithMembers(platform, 'Plant');
  rival = await organizationWithMembers(platform, 'Rival');
  const db = platform.ctx.db;
  const t = Date.now();
  const assetId = await insertFakeAsset(db, 'p', 300);
  const videos: Record<string, number> = {};
  for (const [key, essential] of [
    ['r', 1],
    ['o', 0],
  ] as const) {
    const { id } = await db
      .insertInto('categories')
      .values({
        key: `own-${key}`,
        name: `Category ${key.toUpperCase()}`,
        picture: null,
        essential,
        sort: 1,
        challenge: '',
        expert_id: null,
        created_at: t,
        updated_at: t,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const sub = await db
      .insertInto('sub_categories')
      .values({ key: `own-sub-${key}`, category_id: id, name: `Sub ${key}`, sort: 1, created_at: t, updated_at: t })
      .returning('id')
      .executeTakeFirstOrThrow();
    cat[key] = id;
    videos[key] = await insertTestVideo(db, { key: `own-${key}-v`, category_id: id, sub_category_id: sub.id, duration_seconds: 300, media_asset_id: assetId });
  }
  const pat = await addMember(platform.ctx, plant.organizationId, {
    email: uniqueEmail('pat'),
    password: STRONG_PASSWORD,
    name: 'Pat',
    lastName: 'Painter',
    team: 'Paint',
  });
  paint = (await db.selectFrom('users').select('team_id').where('id', '=', pat).executeTakeFirstOrThrow()).team_id!;
  lesson.lockout = await insertLesson(plant.organizationId, plant.superUser.id, 'Lockout', assetId);
  lesson.forklift = await insertLesson(plant.organizationId, plant.superUser.id, 'Forklift', assetId);
  lesson.draft = await insertLesson(plant.organizationId, plant.superUser.id, 'Draft', assetId, false);
  lesson.spray = await insertLesson(plant.organizationId, plant.superUser.id, 'Spray booth', assetId);
  lesson.rival = await insertLesson(rival.organizationId, rival.superUser.id, 'Rival lesson', assetId);
  await insertPath(
    plant.organizationId,
    null,
    [
      [cat.r, 1],
      [cat.o, 0],
    ],
    [lesson.lockout, lesson.forklift, lesson.draft, lesson.rival],
  );
  await insertPath(plant.organizationId, paint, [[cat.o, 0]], [lesson.spray]);
  await insertPath(rival.organizationId, null, [[cat.r, 1]], [lesson.rival]);
  const mia = plant.member.id;
  await db
    .insertInto('studio_lesson_watches')
    .values([
      lessonWatch(mia, lesson.lockout, 300, true, 6),
      lessonWatch(mia, lesson.forklift, 60, false, 5),
      lessonWatch(pat, lesson.spray, 300, true, 8),
      lessonWatch(pat, lesson.forklift, 120, false, 9),
      lessonWatch(rival.member.id, lesson.rival, 100, false, 20),
    ])
    .execute();
  await insertWatchHistory(db, [{ user_id: mia, video_id: videos.r!, seconds: 300, watched_at: t, last_watched_at: t, created_at: t }]);
}, 60_000);
afterAll(() => platform?.close());

const get = (path: string, org: typeof plant, query: Record<string, string>) =>
  platform.api('GET', `/api/${path}`, { token: org.superUser.token, query: { organizationId: String(org.organizationId), ...query } });
const byName = (rows: { name: string; progress: number }[]) => Object.fromEntries(rows.map((r) => [r.name, r.progress]));
const tracker = async (query: Record<string, string>, org = plant) => {
  const res = await get('get_organization_team_overall_progress', org, query);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.overallProgress;
};

describe("the Tracker's filters with own lessons", () => {
  it('measures one own lesson of the path alone (lessonId), as one video', async () => {
    const lockout = await tracker({ lessonId: String(lesson.lockout) });
    expect(byName(lockout.teamUsersProgress)).toEqual({ 'Mia Member': 100, 'Pat Painter': 0, 'Sam Super': 0 });
    expect(lockout.teamProgress).toBe(33);
    const spray = await tracker({ team: String(paint), lessonId: String(lesson.spray) });
    expect(byName(spray.teamUsersProgress)).toEqual({ 'Pat Painter': 100 });
  });

  it("counts the path's own lessons as required content, never as optional", async () => {
    // Mia: R and Lockout of R, Lockout, Forklift; Sam nothing of the same; Pat (Paint: no required category) Spray booth.
    const required = await tracker({ onlyEssentials: '1' });
    expect(byName(required.teamUsersProgress)).toEqual({ 'Mia Member': 66, 'Pat Painter': 100, 'Sam Super': 0 });
    expect(required.teamProgress).toBe(42);
    const optional = await tracker({ onlyEssentials: '0' });
    expect(byName(optional.teamUsersProgress)).toEqual({ 'Mia Member': 0, 'Pat Painter': 0, 'Sam Super': 0 });
  });

  it("refuses a draft, another organization's lesson or a lesson of no path with a 400, and a category with a lesson", async () => {
    for (const id of [lesson.draft, lesson.rival, lesson.spray, 999_999]) {
      const res = await get('get_organization_team_overall_progress', plant, { lessonId: String(id) });
      expect(res.status, String(id)).toBe(400);
    }
    const both = await get('get_organization_team_overall_progress', plant, { lessonId: String(lesson.lockout), categoryId: String(cat.r) });
    expect(both.status).toBe(400);
    // Rival's super user cannot measure Plant's lesson on Rival, nor read Plant's dashboard.
    expect((await get('get_organization_team_overall_progress', rival, { lessonId: String(lesson.lockout) })).status).toBe(400);
    const other = await platform.api('GET', '/api/get_organization_team_overall_progress', {
      token: rival.superUser.token,
      query: { organizationId: String(plant.organizationId), lessonId: String(lesson.lockout) },
    });
    expect(other.status).toBe(403);
  });
});

describe('alerts and compliance with own lessons', () => {
  it('list each published own lesson of the path after the categories, with who started it and has not watched it', async () => {
    const res = await get('get_dashboard_users_alerts', plant, { team: '', categoryId: '' });
    expect(res.status).toBe(200);
    const alerts = res.body.data.users_alerts as {
      category_id: number;
      category_name: string;
      lesson_id: number | null;
      users_total: number;
      users: { user_name: string; percentage_videos_watched: number; first_video_watched: string }[];
    }[];
    expect(alerts.map((a) => [a.category_id, a.lesson_id, a.category_name])).toEqual([
      [cat.r, null, 'Category R'],
      [cat.o, null, 'Category O'],
      [0, lesson.lockout, 'Lockout'],
      [0, lesson.forklift, 'Forklift'],
    ]);
    expect(alerts[2]!.users).toEqual([]);
    // Longest stalled first: Pat 9 days ago (120 of 300 s), Mia 5 days ago (60 of 300 s).
    expect(alerts[3]!.users.map((u) => [u.user_name, u.percentage_videos_watched])).toEqual([
      ['Pat Painter', 40],
      ['Mia Member', 20],
    ]);
    expect(alerts[3]!.users_total).toBe(2);
    expect(Date.now() - Date.parse(alerts[3]!.users[0]!.first_video_watched)).toBeGreaterThan(8 * DAY);

    const team = await get('get_dashboard_users_alerts', plant, { team: String(paint) });
    expect(team.body.data.users_alerts.map((a: { lesson_id: number | null }) => a.lesson_id)).toEqual([null, lesson.spray]);
    // One category asked: that category only.
    const one = await get('get_dashboard_users_alerts', plant, { categoryId: String(cat.r) });
    expect(one.body.data.users_alerts.map((a: { category_id: number }) => a.category_id)).toEqual([cat.r]);
  });

  it('reports the share of members who watched each own lesson of the path, after the required categories', async () => {
    const res = await get('get_organization_compliance_report', plant, { team: '' });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { category_id: cat.r, lesson_id: null, name: 'Category R', completed: 1, members: 3, completion: 33 },
      { category_id: 0, lesson_id: lesson.lockout, name: 'Lockout', completed: 1, members: 3, completion: 33 },
      { category_id: 0, lesson_id: lesson.forklift, name: 'Forklift', completed: 0, members: 3, completion: 0 },
    ]);
    const team = await get('get_organization_compliance_report', plant, { team: String(paint) });
    expect(team.body.data).toEqual([{ category_id: 0, lesson_id: lesson.spray, name: 'Spray booth', completed: 1, members: 1, completion: 100 }]);
  });

  it("show Rival its own lesson only: Plant's never appear there", async () => {
    const compliance = await get('get_organization_compliance_report', rival, {});
    expect(compliance.body.data.map((c: { name: string }) => c.name)).toEqual(['Category R', 'Rival lesson']);
    const alerts = await get('get_dashboard_users_alerts', rival, {});
    const rows = alerts.body.data.users_alerts as { lesson_id: number | null; users: { user_name: string }[] }[];
    expect(rows.map((a) => a.lesson_id)).toEqual([null, lesson.rival]);
    expect(rows[1]!.users.map((u) => u.user_name)).toEqual(['Mia Member']);
  });

  it('keeps its figures at scale: many members and lessons, one statement per panel', async () => {
    const big = await organizationWithMembers(platform, 'Big Plant');
    const assetId = await insertFakeAsset(platform.ctx.db, 'b', 300);
    const ids: number[] = [];
    for (let i = 0; i < 30; i++) ids.push(await insertLesson(big.organizationId, big.superUser.id, `SOP ${String(i).padStart(2, '0')}`, assetId));
    await insertPath(big.organizationId, null, [[cat.r, 1]], ids);
    const members = await insertBulkMembers(platform, big.organizationId, 240);
    // Every bulk member started SOP 00 (the first 60 watched it), and watched SOP 01.
    const rows = members.flatMap((id, i) => [lessonWatch(id, ids[0]!, i < 60 ? 300 : 30, i < 60, 2), lessonWatch(id, ids[1]!, 300, true, 1)]);
    for (let i = 0; i < rows.length; i += 200)
      await platform.ctx.db
        .insertInto('studio_lesson_watches')
        .values(rows.slice(i, i + 200))
        .execute();
    const compliance = (await get('get_organization_compliance_report', big, {})).body.data as {
      lesson_id: number | null;
      completed: number;
      members: number;
    }[];
    expect(compliance).toHaveLength(31);
    expect(compliance[1]).toMatchObject({ lesson_id: ids[0], completed: 60, members: 242 });
    expect(compliance[2]).toMatchObject({ lesson_id: ids[1], completed: 240, members: 242 });
    expect(compliance[3]).toMatchObject({ lesson_id: ids[2], completed: 0 });
    const alerts = (await get('get_dashboard_users_alerts', big, {})).body.data.users_alerts as {
      lesson_id: number | null;
      users_total: number;
      users: unknown[];
    }[];
    expect(alerts).toHaveLength(31);
    expect(alerts[1]).toMatchObject({ lesson_id: ids[0], users_total: 180 });
    expect(alerts[1]!.users).toHaveLength(ALERTS_PER_CATEGORY);
    expect(alerts.slice(2).every((a) => a.users.length === 0)).toBe(true);
    const required = await tracker({ onlyEssentials: '1' }, big);
    expect(required.teamUsersTotal).toBe(242);
  });
});

describe('own lessons for a Spanish reader (issue 40)', () => {
  it('keep their titles as typed beside the categories named in Spanish', async () => {
    await platform.ctx.db
      .insertInto('category_name_translations')
      .values({ category_id: cat.r, locale: 'es', name: 'Categoría R', origin: 'author', source_hash: null, created_at: Date.now() })
      .execute();
    await renewCatalogVersion(platform.ctx.db);
    const inSpanish = { 'accept-language': 'es' };
    const read = (path: string) =>
      platform.api('GET', `/api/${path}`, { token: plant.superUser.token, query: { organizationId: String(plant.organizationId) }, headers: inSpanish });
    const compliance = (await read('get_organization_compliance_report')).body.data as { name: string }[];
    expect(compliance.map((c) => c.name)).toEqual(['Categoría R', 'Lockout', 'Forklift']);
    const alerts = (await read('get_dashboard_users_alerts')).body.data.users_alerts as { category_name: string }[];
    expect(alerts.map((a) => a.category_name)).toEqual(['Categoría R', 'Category O', 'Lockout', 'Forklift']);
  });
});
