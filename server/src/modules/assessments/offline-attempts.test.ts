import { KIOSK_TOKEN_HEADER } from '@mm/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importTestCatalog, type TestCatalog } from '../../../test/catalog-fixture.ts';
import { organizationWithMembers, STRONG_PASSWORD, signIn, startPlatform, type TestPlatform, uniqueEmail } from '../../../test/harness.ts';
import { addMember } from '../organization/organization.service.ts';
import { ATTEMPT_NOT_FOUND, closeOverdueAttempts } from './assessments.service.ts';

// Issue 38, offline: a check answered on a phone without a network is submitted from the offline queue, perhaps
// several times (the queue replays until it hears an answer, the page asks for its result under the same id), and
// perhaps long after the member pressed submit. Each request id is scored once, for its own member only.

let platform: TestPlatform;
let catalog: TestCatalog;
beforeAll(async () => {
  platform = await startPlatform();
  catalog = await importTestCatalog(platform);
});
afterAll(() => platform.close());

const QUESTIONS = [
  {
    kind: 'single',
    prompt: 'Who may remove a lock?',
    options: ['Anyone', 'The person who placed it', 'The supervisor'],
    correct: [1],
    explanation: 'Its owner.',
  },
  { kind: 'true_false', prompt: 'A tag alone is enough.', options: [], correct: [1], explanation: 'A tag warns, a lock prevents.' },
] as const;

type Shown = { id: number; prompt: string };
const rightAnswers = (questions: Shown[]) =>
  questions.map((q) => ({ question_id: q.id, choices: [...(QUESTIONS.find((b) => b.prompt === q.prompt)?.correct ?? [])] }));

async function organizationWithCheck(name: string, settings: Record<string, unknown>) {
  const org = await organizationWithMembers(platform, name);
  const videoId = catalog.videos.lockout as number;
  for (const q of QUESTIONS) {
    expect((await platform.api('POST', `/api/assessments/videos/${videoId}/questions`, { token: org.superUser.token, json: q })).status).toBe(201);
  }
  const check = await platform.api('PUT', `/api/assessments/videos/${videoId}/check`, {
    token: org.superUser.token,
    json: { question_count: 2, shuffle: false, pass_percent: 100, attempts_allowed: 3, cooldown_seconds: 0, ...settings },
  });
  expect(check.status).toBe(200);
  return { ...org, videoId };
}

/** What the platform counted of the member's attempts: rows, their evidence, their kept standing and question rows. */
async function counted(organizationId: number, userId: number) {
  const db = platform.ctx.db;
  const attempts = await db.selectFrom('assessment_attempts').select(['id', 'submitted_at', 'request_id']).where('user_id', '=', userId).execute();
  const evidence = await db
    .selectFrom('evidence_records')
    .select('sequence')
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', userId)
    .where('kind', '=', 'assessment_attempt')
    .execute();
  const standing = await db.selectFrom('assessment_standings').select(['attempts', 'passed']).where('user_id', '=', userId).executeTakeFirst();
  const outcomes = await db
    .selectFrom('assessment_outcomes')
    .select('attempt_id')
    .where(
      'attempt_id',
      'in',
      attempts.map((a) => a.id),
    )
    .execute();
  return {
    attempts: attempts.length,
    submitted: attempts.filter((a) => a.submitted_at !== null).length,
    evidence: evidence.length,
    standing,
    outcomes: outcomes.length,
  };
}

const teamOf = async (userId: number) =>
  (await platform.ctx.db.selectFrom('users').select('team_id').where('id', '=', userId).executeTakeFirstOrThrow()).team_id as number;
const submit = (token: string, attemptId: number, json: unknown) => platform.api('POST', `/api/assessments/attempts/${attemptId}/submit`, { token, json });

describe('an attempt submitted from the offline queue', () => {
  it('is scored once: a replay of its request id answers the same result, also after the member started another attempt', async () => {
    const org = await organizationWithCheck('Offline Replay Org', {});
    const start = await platform.api('POST', `/api/assessments/videos/${org.videoId}/attempts`, { token: org.member.token });
    expect(start.status).toBe(201);
    const attemptId = start.body.data.attempt_id as number;
    const body = { answers: rightAnswers(start.body.data.questions), request_id: 'offline-0001' };

    const first = await submit(org.member.token, attemptId, body);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ score_percent: 100, passed: true, attempts_left: 2 });
    // The queue's replay, and the page asking for the result under the same id (even with other answers in the body).
    const replay = await submit(org.member.token, attemptId, body);
    const asked = await submit(org.member.token, attemptId, { answers: [], request_id: 'offline-0001' });
    expect(replay.status).toBe(200);
    expect(replay.body.data).toEqual(first.body.data);
    expect(asked.body.data).toEqual(first.body.data);
    expect(await counted(org.organizationId, org.member.id)).toEqual({
      attempts: 1,
      submitted: 1,
      evidence: 1,
      standing: { attempts: 1, passed: 1 },
      outcomes: 2,
    });

    // A second attempt started meanwhile: a late replay of the first still answers the first's result as it was recorded.
    const second = await platform.api('POST', `/api/assessments/videos/${org.videoId}/attempts`, { token: org.member.token });
    expect(second.status).toBe(201);
    const late = await submit(org.member.token, attemptId, body);
    expect(late.status).toBe(200);
    expect(late.body.data).toEqual(first.body.data);
    expect((await counted(org.organizationId, org.member.id)).evidence).toBe(1);
  });

  it('counts once when 20 replays of one request id arrive at once, and every replay answers the same result', async () => {
    const org = await organizationWithCheck('Offline Burst Org', {});
    const start = await platform.api('POST', `/api/assessments/videos/${org.videoId}/attempts`, { token: org.member.token });
    const attemptId = start.body.data.attempt_id as number;
    const body = { answers: rightAnswers(start.body.data.questions), request_id: 'burst-0000000001' };
    const answers = await Promise.all(Array.from({ length: 20 }, () => submit(org.member.token, attemptId, body)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    for (const a of answers) expect(a.body.data).toEqual(answers[0]?.body.data);
    expect(answers[0]?.body.data).toMatchObject({ attempt_id: attemptId, score_percent: 100, passed: true, attempts_left: 2 });
    expect(await counted(org.organizationId, org.member.id)).toEqual({
      attempts: 1,
      submitted: 1,
      evidence: 1,
      standing: { attempts: 1, passed: 1 },
      outcomes: 2,
    });
    const check = await platform.api('GET', `/api/assessments/videos/${org.videoId}/check`, { token: org.member.token });
    expect(check.body.data.check).toMatchObject({ attempts_used: 1, passed: true, open_attempt_id: null });
  });

  it("cannot be replayed by another member, the next one on a shared kiosk included: someone else's attempt and request id answer 404 and change nothing", async () => {
    const org = await organizationWithCheck('Offline Stranger Org', {});
    const colleagueEmail = uniqueEmail('colleague');
    const colleagueId = await addMember(platform.ctx, org.organizationId, {
      email: colleagueEmail,
      password: STRONG_PASSWORD,
      name: 'Cleo',
      lastName: 'Colleague',
      team: 'Assembly',
      role: 'Operator',
    });
    const colleague = await signIn(platform, colleagueEmail);
    // The next person on the team's shared kiosk: the colleague signed in there with a PIN.
    const kiosk = await platform.api('POST', '/api/kiosks', {
      token: org.superUser.token,
      json: { team_id: await teamOf(org.member.id), name: 'Line 1 tablet' },
    });
    expect(kiosk.status).toBe(201);
    await platform.ctx.db
      .updateTable('users')
      .set({ team_id: await teamOf(org.member.id) })
      .where('id', '=', colleagueId)
      .execute();
    expect((await platform.api('POST', '/api/kiosk-pin', { token: colleague, json: { pin: '4826', pin_confirmation: '4826' } })).status).toBe(201);
    const kioskSignIn = await platform.api('POST', '/api/kiosk/sign-in', {
      headers: { [KIOSK_TOKEN_HEADER]: kiosk.body.data.device_token as string },
      json: { user_id: colleagueId, pin: '4826' },
    });
    expect(kioskSignIn.status).toBe(200);
    const colleagueOnKiosk = kioskSignIn.body.data.token as string;
    const stranger = await organizationWithCheck('Offline Stranger Other Org', {});

    const start = await platform.api('POST', `/api/assessments/videos/${org.videoId}/attempts`, { token: org.member.token });
    const attemptId = start.body.data.attempt_id as number;
    const body = { answers: rightAnswers(start.body.data.questions), request_id: 'mine-00000001' };

    // Before the member's queue delivers it, and after: the colleague and a member of another organization are refused.
    for (const token of [colleague, colleagueOnKiosk, stranger.member.token, org.superUser.token]) {
      const early = await submit(token, attemptId, body);
      expect(early.status).toBe(404);
      expect(early.body.error_messages).toBe(ATTEMPT_NOT_FOUND);
    }
    expect((await counted(org.organizationId, org.member.id)).submitted).toBe(0);
    const mine = await submit(org.member.token, attemptId, body);
    expect(mine.status).toBe(200);
    for (const token of [colleague, colleagueOnKiosk, stranger.member.token]) {
      const after = await submit(token, attemptId, body);
      expect(after.status).toBe(404);
      expect(JSON.stringify(after.body)).not.toContain('"score_percent"');
    }
    expect((await counted(org.organizationId, org.member.id)).evidence).toBe(1);

    // The same request id on the colleague's own attempt is the colleague's own submission, scored for them.
    const theirs = await platform.api('POST', `/api/assessments/videos/${org.videoId}/attempts`, { token: colleague });
    const theirAnswer = await submit(colleague, theirs.body.data.attempt_id, { answers: [], request_id: 'mine-00000001' });
    expect(theirAnswer.status).toBe(200);
    expect(theirAnswer.body.data).toMatchObject({ attempt_id: theirs.body.data.attempt_id, score_percent: 0, passed: false });
    expect(await counted(org.organizationId, colleagueId)).toMatchObject({ attempts: 1, evidence: 1, standing: { attempts: 1, passed: 0 } });
    expect(await counted(org.organizationId, org.member.id)).toMatchObject({ attempts: 1, evidence: 1, standing: { attempts: 1, passed: 1 } });
  });

  it('arriving after the time limit is closed at the deadline without its answers, once, whether the sweep closed it first or not', async () => {
    const org = await organizationWithCheck('Offline Late Org', { time_limit_seconds: 60 });
    const member2Email = uniqueEmail('late');
    const member2Id = await addMember(platform.ctx, org.organizationId, {
      email: member2Email,
      password: STRONG_PASSWORD,
      name: 'Lou',
      lastName: 'Late',
      team: 'Assembly',
    });
    const member2 = await signIn(platform, member2Email);
    /** Starts an attempt and moves its deadline to ten minutes ago (the member answered, then the phone was offline). */
    const lateAttempt = async (token: string) => {
      const start = await platform.api('POST', `/api/assessments/videos/${org.videoId}/attempts`, { token });
      expect(start.status).toBe(201);
      const id = start.body.data.attempt_id as number;
      await platform.ctx.db
        .updateTable('assessment_attempts')
        .set({ started_at: Date.now() - 11 * 60_000, deadline_at: Date.now() - 10 * 60_000 })
        .where('id', '=', id)
        .execute();
      return { id, answers: rightAnswers(start.body.data.questions) };
    };

    // Still open when the queue delivers it: closed at its deadline with no answers accepted, and a replay says the same.
    const open = await lateAttempt(org.member.token);
    const arrived = await submit(org.member.token, open.id, { answers: open.answers, request_id: 'late-00000001' });
    expect(arrived.status).toBe(200);
    expect(arrived.body.data).toMatchObject({ timed_out: true, score_percent: 0, passed: false });
    expect((await submit(org.member.token, open.id, { answers: open.answers, request_id: 'late-00000001' })).body.data).toEqual(arrived.body.data);
    expect(await counted(org.organizationId, org.member.id)).toMatchObject({ attempts: 1, submitted: 1, evidence: 1, standing: { attempts: 1, passed: 0 } });

    // Closed by the minute's sweep before the queue delivers it: the delivery answers that result, nothing more is counted.
    const swept = await lateAttempt(member2);
    expect(await closeOverdueAttempts(platform.ctx)).toBeGreaterThanOrEqual(1);
    const delivered = await Promise.all(Array.from({ length: 5 }, () => submit(member2, swept.id, { answers: swept.answers, request_id: 'late-00000002' })));
    expect(delivered.map((d) => d.status)).toEqual(Array(5).fill(200));
    for (const d of delivered) expect(d.body.data).toMatchObject({ attempt_id: swept.id, timed_out: true, score_percent: 0 });
    expect(await counted(org.organizationId, member2Id)).toMatchObject({ attempts: 1, submitted: 1, evidence: 1, standing: { attempts: 1, passed: 0 } });
  });

  it('starts the cool-down when the submission reaches the server (the device clock is not trusted)', async () => {
    const org = await organizationWithCheck('Offline Cooldown Org', { cooldown_seconds: 600, pass_percent: 100 });
    const start = await platform.api('POST', `/api/assessments/videos/${org.videoId}/attempts`, { token: org.member.token });
    const before = Date.now();
    const arrived = await submit(org.member.token, start.body.data.attempt_id, { answers: [], request_id: 'cool-00000001' });
    expect(arrived.status).toBe(200);
    const next = Date.parse(arrived.body.data.next_attempt_at);
    expect(next).toBeGreaterThanOrEqual(before + 600_000 - 1000);
    expect(next).toBeLessThanOrEqual(Date.now() + 600_000 + 1000);
  });
});
