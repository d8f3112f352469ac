import { isOfferedPlan, type SubscriptionPlan } from '@mm/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoLessonSeconds, insertDemoCatalog } from '../../../test/catalog-fixture.ts';
import { signIn, startPlatform, type TestPlatform } from '../../../test/harness.ts';
import { pathFigures } from '../learning/learning.rules.ts';
import { rebuildCategoryStats, rebuildMemberPoints } from '../learning/learning-stats.queries.ts';
import { memberOrThrow, pathProgress } from '../learning/path-progress.ts';
import { seedDemoOrganization } from './demo-organization.ts';
import { DEMO_MEMBER, DEMO_SUPER_USER } from './demo-people.ts';

let platform: TestPlatform;
let admin = '';
let member = '';
let organizationId = 0;

/** The demo catalog inserted without transcoding, lessons as long as their captions. */
const insertDemoLessons = () => insertDemoCatalog(platform.ctx.db, demoLessonSeconds);

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
  await insertDemoLessons();
  expect(await seedDemoOrganization(platform.ctx)).toBe(true);
  admin = await signIn(platform, DEMO_SUPER_USER.email, DEMO_SUPER_USER.password);
  member = await signIn(platform, DEMO_MEMBER.email, DEMO_MEMBER.password);
  const row = await platform.ctx.db.selectFrom('users').select('organization_id').where('email', '=', DEMO_SUPER_USER.email).executeTakeFirstOrThrow();
  organizationId = row.organization_id as number;
}, 300_000);

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

  it("reports everyone to their team's head, the heads to the plant manager and her to the operations director, as Manage users shows it", async () => {
    const users = await platform.api('GET', `/api/organization/${organizationId}/users/page`, { token: admin, query: { take: '100' } });
    expect(users.status).toBe(200);
    const people = users.body.data.users as { name: string; last_name: string; role: string; manager_name: string | null }[];
    const managerOf = (name: string) => people.find((p) => `${p.name} ${p.last_name}` === name)?.manager_name;
    expect(managerOf('Bruno Costa')).toBe('Marcus Johnson');
    expect(managerOf('Marcus Johnson')).toBe('Alice Martin');
    expect(managerOf('Chloe Nguyen')).toBe('Rafael Moreno');
    expect(managerOf('Amara Diallo')).toBe('Rafael Moreno');
    expect(managerOf('Rafael Moreno')).toBe('Alice Martin');
    expect(managerOf('Catherine Dubois')).toBeNull();
    expect(people.filter((p) => p.manager_name === null).map((p) => `${p.name} ${p.last_name}`)).toEqual(['Catherine Dubois']);
    const alice = await platform.ctx.db
      .selectFrom('users as u')
      .innerJoin('users as m', 'm.id', 'u.manager_id')
      .select('m.name')
      .where('u.email', '=', DEMO_SUPER_USER.email)
      .executeTakeFirst();
    expect(alice?.name).toBe('Catherine');
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

    // Each member's bar is the progress their own home shows (issue 33): against the path they follow, which for
    // the teams with a path of their own is not the organization's.
    for (const u of users) {
      const { standing } = await pathProgress(platform.ctx, await memberOrThrow(platform.ctx, u.user_id), {});
      expect(u.progress, `member ${u.user_id}`).toBe(pathFigures(standing).percent);
    }

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

  it('requires at each station the lessons about its work, with a checklist of that work', async () => {
    const stations = (await get(`organization/${organizationId}/stations`, admin)).body.data.stations as Array<{
      name: string;
      kind: string;
      requirements: Array<{ kind: string; name: string }>;
      checklist: string[];
    }>;
    const at = (name: string) => {
      const station = stations.find((s) => s.name === name);
      if (!station) throw new Error(`the demo has no station ${name}`);
      return { ...station, required: station.requirements.map((r) => `${r.kind}: ${r.name}`) };
    };
    expect(at('Forklift').required).toEqual(['video: Forklift Daily Pre-Use Inspection', 'video: Forklift Load Handling and Pedestrian Safety']);
    expect(at('Forklift').checklist).toContain('Pre-use check: forks, chains and mast');
    expect(at('Press 4').required).toEqual([
      'video: Power Press Set-Up and Die Change',
      'video: Press Guarding: Two-Hand Controls and Light Curtains',
      'video: Lockout/Tagout on a Power Press',
    ]);
    expect(at('Press 4').checklist).toContain('Two-hand control tested: one button alone gives no stroke');
    expect(at('Final inspection').required).toEqual([
      'video: Measuring with Calipers and Micrometers',
      'video: Gauge R&R and Calibration: Can You Trust the Reading?',
      'video: First-Article Inspection',
      'video: Visual Inspection and Defect Classification',
      'video: Handling Nonconforming Material',
    ]);
    const induction = at('Plant safety induction');
    expect(induction.kind).toBe('training');
    expect(induction.required).toEqual(['sub_category: Site Safety Essentials']);
    const lessons = await platform.ctx.db
      .selectFrom('videos as v')
      .innerJoin('sub_categories as s', 's.id', 'v.sub_category_id')
      .select('v.title')
      .where('s.key', '=', 'site-safety')
      .orderBy('v.publish_time')
      .execute();
    expect(lessons.map((l) => l.title)).toEqual([
      'PPE: The Right Protection for the Task',
      'Emergency Evacuation and Fire Safety',
      'Hazard Communication and Safety Data Sheets',
      'Reporting Near Misses',
    ]);
  });

  it('has knowledge checks on a lesson of the press, the forklift and final inspection, taken by the people who finished those lessons', async () => {
    const videos = await platform.ctx.db
      .selectFrom('videos')
      .select(['id', 'title'])
      .where('title', 'in', ['Lockout/Tagout on a Power Press', 'Forklift Daily Pre-Use Inspection', 'Measuring with Calipers and Micrometers'])
      .execute();
    expect(videos).toHaveLength(3);
    let attempted = 0;
    for (const video of videos) {
      const bank = (await get(`assessments/videos/${video.id}/bank`, admin)).body.data;
      expect(bank.check).toMatchObject({ question_count: 5, pass_percent: 80, attempts_allowed: 3 });
      expect(bank.questions).toHaveLength(5);
      const results = (await get(`assessments/videos/${video.id}/results`, admin)).body.data;
      // Each attempt came after its member finished the lesson.
      for (const m of results.members) {
        const watched = await platform.ctx.db
          .selectFrom('video_watch')
          .select('watched_at')
          .where('user_id', '=', m.user_id)
          .where('video_id', '=', video.id)
          .executeTakeFirst();
        expect(watched?.watched_at ?? Number.POSITIVE_INFINITY).toBeLessThan(Date.parse(m.last_submitted_at));
      }
      attempted += results.summary.members_attempted;
      expect(results.summary.members_passed).toBeLessThanOrEqual(results.summary.members_attempted);
    }
    // Enough to read: several people, most of them passing, some only on a second try.
    expect(attempted).toBeGreaterThanOrEqual(6);
    const attempts = await platform.ctx.db.selectFrom('assessment_attempts').select(['user_id', 'check_id', 'passed', 'submitted_at']).execute();
    expect(attempts.every((a) => a.submitted_at !== null)).toBe(true);
    expect(attempts.filter((a) => a.passed === 0).length).toBeGreaterThan(0);
    const evidence = await platform.ctx.db
      .selectFrom('evidence_records')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('organization_id', '=', organizationId)
      .where('kind', '=', 'assessment_attempt')
      .executeTakeFirstOrThrow();
    expect(Number(evidence.n)).toBe(attempts.length);
  });

  it('leaves believable qualification states: people qualified, in training and awaiting sign-off at each station, Bruno waiting at Press 4', async () => {
    const matrix = (await get(`organization/${organizationId}/qualifications/matrix`, admin, { take: '200' })).body.data as {
      stations: Array<{ id: number; name: string }>;
      people: Array<{ name: string; cells: Array<{ station_id: number; state: string }> }>;
    };
    const assigned = (name: string) => {
      const id = matrix.stations.find((s) => s.name === name)?.id;
      return matrix.people.filter((p) => p.cells.some((c) => c.station_id === id)).map((p) => p.name);
    };
    // Stations go to the people whose job they are: drivers, not the customs specialist; operators, not the planner.
    expect(assigned('Forklift')).toEqual(expect.arrayContaining(['Kevin Murphy', 'Obinna Eze', 'Carlos Mendoza']));
    expect(assigned('Forklift')).not.toContain('Irina Volkova');
    expect(assigned('Press 4')).toEqual(expect.arrayContaining(['Bruno Costa', 'Tomasz Kowalski']));
    expect(assigned('Press 4')).not.toContain('Hana Sato');
    expect(assigned('Final inspection')).toEqual(expect.arrayContaining(['Chloe Nguyen', 'Tyrone Williams']));
    expect(assigned('Final inspection')).not.toContain('Elena Popescu');
    expect(assigned('Plant safety induction').length).toBeGreaterThanOrEqual(55);
    const states = (name: string) => {
      const id = matrix.stations.find((s) => s.name === name)?.id;
      return new Set(matrix.people.flatMap((p) => p.cells.filter((c) => c.station_id === id).map((c) => c.state)));
    };
    for (const name of ['Press 4', 'Forklift', 'Final inspection', 'Plant safety induction']) {
      expect(states(name).has('qualified'), name).toBe(true);
      expect(states(name).has('in_training') || states(name).has('not_started'), name).toBe(true);
    }
    // One licence in its warning period (issue 33): the forklift instructor renewed his six-month licence early in
    // the history, so it runs out within the station's 30-day warning, and he may still drive meanwhile.
    const forklift = matrix.stations.find((s) => s.name === 'Forklift')?.id;
    const expiring = matrix.people.filter((p) => p.cells.some((c) => c.station_id === forklift && c.state === 'expiring')).map((p) => p.name);
    expect(expiring).toEqual(['Kevin Murphy']);
    const bruno = (await get(`organization/${organizationId}/qualifications`, member)).body.data as {
      stations: Array<{ station_name: string; state: string }>;
    };
    expect(bruno.stations.find((s) => s.station_name === 'Press 4')?.state).toBe('awaiting_signoff');
  });

  it('changes nothing when seeded again', async () => {
    const before = await tableCounts();
    expect(await seedDemoOrganization(platform.ctx)).toBe(false);
    expect(await tableCounts()).toEqual(before);
  });
});
