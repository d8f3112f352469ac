import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importTestCatalog, reimportTestCatalog, type TestCatalog } from '../../../test/catalog-fixture.ts';
import { organizationWithMembers, startPlatform, type TestPlatform } from '../../../test/harness.ts';

let platform: TestPlatform;
let catalog: TestCatalog;
beforeAll(async () => {
  platform = await startPlatform();
  catalog = await importTestCatalog(platform);
});
afterAll(() => platform.close());

const SECRET = 'Zqcategory';
const QUESTION = { kind: 'true_false', prompt: 'A tag alone is enough.', options: [], correct: [1], explanation: `${SECRET}: a tag warns, a lock prevents.` };
const post = (token: string, path: string, json?: unknown) => platform.api('POST', path, { token, json });
const home = async (token: string) => (await post(token, '/api/learning_path_home', {})).body.data;
const certificates = (userId: number) =>
  platform.ctx.db.selectFrom('certificates').select(['kind', 'category_id']).where('user_id', '=', userId).where('kind', '=', 'category').execute();

async function setUp(name: string, settings: Record<string, unknown> = {}) {
  const org = await organizationWithMembers(platform, name);
  const safety = catalog.categories.safety as number;
  expect((await post(org.superUser.token, `/api/assessments/videos/${catalog.videos.lockout}/questions`, QUESTION)).status).toBe(201);
  const saved = await platform.api('PUT', `/api/assessments/categories/${safety}/check`, {
    token: org.superUser.token,
    json: { question_count: 1, shuffle: false, pass_percent: 100, attempts_allowed: 2, cooldown_seconds: 0, required_for_certificate: true, ...settings },
  });
  expect(saved.status).toBe(200);
  return { ...org, safety };
}

async function watchCategory(member: { id: number; token: string }, categoryId: number) {
  const videos = await platform.ctx.db.selectFrom('videos').select('id').where('category_id', '=', categoryId).where('in_test', '=', 1).execute();
  for (const v of videos) expect((await post(member.token, '/api/watch-user-video', { user: member.id, video: v.id, timeSpent: 1 })).status).toBeLessThan(300);
}

describe("a category's check", () => {
  it('is required for the certificate when set: the card says it is missing, and the pass issues the certificate', async () => {
    const org = await setUp('Category Check Org');
    const { safety, member } = org;
    await watchCategory(member, safety);
    // Every video watched, the check not passed: no certificate, and the card says the check is what is missing.
    expect(await certificates(member.id)).toEqual([]);
    const card = (await home(member.token)).categories.find((c: { category_id: number }) => c.category_id === safety);
    expect(card).toMatchObject({ progress: 100, check_missing: true, state: 'in_progress', certificate_date: null });

    // Taken from the category: the answers never reach the member before submitting.
    const check = await platform.api('GET', `/api/assessments/categories/${safety}/check`, { token: member.token });
    expect(check.body.data).toMatchObject({ video_title: 'Health and Safety', check: { attempts_allowed: 2, passed: false } });
    const started = await post(member.token, `/api/assessments/categories/${safety}/attempts`);
    expect(started.status).toBe(201);
    expect(started.body.data).toMatchObject({ video_id: null, category_id: safety });
    for (const call of [check, started]) expect(JSON.stringify(call.body)).not.toMatch(new RegExp(`${SECRET}|"correct"|"explanation"`));
    const [question] = started.body.data.questions;
    const wrong = await post(member.token, `/api/assessments/attempts/${started.body.data.attempt_id}/submit`, {
      answers: [{ question_id: question.id, choices: [0] }],
    });
    expect(wrong.body.data).toMatchObject({ passed: false });
    expect(await certificates(member.id)).toEqual([]);

    const again = await post(member.token, `/api/assessments/categories/${safety}/attempts`);
    const passed = await post(member.token, `/api/assessments/attempts/${again.body.data.attempt_id}/submit`, {
      answers: [{ question_id: question.id, choices: [1] }],
    });
    expect(passed.body.data).toMatchObject({ passed: true });
    expect(await certificates(member.id)).toEqual([{ kind: 'category', category_id: safety }]);
    const after = (await home(member.token)).categories.find((c: { category_id: number }) => c.category_id === safety);
    expect(after).toMatchObject({ progress: 100, check_missing: false, state: 'completed' });
    expect(after.certificate_date).not.toBeNull();
    // The limit holds: both attempts are used.
    expect((await post(member.token, `/api/assessments/categories/${safety}/attempts`)).status).toBe(403);

    // Both attempts are in the evidence chain, named after the category (no video), with the questions as shown and the
    // answers; the chain holds and the audit pack says what they were.
    const evidence = await platform.ctx.db
      .selectFrom('evidence_records')
      .select(['user_id', 'video_id', 'revision', 'detail'])
      .where('organization_id', '=', org.organizationId)
      .where('kind', '=', 'assessment_attempt')
      .orderBy('sequence')
      .execute();
    expect(evidence.map((r) => ({ ...r, detail: JSON.parse(r.detail) }))).toMatchObject([
      { user_id: member.id, video_id: null, revision: null, detail: { category_id: safety, category: 'Health and Safety', attempt_number: 1, passed: false } },
      { user_id: member.id, video_id: null, revision: null, detail: { category_id: safety, attempt_number: 2, score_percent: 100, passed: true } },
    ]);
    expect(JSON.parse(evidence[1]?.detail as string).questions).toEqual([
      { id: question.id, prompt: QUESTION.prompt, options: question.options, correct: [1], chosen: [1], right: true },
    ]);
    const verify = await platform.api('GET', `/api/organization/${org.organizationId}/audit-pack/verify`, { token: org.superUser.token });
    expect(verify.body.data.intact).toBe(true);
    const csv = await platform.api('GET', `/api/organization/${org.organizationId}/audit-pack`, { token: org.superUser.token, query: { format: 'csv' } });
    expect(csv.body).toContain('passed the knowledge check at the end of the category ""Health and Safety""');
  });

  it('passed before the videos are watched, the certificate comes with the last video; not required, it never waits', async () => {
    const org = await setUp('Category Check Early');
    const started = await post(org.member.token, `/api/assessments/categories/${org.safety}/attempts`);
    const [question] = started.body.data.questions;
    await post(org.member.token, `/api/assessments/attempts/${started.body.data.attempt_id}/submit`, { answers: [{ question_id: question.id, choices: [1] }] });
    expect(await certificates(org.member.id)).toEqual([]);
    await watchCategory(org.member, org.safety);
    expect(await certificates(org.member.id)).toEqual([{ kind: 'category', category_id: org.safety }]);

    const optional = await setUp('Category Check Optional', { required_for_certificate: false });
    await watchCategory(optional.member, optional.safety);
    expect(await certificates(optional.member.id)).toEqual([{ kind: 'category', category_id: optional.safety }]);
    expect((await home(optional.member.token)).categories[0]).toMatchObject({ check_missing: false });
  });

  it('counts exactly the allowed attempts when 20 starts and submissions arrive at once', async () => {
    const org = await setUp('Category Check Race', { attempts_allowed: 3 });
    // Rounds of 20 at once (starts resume an open attempt, so a round may spend fewer), until every start is refused.
    for (let round = 0; round < 10; round++) {
      const answers = await Promise.all(
        Array.from({ length: 20 }, async () => {
          const started = await post(org.member.token, `/api/assessments/categories/${org.safety}/attempts`);
          if (started.status !== 201) return started.status;
          const [question] = started.body.data.questions;
          return (
            await post(org.member.token, `/api/assessments/attempts/${started.body.data.attempt_id}/submit`, {
              answers: [{ question_id: question.id, choices: [0] }],
            })
          ).status;
        }),
      );
      expect(answers.every((s) => [200, 403, 409].includes(s))).toBe(true);
      if (answers.every((s) => s === 403)) break;
    }
    const attempts = await platform.ctx.db.selectFrom('assessment_attempts').select('id').where('user_id', '=', org.member.id).execute();
    expect(attempts).toHaveLength(3);
  });

  it('starts afresh when one of its videos asks for retraining: the attempts of the cycle that ended no longer count', async () => {
    const org = await setUp('Category Check Cycle', { attempts_allowed: 1 });
    const attempt = () => post(org.member.token, `/api/assessments/categories/${org.safety}/attempts`);
    const used = await attempt();
    const [question] = used.body.data.questions;
    await post(org.member.token, `/api/assessments/attempts/${used.body.data.attempt_id}/submit`, { answers: [{ question_id: question.id, choices: [0] }] });
    expect((await attempt()).status).toBe(403);
    // The member had watched the lesson: closing their record of it for retraining starts their new cycle.
    await watchCategory(org.member, org.safety);
    await reimportTestCatalog(
      platform,
      (c) => {
        const video = c.categories[0]!.sub_categories[0]!.videos[0]! as Record<string, unknown>;
        video.playbook = 'lockout-category-cycle.pdf';
        video.requires_retraining = true;
      },
      { 'lockout-category-cycle.pdf': `%PDF-1.4\n% a revision for the category's check ${Date.now()}\n%%EOF\n` },
    );
    const check = await platform.api('GET', `/api/assessments/categories/${org.safety}/check`, { token: org.member.token });
    expect(check.body.data.check).toMatchObject({ attempts_used: 0, passed: false });
    expect((await attempt()).status).toBe(201);
  });

  it("keeps another organization's category check out of reach, and members and the guest from authoring it", async () => {
    const org = await setUp('Category Check Tenant');
    const stranger = await organizationWithMembers(platform, 'Category Check Stranger');
    // The stranger's organization set no check on the category: theirs is empty, never the other's.
    const theirs = await platform.api('GET', `/api/assessments/categories/${org.safety}/check`, { token: stranger.member.token });
    expect(theirs.body.data).toEqual({ video_title: 'Health and Safety', check: null });
    expect((await post(stranger.member.token, `/api/assessments/categories/${org.safety}/attempts`)).status).toBe(404);
    const settings = { question_count: 1, shuffle: false, pass_percent: 50, attempts_allowed: 1, cooldown_seconds: 0, required_for_certificate: false };
    expect((await platform.api('PUT', `/api/assessments/categories/${org.safety}/check`, { token: org.member.token, json: settings })).status).toBe(403);
    expect((await platform.api('PUT', '/api/assessments/categories/999999/check', { token: org.superUser.token, json: settings })).status).toBe(404);
  });
});

describe("a category's check for its author and supervisors", () => {
  it('shows the check and the bank it draws from, and the same results and CSV as a video check', async () => {
    const org = await setUp('Category Check Results', { time_limit_seconds: 600 });
    const get = (token: string, path: string, query?: Record<string, string>) => platform.api('GET', path, { token, query });
    const bank = await get(org.superUser.token, `/api/assessments/categories/${org.safety}/bank`);
    expect(bank.status).toBe(200);
    expect(bank.body.data).toMatchObject({
      category_id: org.safety,
      category_name: 'Health and Safety',
      check: { question_count: 1, pass_percent: 100, attempts_allowed: 2, time_limit_seconds: 600, required_for_certificate: true },
    });
    // The videos listed in the category, each with the organization's questions on it.
    const listed = await platform.ctx.db
      .selectFrom('videos')
      .select('id')
      .where('category_id', '=', org.safety)
      .where('in_test', '=', 1)
      .orderBy('id')
      .execute();
    expect(bank.body.data.videos.map((v: { video_id: number }) => v.video_id)).toEqual(listed.map((v) => v.id));
    const lockout = bank.body.data.videos.find((v: { video_id: number }) => v.video_id === catalog.videos.lockout);
    expect(lockout.questions).toMatchObject([{ prompt: QUESTION.prompt, correct: [1] }]);
    // The answers are the author's: a member reads neither the bank nor the results.
    for (const path of ['bank', 'results', 'results.csv'])
      expect((await get(org.member.token, `/api/assessments/categories/${org.safety}/${path}`)).status).toBe(403);

    const started = await post(org.member.token, `/api/assessments/categories/${org.safety}/attempts`);
    const [question] = started.body.data.questions;
    await post(org.member.token, `/api/assessments/attempts/${started.body.data.attempt_id}/submit`, { answers: [{ question_id: question.id, choices: [0] }] });

    const results = await get(org.superUser.token, `/api/assessments/categories/${org.safety}/results`);
    expect(results.status).toBe(200);
    expect(results.body.data).toMatchObject({
      video_id: null,
      category_id: org.safety,
      video_title: 'Health and Safety',
      summary: { members_attempted: 1, members_passed: 0, attempts: 1 },
      questions: [{ id: question.id, prompt: QUESTION.prompt, asked: 1, right: 0, right_percent: 0 }],
      members: [{ user_id: org.member.id, attempts: 1, best_percent: 0, passed: false }],
      total: 1,
    });
    const csv = await fetch(`${platform.url}/api/assessments/categories/${org.safety}/results.csv`, {
      headers: { authorization: `Bearer ${org.superUser.token}` },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = (await csv.text()).trimEnd().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/,1,0,No,/);

    // Another organization's super user reads their own (empty) figures, never these; an unknown category is 404.
    const stranger = await organizationWithMembers(platform, 'Category Results Stranger');
    const theirs = await get(stranger.superUser.token, `/api/assessments/categories/${org.safety}/results`);
    expect(theirs.body.data).toMatchObject({ check: null, total: 0, members: [], questions: [] });
    expect((await get(stranger.superUser.token, `/api/assessments/categories/${org.safety}/bank`)).body.data).toMatchObject({ check: null });
    expect(JSON.stringify((await get(stranger.superUser.token, `/api/assessments/categories/${org.safety}/bank`)).body)).not.toContain(QUESTION.prompt);
    expect((await get(org.superUser.token, '/api/assessments/categories/999999/results')).status).toBe(404);
  });
});
