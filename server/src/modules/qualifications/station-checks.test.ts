import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importTestCatalog, openWholeCatalog, reimportTestCatalog, type TestCatalog } from '../../../test/catalog-fixture.ts';
import { organizationWithMembers, startPlatform, type TestPlatform } from '../../../test/harness.ts';
import { atMoment, DAY } from '../../lib/clock.ts';
import { startAttempt, submitAttempt } from '../assessments/index.ts';
import type { Caller } from '../auth/index.ts';
import { runQualificationClock } from './qualification-clock.ts';

/** Issue 38: a station can require the knowledge check of its lessons passed beside the trainer's sign-off. */

let platform: TestPlatform;
let catalog: TestCatalog;
beforeAll(async () => {
  platform = await startPlatform();
  catalog = await importTestCatalog(platform);
});
afterAll(() => platform.close());

type Who = { id: number; token: string };
const CHECKLIST = ['Lock applied', 'Zero energy verified'];
const QUESTION = { kind: 'true_false', prompt: 'A tag alone is enough.', options: [], correct: [1], explanation: 'A tag warns, a lock prevents.' };

async function plant(name: string) {
  const org = await organizationWithMembers(platform, name);
  await openWholeCatalog(platform, org.organizationId);
  const base = `/api/organization/${org.organizationId}`;
  const call = (who: Who, method: string, path: string, json?: unknown) =>
    platform.api(method, `${base}${path}`, { token: who.token, ...(json === undefined ? {} : { json }) });
  const watch = (who: Who, videoId: number) =>
    platform.api('POST', '/api/watch-user-video', { token: who.token, json: { user: who.id, video: videoId, timeSpent: 1 } });
  /** Takes the video's check once, right or wrong, and answers whether it passed. */
  const takeCheck = async (who: Who, videoId: number, right: boolean) => {
    const started = await platform.api('POST', `/api/assessments/videos/${videoId}/attempts`, { token: who.token });
    expect(started.status).toBe(201);
    const answers = started.body.data.questions.map((q: { id: number }) => ({ question_id: q.id, choices: [right ? 1 : 0] }));
    const submitted = await platform.api('POST', `/api/assessments/attempts/${started.body.data.attempt_id}/submit`, { token: who.token, json: { answers } });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    return submitted.body.data.passed as boolean;
  };
  const signOff = (who: Who, stationId: number) =>
    call(org.superUser, 'POST', '/signoffs', { station_id: stationId, user_id: who.id, checklist: CHECKLIST.map((item) => ({ item, checked: true })) });
  const standing = async (who: Who, stationId: number) => {
    const res = await call(who, 'GET', '/qualifications');
    expect(res.status).toBe(200);
    return res.body.data.stations.find((s: { station_id: number }) => s.station_id === stationId);
  };
  const cell = async (who: Who, stationId: number) => {
    const matrix = await call(org.superUser, 'GET', '/qualifications/matrix');
    expect(matrix.status).toBe(200);
    return matrix.body.data.people.find((x: { user_id: number }) => x.user_id === who.id).cells.find((c: { station_id: number }) => c.station_id === stationId);
  };
  return { ...org, base, call, watch, takeCheck, signOff, standing, cell };
}

async function addCheck(p: Awaited<ReturnType<typeof plant>>, videoId: number) {
  expect((await platform.api('POST', `/api/assessments/videos/${videoId}/questions`, { token: p.superUser.token, json: QUESTION })).status).toBe(201);
  const check = await platform.api('PUT', `/api/assessments/videos/${videoId}/check`, {
    token: p.superUser.token,
    json: { question_count: 1, shuffle: false, pass_percent: 100, attempts_allowed: 5, cooldown_seconds: 0 },
  });
  expect(check.status).toBe(200);
}

describe('stations requiring a knowledge check', () => {
  it('clears a person only once the check is passed and the sign-off signed, in either order, and says what is missing', async () => {
    const p = await plant('Checked Station Org');
    const lockout = catalog.videos.lockout as number;
    const confined = catalog.videos['confined-space'] as number;
    await addCheck(p, lockout);
    // The confined-space lesson has no check: asking for its check asks for nothing.
    const created = await p.call(p.superUser, 'POST', '/stations', {
      name: 'Lockout press',
      requirements: [
        { kind: 'video', id: lockout, requires_check: true },
        { kind: 'video', id: confined, requires_check: true },
      ],
      checklist: CHECKLIST,
    });
    expect(created.status).toBe(201);
    const station = created.body.data;
    expect(station.requirements.map((r: { requires_check: boolean }) => r.requires_check)).toEqual([true, true]);
    // The same lesson required without its check: watching is enough there.
    const induction = (
      await p.call(p.superUser, 'POST', '/stations', { kind: 'training', name: 'Lockout induction', requirements: [{ kind: 'video', id: lockout }] })
    ).body.data;
    for (const s of [station.id, induction.id])
      expect((await p.call(p.superUser, 'POST', `/stations/${s}/assignments`, { user_ids: [p.member.id, p.superUser.id] })).status).toBe(200);

    // The member: videos, then the sign-off, then the check.
    expect((await p.standing(p.member, station.id)).missing).toEqual(['videos', 'check', 'signoff']);
    await p.watch(p.member, lockout);
    await p.watch(p.member, confined);
    expect((await p.standing(p.member, induction.id)).state).toBe('qualified');
    const watched = await p.standing(p.member, station.id);
    expect(watched.state).toBe('in_training');
    expect(watched.missing).toEqual(['check', 'signoff']);
    const requiredOf = (detail: { required: { video_id: number }[] }, videoId: number) => detail.required.find((r) => r.video_id === videoId);
    expect(requiredOf(watched, lockout)).toMatchObject({ check_required: true, check_passed_at: null });
    expect(requiredOf(watched, confined)).toMatchObject({ check_required: false, check_passed_at: null });
    expect(await p.cell(p.member, station.id)).toMatchObject({ state: 'in_training', missing: ['check', 'signoff'] });

    expect((await p.signOff(p.member, station.id)).status).toBe(201);
    expect(await p.standing(p.member, station.id)).toMatchObject({ state: 'in_training', missing: ['check'] });
    expect(await p.cell(p.member, station.id)).toMatchObject({ state: 'in_training', missing: ['check'] });

    expect(await p.takeCheck(p.member, lockout, false)).toBe(false);
    expect(await p.standing(p.member, station.id)).toMatchObject({ state: 'in_training', missing: ['check'] });
    expect(await p.takeCheck(p.member, lockout, true)).toBe(true);
    const cleared = await p.standing(p.member, station.id);
    expect(cleared).toMatchObject({ state: 'qualified', missing: [] });
    expect(requiredOf(cleared, lockout)).toMatchObject({ check_passed_at: expect.any(String) });
    expect(await p.cell(p.member, station.id)).toMatchObject({ state: 'qualified', missing: [] });

    // The evidence chain holds the attempt that cleared the station, then the qualification it brought.
    const evidence = await platform.ctx.db
      .selectFrom('evidence_records')
      .select(['kind', 'station_id'])
      .where('organization_id', '=', p.organizationId)
      .where('user_id', '=', p.member.id)
      .orderBy('sequence')
      .execute();
    const kinds = evidence.map((e) => e.kind);
    expect(kinds.filter((k) => k === 'assessment_attempt')).toHaveLength(2);
    expect(kinds.lastIndexOf('assessment_attempt')).toBeLessThan(kinds.findIndex((k, i) => k === 'qualified' && evidence[i]!.station_id === station.id));

    // The super user: the check first (before watching), then the videos, then the sign-off.
    expect(await p.takeCheck(p.superUser, lockout, true)).toBe(true);
    expect(await p.standing(p.superUser, station.id)).toMatchObject({ state: 'in_training', missing: ['videos', 'signoff'] });
    await p.watch(p.superUser, lockout);
    await p.watch(p.superUser, confined);
    expect(await p.standing(p.superUser, station.id)).toMatchObject({ state: 'awaiting_signoff', missing: ['signoff'] });
    expect(await p.cell(p.superUser, station.id)).toMatchObject({ state: 'awaiting_signoff', missing: ['signoff'] });
  });

  it('asks for the check and the sign-off again after a revision that requires retraining', async () => {
    const p = await plant('Checked Revision Org');
    const lockout = catalog.videos.lockout as number;
    await addCheck(p, lockout);
    const station = (
      await p.call(p.superUser, 'POST', '/stations', {
        name: 'Lockout cell',
        requirements: [{ kind: 'video', id: lockout, requires_check: true }],
        checklist: CHECKLIST,
      })
    ).body.data;
    await p.call(p.superUser, 'POST', `/stations/${station.id}/assignments`, { user_ids: [p.member.id] });
    await p.watch(p.member, lockout);
    expect(await p.takeCheck(p.member, lockout, true)).toBe(true);
    expect((await p.signOff(p.member, station.id)).status).toBe(201);
    expect((await p.standing(p.member, station.id)).state).toBe('qualified');

    await reimportTestCatalog(
      platform,
      (c) => {
        const video = c.categories[0]!.sub_categories[0]!.videos[0]! as Record<string, unknown>;
        video.playbook = 'lockout-checked.pdf';
        video.requires_retraining = true;
      },
      { 'lockout-checked.pdf': `%PDF-1.4\n% a revision of the lockout playbook ${Date.now()}\n%%EOF\n` },
    );
    const due = await p.standing(p.member, station.id);
    expect(due).toMatchObject({ state: 'retraining_due', missing: ['videos', 'check', 'signoff'] });
    expect(due.required[0]).toMatchObject({ completed_at: null, check_required: true, check_passed_at: null });
    expect(await p.cell(p.member, station.id)).toMatchObject({ state: 'retraining_due', missing: ['videos', 'check', 'signoff'] });

    // Watching the new revision is not enough: the check is passed again, then signed again.
    await p.watch(p.member, lockout);
    expect(await p.standing(p.member, station.id)).toMatchObject({ state: 'retraining_due', missing: ['check', 'signoff'] });
    expect(await p.takeCheck(p.member, lockout, true)).toBe(true);
    expect(await p.standing(p.member, station.id)).toMatchObject({ state: 'awaiting_signoff', missing: ['signoff'] });
    expect((await p.signOff(p.member, station.id)).status).toBe(201);
    expect(await p.standing(p.member, station.id)).toMatchObject({ state: 'qualified', missing: [] });
  });
  it('gives the attempts back with the new cycle: a member who used them all before a retraining takes the check again', async () => {
    const p = await plant('Checked Cycle Org');
    const lockout = catalog.videos.lockout as number;
    expect((await platform.api('POST', `/api/assessments/videos/${lockout}/questions`, { token: p.superUser.token, json: QUESTION })).status).toBe(201);
    const rules = { question_count: 1, shuffle: false, pass_percent: 100, attempts_allowed: 2, cooldown_seconds: 0 };
    expect((await platform.api('PUT', `/api/assessments/videos/${lockout}/check`, { token: p.superUser.token, json: rules })).status).toBe(200);
    const memberCheck = async () => (await platform.api('GET', `/api/assessments/videos/${lockout}/check`, { token: p.member.token })).body.data.check;
    const start = () => platform.api('POST', `/api/assessments/videos/${lockout}/attempts`, { token: p.member.token });
    await p.watch(p.member, lockout);
    expect(await p.takeCheck(p.member, lockout, false)).toBe(false);
    expect(await p.takeCheck(p.member, lockout, true)).toBe(true);
    expect(await memberCheck()).toMatchObject({ attempts_used: 2, passed: true, best_percent: 100 });
    expect((await start()).status).toBe(403);

    // An attempt left open when retraining begins belongs to the cycle that ended: not scored into the new one.
    await platform.api('PUT', `/api/assessments/videos/${lockout}/check`, { token: p.superUser.token, json: { ...rules, attempts_allowed: 3 } });
    const open = await start();
    expect(open.status).toBe(201);
    await reimportTestCatalog(
      platform,
      (c) => {
        const video = c.categories[0]!.sub_categories[0]!.videos[0]! as Record<string, unknown>;
        video.playbook = 'lockout-cycle.pdf';
        video.requires_retraining = true;
      },
      { 'lockout-cycle.pdf': `%PDF-1.4\n% another revision of the lockout playbook ${Date.now()}\n%%EOF\n` },
    );
    const late = await platform.api('POST', `/api/assessments/attempts/${open.body.data.attempt_id}/submit`, {
      token: p.member.token,
      json: { answers: [{ question_id: open.body.data.questions[0].id, choices: [1] }] },
    });
    expect(late.status).toBe(409);

    // The new cycle: nothing used, nothing passed; the check is taken again and counts for it.
    await platform.api('PUT', `/api/assessments/videos/${lockout}/check`, { token: p.superUser.token, json: rules });
    expect(await memberCheck()).toMatchObject({ attempts_used: 0, passed: false, best_percent: null, open_attempt_id: null });
    expect(await p.takeCheck(p.member, lockout, false)).toBe(false);
    expect(await p.takeCheck(p.member, lockout, true)).toBe(true);
    expect(await memberCheck()).toMatchObject({ attempts_used: 2, passed: true });
    expect((await start()).status).toBe(403);
  });

  it('asks for the check again when the qualification comes up for renewal and expires', async () => {
    const p = await plant('Checked Expiry Org');
    const ppe = catalog.videos.ppe as number;
    await addCheck(p, ppe);
    const training = (
      await p.call(p.superUser, 'POST', '/stations', {
        kind: 'training',
        name: 'PPE yearly',
        requirements: [{ kind: 'video', id: ppe, requires_check: true }],
        validity_months: 1,
        warning_days: 10,
      })
    ).body.data;
    await p.call(p.superUser, 'POST', `/stations/${training.id}/assignments`, { user_ids: [p.member.id] });
    await p.watch(p.member, ppe);
    expect(await p.standing(p.member, training.id)).toMatchObject({ state: 'in_training', missing: ['check'] });
    expect(await p.takeCheck(p.member, ppe, true)).toBe(true);
    const qualified = await p.standing(p.member, training.id);
    expect(qualified.state).toBe('qualified');
    const expiresAt = Date.parse(qualified.expires_at);

    await atMoment(expiresAt - 5 * DAY, () => runQualificationClock(platform.ctx));
    const renewing = await p.standing(p.member, training.id);
    expect(renewing.state).toBe('expiring');
    expect(renewing.required[0]).toMatchObject({ completed_at: null, check_passed_at: null });
    await atMoment(expiresAt + DAY, () => runQualificationClock(platform.ctx));
    expect(await p.standing(p.member, training.id)).toMatchObject({ state: 'expired', missing: ['videos', 'check'] });
    expect(await p.cell(p.member, training.id)).toMatchObject({ state: 'expired', missing: ['videos', 'check'] });

    await p.watch(p.member, ppe);
    expect(await p.standing(p.member, training.id)).toMatchObject({ state: 'expired', missing: ['check'] });
    // The check is taken after the expiry the clock ran at, weeks ahead (the new cycle starts there; an attempt over
    // HTTP would be started at today's time, before it): through the check's services at that moment.
    const member: Caller = {
      sessionId: 0,
      userId: p.member.id,
      organizationId: p.organizationId,
      teamId: null,
      isSuperUser: false,
      isGuest: false,
      kioskId: null,
    };
    const passed = await atMoment(expiresAt + 2 * DAY, async () => {
      const attempt = await startAttempt(platform.ctx, member, ppe);
      const answers = attempt.questions.map((q) => ({ question_id: q.id, choices: [1] }));
      return (await submitAttempt(platform.ctx, member, attempt.attempt_id, { answers })).passed;
    });
    expect(passed).toBe(true);
    expect(await p.standing(p.member, training.id)).toMatchObject({ state: 'qualified', missing: [] });
  });
});
