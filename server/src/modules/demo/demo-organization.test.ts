import { isOfferedPlan, type SubscriptionPlan } from '@mm/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertFakeAsset, insertTestVideo } from '../../../test/catalog-fixture.ts';
import { signIn, startPlatform, type TestPlatform } from '../../../test/harness.ts';
import { rebuildCategoryStats, rebuildMemberPoints } from '../learning/learning-stats.queries.ts';
import { seedDemoOrganization } from './demo-organization.ts';
import { DEMO_MEMBER, DEMO_SUPER_USER } from './demo-people.ts';

let platform: TestPlatform;
let admin = '';
let member = '';
let organizationId = 0;

/** A catalog shaped like the demo's (12 categories of 3 to 5 lessons of 45 to 120 s), inserted without transcoding. */
async function insertDemoLikeCatalog() {
  const db = platform.ctx.db;
  const t = Date.now();
  const assetId = await insertFakeAsset(db, 'e', 90);
  for (let c = 1; c <= 12; c++) {
    const { id } = await db
      .insertInto('categories')
      .values({
        key: `topic-${c}`,
        name: `Topic ${c}`,
        picture: null,
        essential: c % 3 === 1 ? 1 : 0,
        sort: c,
        challenge: '',
        expert_id: null,
        created_at: t,
        updated_at: t,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (let s = 1; s <= 2; s++) {
      const sub = await db
        .insertInto('sub_categories')
        .values({ key: `topic-${c}-${s}`, category_id: id, name: `Part ${s}`, sort: s, created_at: t, updated_at: t })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (let v = 0; v < 1 + ((c + s) % 3); v++)
        await insertTestVideo(db, {
          key: `t${c}-${s}-${v}`,
          category_id: id,
          sub_category_id: sub.id,
          media_asset_id: assetId,
          duration_seconds: 45 + ((c * 7 + v * 31) % 76),
        });
    }
  }
}

const tableCounts = async () => {
  const tables = [
    'users',
    'teams',
    'video_watch',
    'video_watch_days',
    'certificates',
    'member_points',
    'member_category_stats',
    'alerts',
    'notices',
    'payments',
    'subscriptions',
    'learning_paths',
    'learning_path_hidden_videos',
  ] as const;
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const row = await platform.ctx.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  return counts;
};

const get = (path: string, token: string, query: Record<string, string> = {}) => platform.api('GET', `/api/${path}`, { token, query });

beforeAll(async () => {
  platform = await startPlatform();
  await insertDemoLikeCatalog();
  expect(await seedDemoOrganization(platform.ctx)).toBe(true);
  admin = await signIn(platform, DEMO_SUPER_USER.email, DEMO_SUPER_USER.password);
  member = await signIn(platform, DEMO_MEMBER.email, DEMO_MEMBER.password);
  const row = await platform.ctx.db.selectFrom('users').select('organization_id').where('email', '=', DEMO_SUPER_USER.email).executeTakeFirstOrThrow();
  organizationId = row.organization_id as number;
}, 120_000);

afterAll(() => platform?.close());

describe('demo organization', () => {
  it('keeps figures equal to a full recount of the six months of history', async () => {
    const db = platform.ctx.db;
    const snapshot = async () => ({
      stats: (await db.selectFrom('member_category_stats').selectAll().orderBy('user_id').orderBy('category_id').execute()).map((r) => ({
        ...r,
        // Sums of fractional seconds differ in the last bits with the order of addition.
        seconds: Math.round(Number(r.seconds) * 1e6) / 1e6,
        first_at: Number(r.first_at),
      })),
      points: (await db.selectFrom('member_points').selectAll().orderBy('user_id').execute()).map((r) => ({ ...r, reached_at: Number(r.reached_at) })),
    });
    const kept = await snapshot();
    expect(kept.points.length).toBeGreaterThan(30);
    await rebuildCategoryStats(db);
    await rebuildMemberPoints(db);
    expect(await snapshot()).toEqual(kept);
  });

  it('has about 60 people in 5 teams, months of history, certificates on the days they were earned, and a paid plan', async () => {
    const counts = await tableCounts();
    expect(counts.users).toBeGreaterThanOrEqual(55);
    expect(counts.teams).toBe(5);
    const db = platform.ctx.db;
    const span = await db
      .selectFrom('video_watch')
      .select((eb) => [eb.fn.min('created_at').as('first'), eb.fn.max('last_watched_at').as('last')])
      .executeTakeFirstOrThrow();
    expect(Number(span.last) - Number(span.first)).toBeGreaterThan(150 * 86_400_000);
    // A certificate is dated by the report that completed it: the member's last watched video of that category.
    const certificate = await db
      .selectFrom('certificates')
      .select(['user_id', 'category_id', 'issued_at'])
      .where('kind', '=', 'category')
      .orderBy('issued_at')
      .executeTakeFirstOrThrow();
    const completed = await db
      .selectFrom('video_watch as w')
      .innerJoin('videos as v', 'v.id', 'w.video_id')
      .select((eb) => eb.fn.max('w.watched_at').as('at'))
      .where('w.user_id', '=', certificate.user_id)
      .where('v.category_id', '=', certificate.category_id)
      .executeTakeFirstOrThrow();
    expect(Number(certificate.issued_at)).toBe(Number(completed.at));

    const records = await get('subscribedPlans', admin);
    expect(records.status).toBe(200);
    const modes = (records.body.data as Array<{ payment_mode: string; amount: number }>).map((r) => r.payment_mode);
    expect(modes).toContain('free trial');
    expect(modes.filter((m) => m === 'test mode').length).toBeGreaterThanOrEqual(5);
    expect((await get('get-payment', admin)).body.data.data).toBe(1);
  });

  it('is on a plan the plans page offers, whose seats fit its people', async () => {
    const subscription = await platform.ctx.db
      .selectFrom('subscriptions')
      .select('plan_id')
      .where('organization_id', '=', organizationId)
      .executeTakeFirstOrThrow();
    const offered = (await platform.api('GET', '/api/subscription_plans')).body.data as SubscriptionPlan[];
    const plan = offered.find((p) => p.subscription_id === subscription.plan_id);
    expect(plan).toMatchObject({ title: 'Plant 100', no_of_account: 100, amount: 990, plan: 1 });
    expect(isOfferedPlan(plan!)).toBe(true);
    expect((await tableCounts()).users).toBeLessThanOrEqual(plan!.no_of_account);
  });

  it('gives the demo member a partly completed path, a certificate and a current streak', async () => {
    const me = await platform.ctx.db.selectFrom('users').select('id').where('email', '=', DEMO_MEMBER.email).executeTakeFirstOrThrow();
    const home = await get('learning_path_home', member);
    expect(home.body.data.done).toBeGreaterThanOrEqual(1);
    expect(home.body.data.done).toBeLessThan(home.body.data.total);
    // The video left half-watched is offered from where it stopped.
    const resumable = (home.body.data.categories as { available: boolean; last_video_resume_seconds: number }[]).filter(
      (c) => c.available && c.last_video_resume_seconds > 0,
    );
    expect(resumable.length).toBeGreaterThanOrEqual(1);
    const activity = await get(`get_user_activity/${me.id}`, member);
    expect(activity.body.data.certifications).toBeGreaterThanOrEqual(1);
    expect(activity.body.data.countSequenceDayWatch).toBeGreaterThanOrEqual(5);
    expect(activity.body.data.rankingUser.points).toBeGreaterThan(0);
    const notices = await get('notices', member);
    expect(notices.body.data.unread).toBeGreaterThanOrEqual(1);
  });

  it('shows the super user a dashboard consistent with the history: a spread of progress, stalled members, compliance, optional training', async () => {
    const db = platform.ctx.db;
    const scope = { organizationId: String(organizationId) };
    const overall = await get('get_organization_team_overall_progress', admin, scope);
    const users = overall.body.data.overallProgress.teamUsersProgress as Array<{ user_id: number; progress: number }>;
    expect(users.some((u) => u.progress >= 70)).toBe(true);
    expect(users.some((u) => u.progress > 0 && u.progress < 70)).toBe(true);
    expect(users.some((u) => u.progress === 0)).toBe(true);

    // Each member's share equals their watched videos of the organization's path, counted from the history.
    const path = await db
      .selectFrom('learning_paths as lp')
      .innerJoin('learning_path_categories as lpc', 'lpc.path_id', 'lp.id')
      .select('lpc.category_id')
      .where('lp.organization_id', '=', organizationId)
      .where('lp.team_id', 'is', null)
      .execute();
    const categoryIds = path.map((p) => p.category_id);
    const videos = await db.selectFrom('videos').select('id').where('category_id', 'in', categoryIds).where('in_test', '=', 1).execute();
    const watched = await db
      .selectFrom('video_watch')
      .select(['user_id', (eb) => eb.fn.countAll().as('n')])
      .where(
        'video_id',
        'in',
        videos.map((v) => v.id),
      )
      .where('watched_at', 'is not', null)
      .groupBy('user_id')
      .execute();
    const counted = new Map(watched.map((w) => [w.user_id, Number(w.n)]));
    for (const u of users) expect(u.progress).toBe(Math.floor((100 * (counted.get(u.user_id) ?? 0)) / videos.length));

    const alerts = await get('get_dashboard_users_alerts', admin, scope);
    expect((alerts.body.data.users_alerts as Array<{ users_total: number }>).some((c) => c.users_total > 0)).toBe(true);
    const compliance = (await get('get_organization_compliance_report', admin, scope)).body.data as Array<{ completion: number }>;
    expect(compliance.length).toBeGreaterThanOrEqual(2);
    expect(compliance.some((c) => c.completion > 0 && c.completion < 100)).toBe(true);
    const optional = (await get('get_organization_team_optional_training', admin, scope)).body.data as Array<{ total_minutes: number }>;
    expect(optional.some((o) => o.total_minutes > 0)).toBe(true);
    const sent = await db
      .selectFrom('alerts')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('organization_id', '=', organizationId)
      .executeTakeFirstOrThrow();
    expect(Number(sent.n)).toBeGreaterThan(0);
  });

  it('changes nothing when seeded again', async () => {
    const before = await tableCounts();
    expect(await seedDemoOrganization(platform.ctx)).toBe(false);
    expect(await tableCounts()).toEqual(before);
  });
});
