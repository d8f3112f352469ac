import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertFakeAsset, insertTestVideo, insertWatchHistory } from '../../../test/catalog-fixture.ts';
import { organizationWithMembers, STRONG_PASSWORD, signIn, startPlatform, type TestPlatform, uniqueEmail } from '../../../test/harness.ts';
import { addMember } from '../organization/organization.service.ts';
import { renewCatalogVersion } from '../settings/catalog-version.ts';

/**
 * Issue 33, one number for one thing: a member's progress is the same wherever it shows (home, Team Tracker, alerts,
 * the alert e-mails and notices, the category page), measured against the learning path THAT member follows.
 *
 * Catalog: A (4 videos), B (2), C (3), one sub-category each.
 * - The organization's path: A required, B required, C optional; hides A's 4th video.
 * - Assembly's own path: A required, C required; hides C's 3rd video (A's 4th is visible to Assembly).
 * Members: Sam (super user) and Mia in Assembly (Assembly's path); Bruno in Welding, a team without a path of its own
 * (the organization's path). The watch history below is played once; every expected figure is computed from it.
 */
let platform: TestPlatform;
let org: Awaited<ReturnType<typeof organizationWithMembers>>;
const video: Record<string, number[]> = {};
const category: Record<string, number> = {};
const bruno = { id: 0, email: '', token: '' };
let assemblyTeam = 0;

type Path = { categories: { key: string; essential: number }[]; hidden: string[] };
const ORGANIZATION_PATH: Path = {
  categories: [
    { key: 'A', essential: 1 },
    { key: 'B', essential: 1 },
    { key: 'C', essential: 0 },
  ],
  hidden: ['A3'],
};
const ASSEMBLY_PATH: Path = {
  categories: [
    { key: 'A', essential: 1 },
    { key: 'C', essential: 1 },
  ],
  hidden: ['C2'],
};
const SIZES: Record<string, number> = { A: 4, B: 2, C: 3 };
/** Videos watched to the end ('A0': category A's first video), and videos only started. */
const HISTORY: Record<string, { watched: string[]; started: string[] }> = {
  Mia: { watched: ['A0', 'A1', 'A2', 'A3', 'C0', 'C2'], started: ['C1'] },
  Bruno: { watched: ['A0', 'A1', 'A3', 'B0'], started: ['C0'] },
  Sam: { watched: [], started: [] },
};
const PATH_OF: Record<string, Path> = { Mia: ASSEMBLY_PATH, Sam: ASSEMBLY_PATH, Bruno: ORGANIZATION_PATH };

/** The expected progress, from the history alone: watched visible videos over visible videos of the chosen categories. */
function expected(person: string, pick: (c: { key: string; essential: number }) => boolean = () => true): number {
  const path = PATH_OF[person]!;
  let watched = 0;
  let total = 0;
  for (const c of path.categories.filter(pick)) {
    for (let i = 0; i < SIZES[c.key]!; i++) {
      const key = `${c.key}${i}`;
      if (path.hidden.includes(key)) continue;
      total += 1;
      if (HISTORY[person]!.watched.includes(key)) watched += 1;
    }
  }
  return total === 0 ? 0 : Math.floor((100 * watched) / total);
}
/** One category's progress for a member, against their path (or against it even when the category is not in it). */
function expectedIn(person: string, key: string): number {
  const path = PATH_OF[person]!;
  const visible = Array.from({ length: SIZES[key]! }, (_, i) => `${key}${i}`).filter((v) => !path.hidden.includes(v));
  return Math.floor((100 * visible.filter((v) => HISTORY[person]!.watched.includes(v)).length) / visible.length);
}

async function seed() {
  const db = platform.ctx.db;
  const t = Date.now();
  const assetId = await insertFakeAsset(db, 'e', 600);
  for (const [sort, key] of ['A', 'B', 'C'].entries()) {
    const { id } = await db
      .insertInto('categories')
      .values({
        key: `mp-${key}`,
        name: `Category ${key}`,
        picture: null,
        essential: 1,
        sort: sort + 1,
        challenge: '',
        expert_id: null,
        created_at: t,
        updated_at: t,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    category[key] = id;
    const sub = await db
      .insertInto('sub_categories')
      .values({ key: `mp-sub-${key}`, category_id: id, name: `Sub ${key}`, sort: 1, created_at: t, updated_at: t })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (let i = 0; i < SIZES[key]!; i++) {
      video[key] = [
        ...(video[key] ?? []),
        await insertTestVideo(db, { key: `mp-${key}${i}`, category_id: id, sub_category_id: sub.id, duration_seconds: 600, media_asset_id: assetId }),
      ];
    }
  }
  const videoOf = (key: string) => video[key[0]!]![Number(key.slice(1))]!;

  bruno.email = uniqueEmail('bruno');
  bruno.id = await addMember(platform.ctx, org.organizationId, {
    email: bruno.email,
    password: STRONG_PASSWORD,
    name: 'Bruno',
    lastName: 'Operator',
    team: 'Welding',
  });
  bruno.token = await signIn(platform, bruno.email);
  assemblyTeam = (await db.selectFrom('users').select('team_id').where('id', '=', org.member.id).executeTakeFirstOrThrow()).team_id!;

  for (const [teamId, path] of [
    [null, ORGANIZATION_PATH],
    [assemblyTeam, ASSEMBLY_PATH],
  ] as const) {
    const row = await db
      .insertInto('learning_paths')
      .values({ organization_id: org.organizationId, team_id: teamId, created_at: t, updated_at: t })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('learning_path_categories')
      .values(path.categories.map((c, i) => ({ path_id: row.id, category_id: category[c.key]!, position: i + 1, essential: c.essential })))
      .execute();
    await db
      .insertInto('learning_path_hidden_videos')
      .values(path.hidden.map((key) => ({ path_id: row.id, video_id: videoOf(key) })))
      .execute();
  }
  await renewCatalogVersion(db);

  const ids: Record<string, number> = { Mia: org.member.id, Bruno: bruno.id, Sam: org.superUser.id };
  await insertWatchHistory(
    db,
    Object.entries(HISTORY).flatMap(([person, h]) => [
      ...h.watched.map((key) => ({
        user_id: ids[person]!,
        video_id: videoOf(key),
        seconds: 600,
        watched_at: t - 86_400_000,
        last_watched_at: t - 86_400_000,
        created_at: t - 2 * 86_400_000,
      })),
      ...h.started.map((key) => ({
        user_id: ids[person]!,
        video_id: videoOf(key),
        seconds: 100,
        watched_at: null,
        last_watched_at: t - 86_400_000,
        created_at: t - 86_400_000,
      })),
    ]),
  );
}

beforeAll(async () => {
  platform = await startPlatform();
  org = await organizationWithMembers(platform, 'One Number');
  await seed();
});
afterAll(() => platform?.close());

const home = async (token: string) => (await platform.api('GET', '/api/learning_path_home', { token })).body.data;
const tracker = async (query: Record<string, string>) => {
  const res = await platform.api('GET', '/api/get_organization_team_overall_progress', {
    token: org.superUser.token,
    query: { organizationId: String(org.organizationId), ...query },
  });
  expect(res.status).toBe(200);
  return Object.fromEntries(
    (res.body.data.overallProgress.teamUsersProgress as { name: string; progress: number }[]).map((u) => [u.name.split(' ')[0], u.progress]),
  );
};

describe('one progress per member, against the path they follow', () => {
  it('the history gives the figures (computed once, above)', () => {
    // Mia (Assembly's path): A 4/4, C 1/2 (C2 hidden for her) = 5/6. Bruno (organization's path): A 2/3, B 1/2, C 0/3 = 3/8.
    expect([expected('Mia'), expected('Bruno'), expected('Sam')]).toEqual([83, 37, 0]);
  });

  it('home shows it, and each category card the category figure', async () => {
    for (const [person, token] of [
      ['Mia', org.member.token],
      ['Bruno', bruno.token],
      ['Sam', org.superUser.token],
    ] as const) {
      const h = await home(token);
      expect(h.percent, person).toBe(expected(person));
      expect(h.summary, person).toContain(`- ${expected(person)}% COMPLETED`);
      for (const c of h.categories as { category_id: number; progress: number }[]) {
        const key = Object.keys(category).find((k) => category[k] === c.category_id)!;
        expect(c.progress, `${person} ${key}`).toBe(expectedIn(person, key));
      }
    }
  });

  it('the Team Tracker shows the same, for the organization and for a team, whatever the filter', async () => {
    expect(await tracker({})).toEqual({ Mia: expected('Mia'), Bruno: expected('Bruno'), Sam: expected('Sam') });
    expect(await tracker({ team: String(assemblyTeam) })).toEqual({ Mia: expected('Mia'), Sam: expected('Sam') });
    // Required content: each member's own path's required categories (all of Assembly's; A and B for Bruno).
    const required = (c: { essential: number }) => c.essential === 1;
    expect(await tracker({ onlyEssentials: '1' })).toMatchObject({ Mia: expected('Mia', required), Bruno: expected('Bruno', required) });
    expect(await tracker({ onlyEssentials: '0' })).toMatchObject({ Mia: 0, Bruno: expected('Bruno', (c) => c.essential === 0) });
    // One category: the member's figure in it, hidden videos of their own path left out.
    expect(await tracker({ categoryId: String(category.C) })).toMatchObject({ Mia: expectedIn('Mia', 'C'), Bruno: expectedIn('Bruno', 'C') });
  });

  it('the alerts list the same category figure, and the alert e-mail and notice say it', async () => {
    const alerts = await platform.api('GET', '/api/get_dashboard_users_alerts', {
      token: org.superUser.token,
      query: { organizationId: String(org.organizationId), team: '', categoryId: '' },
    });
    expect(alerts.status).toBe(200);
    const inC = (alerts.body.data.users_alerts as { category_id: number; users: { user_id: number; percentage_videos_watched: number }[] }[]).find(
      (a) => a.category_id === category.C,
    )!;
    const chip = inC.users.find((u) => u.user_id === org.member.id)!;
    expect(chip.percentage_videos_watched).toBe(expectedIn('Mia', 'C'));
    expect(inC.users.find((u) => u.user_id === bruno.id)!.percentage_videos_watched).toBe(expectedIn('Bruno', 'C'));

    const sent = await platform.api('GET', `/api/dashboard/team/${org.member.id}`, {
      token: org.superUser.token,
      query: { supervisor_name: 'Sam Super', category_id: String(category.C), category_name: 'Category C', percentage: String(chip.percentage_videos_watched) },
    });
    expect(sent.status).toBe(200);
    const mail = await platform.ctx.db.selectFrom('outbox').select(['to_address', 'text_body']).where('kind', '=', 'progress-alert').executeTakeFirstOrThrow();
    expect(mail.to_address).toBe(org.member.email);
    expect(mail.text_body).toContain(`you have watched ${expectedIn('Mia', 'C')}% of it so far`);
    const notices = (await platform.api('GET', '/api/notices', { token: org.member.token })).body.data.notices as { message: string }[];
    expect(notices[0]!.message).toContain(`(${expectedIn('Mia', 'C')}% watched so far)`);
  });

  it('the broadcast e-mails say each member their own figure', async () => {
    const res = await platform.api('POST', '/api/send_broadcast', {
      token: org.superUser.token,
      json: { organizationId: org.organizationId, team: '', categoryId: category.C },
    });
    expect(res.status).toBe(200);
    const mail = await platform.ctx.db
      .selectFrom('outbox')
      .select(['to_address', 'text_body'])
      .where('kind', '=', 'progress-broadcast')
      .where('to_address', '=', bruno.email)
      .executeTakeFirstOrThrow();
    expect(mail.text_body).toContain(`you have watched ${expectedIn('Bruno', 'C')}% of it so far`);
  });

  it('the category page carries the same category figure', async () => {
    // C is still locked for Bruno (A, required, is not complete on his path).
    for (const [person, token, key] of [
      ['Mia', org.member.token, 'A'],
      ['Mia', org.member.token, 'C'],
      ['Bruno', bruno.token, 'A'],
    ] as const) {
      const res = await platform.api('POST', '/api/get_category_id', { token, json: { page_type: 'CATEGORY', category_id: category[key] } });
      expect(res.status).toBe(200);
      expect(res.body.data[0].progress, `${person} ${key}`).toBe(expectedIn(person, key));
    }
  });
});
