import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoLessonSeconds, insertDemoCatalog } from '../../../test/catalog-fixture.ts';
import { signIn, startPlatform, type TestPlatform } from '../../../test/harness.ts';
import { type DemoHistory, startDemoOrganization } from './demo-organization.ts';
import { DEMO_MEMBER, DEMO_QUALITY, DEMO_SUPER_USER } from './demo-people.ts';

// Issue 36: a first start answers with the demo usable at once. What signing in and training need is seeded before the
// platform answers; the six months of history (most of the seed's time) are played after, while it answers.
let platform: TestPlatform;
let history: DemoHistory | null;

beforeAll(async () => {
  platform = await startPlatform();
  await insertDemoCatalog(platform.ctx.db, demoLessonSeconds);
  history = await startDemoOrganization(platform.ctx);
}, 120_000);
afterAll(() => platform?.close());

const watchRows = async () =>
  Number(
    (
      await platform.ctx.db
        .selectFrom('video_watch')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('the demo organization before its history is played', () => {
  it('lets the three demo sign-ins in, with access to their paths, before any history', async () => {
    expect(history).toEqual(expect.any(Function));
    expect(await watchRows()).toBe(0);
    const member = await signIn(platform, DEMO_MEMBER.email, DEMO_MEMBER.password);
    await signIn(platform, DEMO_QUALITY.email, DEMO_QUALITY.password);
    await signIn(platform, DEMO_SUPER_USER.email, DEMO_SUPER_USER.password);
    // The subscription is renewed up to now first: the member plays, the path is there.
    const home = await platform.api('GET', '/api/learning_path_home', { token: member });
    expect(home.status).toBe(200);
    // A lesson of the member's open path: the first one that opens.
    const videos = await platform.ctx.db.selectFrom('videos').select('id').orderBy('id').execute();
    let view: { status: number; body: any } | undefined;
    for (const { id } of videos) {
      view = await platform.api('POST', '/api/videos/view', { token: member, json: { admin_video_id: id } });
      if (view.status === 200) break;
    }
    expect(view?.status).toBe(200);
    expect(view?.body.data.is_user_need_subscription).toBe(0);
  });

  it('plays the history afterwards, and a second start changes nothing', async () => {
    await history?.();
    expect(await watchRows()).toBeGreaterThan(100);
    const people = await platform.ctx.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('email', 'like', '%@acme.example')
      .executeTakeFirstOrThrow();
    expect(Number(people.n)).toBeGreaterThan(50);
    expect(await startDemoOrganization(platform.ctx)).toBeNull();
    // Six months of history on PostgreSQL take minutes on a busy machine (demo-organization.test.ts gives it 5).
  }, 300_000);
});
