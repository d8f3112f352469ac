import { KIOSK_TOKEN_HEADER } from '@mm/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importTestCatalog, type TestCatalog } from '../../../test/catalog-fixture.ts';
import { organizationWithMembers, STRONG_PASSWORD, signIn, startPlatform, type TestPlatform, uniqueEmail } from '../../../test/harness.ts';
import { announceChange } from '../../db/change-notices.ts';
import { replaceVideoTitleTranslations } from '../captions/title-translations.queries.ts';
import { addMember } from '../organization/organization.service.ts';
import { ALREADY_SUBMITTED, ATTEMPT_NOT_FOUND, coolingDown, NO_CHECK, noAttemptsLeft, QUESTION_NOT_FOUND } from './assessments.service.ts';

let platform: TestPlatform;
let catalog: TestCatalog;
beforeAll(async () => {
  platform = await startPlatform();
  catalog = await importTestCatalog(platform);
});
afterAll(() => platform.close());

/** Spelled into every explanation, so an answer carrying one before submission is seen. */
const SECRET = 'Zqexplain';
const QUESTIONS = [
  {
    kind: 'single',
    prompt: 'Who may remove a lock?',
    options: ['Anyone', 'The person who placed it', 'The supervisor'],
    correct: [1],
    explanation: `${SECRET} one: only its owner.`,
  },
  {
    kind: 'multiple',
    prompt: 'Which are energy sources?',
    options: ['Electric', 'Hydraulic', 'Paperwork', 'Pneumatic'],
    correct: [0, 1, 3],
    explanation: `${SECRET} two: paperwork stores no energy.`,
  },
  { kind: 'true_false', prompt: 'A tag alone is enough.', options: [], correct: [1], explanation: `${SECRET} three: a tag warns, a lock prevents.` },
] as const;

type Shown = { id: number; kind: string; prompt: string; options: { id: number; text: string }[] };
type Call = { status: number; body: any };

/** What was answered before submission must carry neither the correct choices nor the explanations. */
function assertNoAnswers(calls: Call[]) {
  for (const call of calls) {
    const json = JSON.stringify(call.body);
    expect(json).not.toContain(SECRET);
    expect(json).not.toMatch(/"correct"|"explanation"|"right"/);
  }
}

/** The right choices of a shown question, looked up in the bank by its prompt (as the test's author knows them). */
const rightChoices = (q: Shown) => [...(QUESTIONS.find((b) => b.prompt === q.prompt)?.correct ?? [])];
const answersFor = (questions: Shown[], right: boolean) =>
  questions.map((q) => ({ question_id: q.id, choices: right ? rightChoices(q) : q.kind === 'multiple' ? [2] : [rightChoices(q)[0] === 0 ? 1 : 0] }));

async function organizationWithCheck(name: string, settings: Record<string, unknown>) {
  const org = await organizationWithMembers(platform, name);
  const videoId = catalog.videos.lockout as number;
  for (const q of QUESTIONS) {
    const added = await platform.api('POST', `/api/assessments/videos/${videoId}/questions`, { token: org.superUser.token, json: q });
    expect(added.status).toBe(201);
  }
  const check = await platform.api('PUT', `/api/assessments/videos/${videoId}/check`, {
    token: org.superUser.token,
    json: { question_count: 3, shuffle: true, pass_percent: 100, attempts_allowed: 3, cooldown_seconds: 60, ...settings },
  });
  expect(check.status).toBe(200);
  return { ...org, videoId };
}

const attemptsOf = (userId: number) =>
  platform.ctx.db.selectFrom('assessment_attempts').select(['id', 'submitted_at', 'score_percent']).where('user_id', '=', userId).orderBy('id').execute();
const evidenceOf = (organizationId: number) =>
  platform.ctx.db
    .selectFrom('evidence_records')
    .select(['kind', 'user_id', 'detail'])
    .where('organization_id', '=', organizationId)
    .where('kind', '=', 'assessment_attempt')
    .execute();
/** Moves the member's clock: their last submission happened `seconds` earlier than stored. */
const backdateSubmissions = (userId: number, seconds: number) =>
  platform.ctx.db
    .updateTable('assessment_attempts')
    .set((eb) => ({ submitted_at: eb('submitted_at', '-', seconds * 1000) }))
    .where('user_id', '=', userId)
    .where('submitted_at', 'is not', null)
    .execute();

describe('question banks', () => {
  it('are authored by super users only, checked for sense, and kept per organization', async () => {
    const org = await organizationWithCheck('Bank Org', {});
    const other = await organizationWithMembers(platform, 'Other Bank Org');
    const videoId = org.videoId;
    const bank = await platform.api('GET', `/api/assessments/videos/${videoId}/bank`, { token: org.superUser.token });
    expect(bank.status).toBe(200);
    expect(bank.body.data.questions).toHaveLength(3);
    expect(bank.body.data.questions[2]).toMatchObject({ kind: 'true_false', options: ['True', 'False'], correct: [1] });
    expect(bank.body.data.check).toMatchObject({ question_count: 3, pass_percent: 100, attempts_allowed: 3, cooldown_seconds: 60, shuffle: true });

    // A member does not author; nonsense is refused.
    const byMember = await platform.api('POST', `/api/assessments/videos/${videoId}/questions`, { token: org.member.token, json: QUESTIONS[0] });
    expect(byMember.status).toBe(403);
    expect((await platform.api('GET', `/api/assessments/videos/${videoId}/bank`, { token: org.member.token })).status).toBe(403);
    const twoRight = await platform.api('POST', `/api/assessments/videos/${videoId}/questions`, {
      token: org.superUser.token,
      json: { ...QUESTIONS[0], correct: [0, 1] },
    });
    expect(twoRight.status).toBe(400);
    const outOfRange = await platform.api('POST', `/api/assessments/videos/${videoId}/questions`, {
      token: org.superUser.token,
      json: { ...QUESTIONS[0], correct: [5] },
    });
    expect(outOfRange.status).toBe(400);
    expect((await platform.api('POST', '/api/assessments/videos/999999/questions', { token: org.superUser.token, json: QUESTIONS[0] })).status).toBe(404);

    // Editing and removing.
    const id = bank.body.data.questions[0].id as number;
    const edited = await platform.api('PUT', `/api/assessments/questions/${id}`, {
      token: org.superUser.token,
      json: { ...QUESTIONS[0], prompt: 'Who removes a lock?' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data.prompt).toBe('Who removes a lock?');

    // Another organization's super user sees its own (empty) bank and reaches none of these questions.
    const foreign = await platform.api('GET', `/api/assessments/videos/${videoId}/bank`, { token: other.superUser.token });
    expect(foreign.status).toBe(200);
    expect(foreign.body.data).toMatchObject({ check: null, questions: [] });
    for (const [method, json] of [
      ['PUT', QUESTIONS[1]],
      ['DELETE', undefined],
    ] as const) {
      const res = await platform.api(method, `/api/assessments/questions/${id}`, { token: other.superUser.token, json });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ success: false, error_messages: QUESTION_NOT_FOUND });
    }
    const removed = await platform.api('DELETE', `/api/assessments/questions/${id}`, { token: org.superUser.token });
    expect(removed.status).toBe(200);
    expect((await platform.api('GET', `/api/assessments/videos/${videoId}/bank`, { token: org.superUser.token })).body.data.questions).toHaveLength(2);
  });
});

describe('taking a knowledge check', () => {
  it('keeps the answers on the server until submission, scores there, enforces the cool-down and the attempts, and puts each attempt in the evidence chain', async () => {
    const org = await organizationWithCheck('Check Org', {});
    const { videoId } = org;
    const member = { token: org.member.token };
    const before: Call[] = [];
    const call = async (method: string, path: string, json?: unknown) => {
      const res = await platform.api(method, path, { ...member, json });
      return res;
    };

    const rules = await call('GET', `/api/assessments/videos/${videoId}/check`);
    before.push(rules);
    expect(rules.status).toBe(200);
    expect(rules.body.data.check).toMatchObject({
      question_count: 3,
      pass_percent: 100,
      attempts_allowed: 3,
      attempts_used: 0,
      next_attempt_at: null,
      passed: false,
    });

    const first = await call('POST', `/api/assessments/videos/${videoId}/attempts`);
    before.push(first);
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ attempt_number: 1, attempts_allowed: 3 });
    const questions = first.body.data.questions as Shown[];
    expect(questions.map((q) => q.prompt).sort()).toEqual(QUESTIONS.map((q) => q.prompt).sort());
    // Starting again (a reload) resumes the same attempt with the same questions: no attempt spent.
    const resumed = await call('POST', `/api/assessments/videos/${videoId}/attempts`);
    before.push(resumed);
    expect(resumed.body.data).toEqual(first.body.data);
    const midway = await call('GET', `/api/assessments/videos/${videoId}/check`);
    before.push(midway);
    expect(midway.body.data.check).toMatchObject({ attempts_used: 1, open_attempt_id: first.body.data.attempt_id });
    assertNoAnswers(before);

    // Someone else cannot submit it.
    const attemptId = first.body.data.attempt_id as number;
    const bySuper = await platform.api('POST', `/api/assessments/attempts/${attemptId}/submit`, { token: org.superUser.token, json: { answers: [] } });
    expect(bySuper.status).toBe(404);
    expect(bySuper.body.error_messages).toBe(ATTEMPT_NOT_FOUND);

    // A failed attempt: the result says what was wrong and why.
    const failed = await call('POST', `/api/assessments/attempts/${attemptId}/submit`, { answers: answersFor(questions, false), request_id: 'fail-0001' });
    expect(failed.status).toBe(200);
    expect(failed.body.data).toMatchObject({ score_percent: 0, passed: false, correct_count: 0, question_count: 3, attempts_left: 2 });
    for (const q of failed.body.data.questions) {
      expect(q.right).toBe(false);
      expect(q.explanation).toContain(SECRET);
      expect(q.correct).toEqual(rightChoices(q));
    }
    expect(Date.parse(failed.body.data.next_attempt_at) - Date.now()).toBeGreaterThan(50_000);

    // The replay of that submission (same request id) counts once; another submission of it is refused.
    const replay = await call('POST', `/api/assessments/attempts/${attemptId}/submit`, { answers: answersFor(questions, true), request_id: 'fail-0001' });
    expect(replay.status).toBe(200);
    expect(replay.body.data).toEqual(failed.body.data);
    const again = await call('POST', `/api/assessments/attempts/${attemptId}/submit`, { answers: answersFor(questions, true), request_id: 'pass-0001' });
    expect(again.status).toBe(409);
    expect(again.body.error_messages).toBe(ALREADY_SUBMITTED);
    expect(await attemptsOf(org.member.id)).toHaveLength(1);
    expect(await evidenceOf(org.organizationId)).toHaveLength(1);

    // Inside the cool-down: refused with the reason.
    const tooSoon = await call('POST', `/api/assessments/videos/${videoId}/attempts`);
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.body).toMatchObject({ success: false, code: 'rate_limited' });
    expect(tooSoon.body.error_messages).toMatch(/^You can try again in (59|60) seconds\.$/);
    expect(Number(tooSoon.headers.get('retry-after'))).toBeGreaterThan(50);

    // The clock moves past the cool-down: the second attempt passes.
    await backdateSubmissions(org.member.id, 61);
    const second = await call('POST', `/api/assessments/videos/${videoId}/attempts`);
    expect(second.status).toBe(201);
    assertNoAnswers([second]);
    expect(second.body.data.attempt_number).toBe(2);
    const passed = await call('POST', `/api/assessments/attempts/${second.body.data.attempt_id}/submit`, {
      answers: answersFor(second.body.data.questions, true),
    });
    expect(passed.status).toBe(200);
    expect(passed.body.data).toMatchObject({ score_percent: 100, passed: true, correct_count: 3, attempts_left: 1 });
    const after = await call('GET', `/api/assessments/videos/${videoId}/check`);
    expect(after.body.data.check).toMatchObject({ attempts_used: 2, passed: true, best_percent: 100, open_attempt_id: null });

    // Both attempts are in the evidence chain with the questions as shown, the answers and the score, and the chain holds.
    const evidence = await evidenceOf(org.organizationId);
    expect(evidence).toHaveLength(2);
    const detail = JSON.parse(evidence[1]?.detail as string);
    expect(detail).toMatchObject({ attempt_number: 2, score_percent: 100, pass_percent: 100, passed: true });
    expect(detail.questions.map((q: { prompt: string }) => q.prompt)).toEqual(second.body.data.questions.map((q: Shown) => q.prompt));
    expect(detail.questions[0].options).toEqual(second.body.data.questions[0].options);
    const verify = await platform.api('GET', `/api/organization/${org.organizationId}/audit-pack/verify`, { token: org.superUser.token });
    expect(verify.status).toBe(200);
    expect(verify.body.data.intact).toBe(true);
    const csv = await platform.api('GET', `/api/organization/${org.organizationId}/audit-pack`, { token: org.superUser.token, query: { format: 'csv' } });
    expect(csv.body).toContain('assessment_attempt');
    expect(csv.body).toContain('passed the knowledge check on');

    // The third and last attempt, then no more.
    await backdateSubmissions(org.member.id, 61);
    const third = await call('POST', `/api/assessments/videos/${videoId}/attempts`);
    expect(third.status).toBe(201);
    expect((await call('POST', `/api/assessments/attempts/${third.body.data.attempt_id}/submit`, { answers: [] })).body.data.attempts_left).toBe(0);
    await backdateSubmissions(org.member.id, 3600);
    const none = await call('POST', `/api/assessments/videos/${videoId}/attempts`);
    expect(none.status).toBe(403);
    expect(none.body).toMatchObject({ success: false, error_messages: noAttemptsLeft(3), code: 'forbidden' });
    expect(coolingDown(5)).toBe('You can try again in 5 seconds.');
  });

  it("refuses an attempt inside the cool-down or beyond the limit in the caller's language: a Spanish kiosk, a Spanish member", async () => {
    const org = await organizationWithCheck('Idioma Org', { attempts_allowed: 2, cooldown_seconds: 3900, shuffle: false });
    const teamId = (await platform.ctx.db.selectFrom('users').select('team_id').where('id', '=', org.member.id).executeTakeFirstOrThrow()).team_id as number;
    const enrolled = await platform.api('POST', '/api/kiosks', { token: org.superUser.token, json: { team_id: teamId, name: 'Line tablet' } });
    expect(enrolled.status).toBe(201);
    expect((await platform.api('POST', '/api/kiosk-pin', { token: org.member.token, json: { pin: '2580', pin_confirmation: '2580' } })).status).toBe(201);
    const signedIn = await platform.api('POST', '/api/kiosk/sign-in', {
      headers: { [KIOSK_TOKEN_HEADER]: enrolled.body.data.device_token as string },
      json: { user_id: org.member.id, pin: '2580' },
    });
    expect(signedIn.status).toBe(200);
    const kiosk = signedIn.body.data.token as string;
    const url = `/api/assessments/videos/${org.videoId}/attempts`;
    // The kiosk's language switcher travels as Accept-Language.
    const start = (token: string, language?: string) => platform.api('POST', url, { token, headers: language ? { 'accept-language': language } : {} });
    const failOnce = async () => {
      const started = await start(kiosk, 'es');
      expect(started.status).toBe(201);
      const submitted = await platform.api('POST', `/api/assessments/attempts/${started.body.data.attempt_id}/submit`, {
        token: kiosk,
        json: { answers: answersFor(started.body.data.questions, false) },
      });
      expect(submitted.body.data.passed).toBe(false);
    };

    // The check names its lesson by the title the kiosk's language shows (the catalog's Spanish one), English otherwise.
    await replaceVideoTitleTranslations(platform.ctx.db, org.videoId, [{ locale: 'es', title: 'Bloqueo y etiquetado', description: '' }], Date.now());
    const checkIn = async (language: string) =>
      (await platform.api('GET', `/api/assessments/videos/${org.videoId}/check`, { token: kiosk, headers: { 'accept-language': language } })).body.data
        .video_title;
    expect(await checkIn('es')).toBe('Bloqueo y etiquetado');
    expect(await checkIn('en')).toBe('Lockout');
    await replaceVideoTitleTranslations(platform.ctx.db, org.videoId, [], Date.now());

    // The member takes the check on the kiosk and fails: inside the cool-down (65 minutes) the kiosk says when, in its language.
    await failOnce();
    const soonEs = await start(kiosk, 'es');
    expect(soonEs.status).toBe(429);
    expect(soonEs.body).toMatchObject({ code: 'rate_limited', error_messages: 'Puede volver a intentarlo en 1 hora y 5 minutos.' });
    const soonEn = await start(kiosk, 'en');
    expect(soonEn.status).toBe(429);
    expect(soonEn.body.error_messages).toBe('You can try again in 1 hour and 5 minutes.');

    // Both attempts used: refused in the kiosk's language.
    await backdateSubmissions(org.member.id, 3901);
    await failOnce();
    await backdateSubmissions(org.member.id, 3901);
    const noneEs = await start(kiosk, 'es');
    expect(noneEs.status).toBe(403);
    expect(noneEs.body).toMatchObject({ code: 'forbidden', error_messages: 'Ya usó los 2 intentos que permite esta evaluación.' });
    expect((await start(kiosk, 'en')).body.error_messages).toBe('You have used all 2 attempts at this check.');

    // On their own device the member's language decides (the browser's only when they chose none).
    expect((await start(org.member.token)).body.error_messages).toBe('You have used all 2 attempts at this check.');
    expect((await start(org.member.token, 'es')).body.error_messages).toBe('Ya usó los 2 intentos que permite esta evaluación.');
    expect((await platform.api('POST', '/api/set_locale', { token: org.member.token, json: { locale: 'es' } })).status).toBe(200);
    expect((await start(org.member.token, 'en')).body.error_messages).toBe('Ya usó los 2 intentos que permite esta evaluación.');

    // The wait is written for the language: seconds under two minutes, then minutes, hours and days; one attempt is said as one.
    expect(coolingDown(1, 'es')).toBe('Puede volver a intentarlo en 1 segundo.');
    expect(coolingDown(59, 'en')).toBe('You can try again in 59 seconds.');
    expect(coolingDown(150, 'es')).toBe('Puede volver a intentarlo en 3 minutos.');
    expect(coolingDown(2 * 86_400 + 3600, 'es')).toBe('Puede volver a intentarlo en 2 días y 1 hora.');
    expect(coolingDown(2 * 86_400 + 3600, 'en')).toBe('You can try again in 2 days and 1 hour.');
    expect(noAttemptsLeft(1, 'es')).toBe('Ya usó el único intento que permite esta evaluación.');
    expect(noAttemptsLeft(1, 'en')).toBe('You have used the one attempt this check allows.');
  });

  it('counts exactly the allowed attempts when 20 starts or submissions arrive at once', async () => {
    const org = await organizationWithCheck('Race Org', { cooldown_seconds: 0, attempts_allowed: 2, shuffle: false });
    const url = `/api/assessments/videos/${org.videoId}/attempts`;
    const burst = <T>(n: number, f: (i: number) => Promise<T>) => Promise.all(Array.from({ length: n }, (_, i) => f(i)));

    // 20 starts at once: one attempt, which all of them answer.
    const starts = await burst(20, () => platform.api('POST', url, { token: org.member.token }));
    expect(starts.map((s) => s.status)).toEqual(Array(20).fill(201));
    expect(new Set(starts.map((s) => s.body.data.attempt_id)).size).toBe(1);
    expect(await attemptsOf(org.member.id)).toHaveLength(1);

    // 20 different submissions of it at once: one is scored, the rest refused.
    const attemptId = starts[0]?.body.data.attempt_id as number;
    const questions = starts[0]?.body.data.questions as Shown[];
    const submits = await burst(20, (i) =>
      platform.api('POST', `/api/assessments/attempts/${attemptId}/submit`, {
        token: org.member.token,
        json: { answers: answersFor(questions, false), request_id: `race-${String(i).padStart(4, '0')}` },
      }),
    );
    expect(submits.filter((s) => s.status === 200)).toHaveLength(1);
    expect(submits.filter((s) => s.status === 409)).toHaveLength(19);
    expect(await evidenceOf(org.organizationId)).toHaveLength(1);

    // 20 rounds of start-and-submit at once with one attempt left: exactly one more attempt counted.
    const rounds = await burst(20, async (i) => {
      const start = await platform.api('POST', url, { token: org.member.token });
      if (start.status !== 201) return start.status;
      const submit = await platform.api('POST', `/api/assessments/attempts/${start.body.data.attempt_id}/submit`, {
        token: org.member.token,
        json: { answers: answersFor(start.body.data.questions, true), request_id: `round-${String(i).padStart(4, '0')}` },
      });
      return submit.status;
    });
    expect(rounds.filter((s) => s === 200)).toHaveLength(1);
    expect(rounds.every((s) => s === 200 || s === 409 || s === 403)).toBe(true);
    const attempts = await attemptsOf(org.member.id);
    expect(attempts).toHaveLength(2);
    expect(attempts.every((a) => a.submitted_at !== null)).toBe(true);
    expect(await evidenceOf(org.organizationId)).toHaveLength(2);
    // And 20 more starts are all refused.
    const refused = await burst(20, () => platform.api('POST', url, { token: org.member.token }));
    expect(refused.map((s) => s.status)).toEqual(Array(20).fill(403));
    expect(await attemptsOf(org.member.id)).toHaveLength(2);
  });

  it("keeps another organization's checks and attempts out of reach, and the guest out", async () => {
    const a = await organizationWithCheck('Owner Org', {});
    const b = await organizationWithMembers(platform, 'Stranger Org');
    const started = await platform.api('POST', `/api/assessments/videos/${a.videoId}/attempts`, { token: a.member.token });
    expect(started.status).toBe(201);
    // B's member sees no check on the video (A's is A's own), cannot start one, nor submit A's attempt.
    expect((await platform.api('GET', `/api/assessments/videos/${a.videoId}/check`, { token: b.member.token })).body.data.check).toBeNull();
    const start = await platform.api('POST', `/api/assessments/videos/${a.videoId}/attempts`, { token: b.member.token });
    expect(start.status).toBe(404);
    expect(start.body.error_messages).toBe(NO_CHECK);
    const submit = await platform.api('POST', `/api/assessments/attempts/${started.body.data.attempt_id}/submit`, {
      token: b.superUser.token,
      json: { answers: [] },
    });
    expect(submit.status).toBe(404);
    expect(await attemptsOf(b.superUser.id)).toHaveLength(0);
    // The guest takes no checks (the guest's writes are refused before the route; its reads find no check of theirs).
    const guest = await signIn(platform, platform.ctx.config.guest.email, platform.ctx.config.guest.password);
    const byGuest = await platform.api('POST', `/api/assessments/videos/${a.videoId}/attempts`, { token: guest });
    expect(byGuest.status).toBe(403);
    const guestRead = await platform.api('GET', `/api/assessments/videos/${a.videoId}/check`, { token: guest });
    expect(guestRead.status).toBe(403);
    // A member added later takes their own attempts, apart from their colleague's.
    const late = await addMember(platform.ctx, a.organizationId, {
      email: uniqueEmail('late'),
      password: STRONG_PASSWORD,
      name: 'Lee',
      lastName: 'Late',
      team: 'Assembly',
    });
    const lateToken = await signIn(
      platform,
      (await platform.ctx.db.selectFrom('users').select('email').where('id', '=', late).executeTakeFirstOrThrow()).email ?? '',
    );
    const own = await platform.api('POST', `/api/assessments/videos/${a.videoId}/attempts`, { token: lateToken });
    expect(own.status).toBe(201);
    expect(own.body.data.attempt_id).not.toBe(started.body.data.attempt_id);
  });
});

describe("a check's results", () => {
  it('count members who took and passed it, rank the questions people get wrong, page the members, and export them safely', async () => {
    const org = await organizationWithCheck('Results Org', { cooldown_seconds: 0 });
    const { videoId } = org;
    const take = async (token: string, right: (q: Shown) => boolean) => {
      const started = await platform.api('POST', `/api/assessments/videos/${videoId}/attempts`, { token });
      expect(started.status).toBe(201);
      const questions = started.body.data.questions as Shown[];
      const answers = questions.map((q) => answersFor([q], right(q))[0]);
      const submitted = await platform.api('POST', `/api/assessments/attempts/${started.body.data.attempt_id}/submit`, { token, json: { answers } });
      expect(submitted.status).toBe(200);
    };
    // Mia fails, then passes. A colleague whose name reads as a formula gets only the true/false question right.
    await take(org.member.token, () => false);
    await take(org.member.token, () => true);
    const email = uniqueEmail('formula');
    await addMember(platform.ctx, org.organizationId, { email, password: STRONG_PASSWORD, name: '=HYPERLINK("x")', lastName: 'Cell', team: 'Paint' });
    const formula = await signIn(platform, email);
    await take(formula, (q) => q.kind === 'true_false');
    // An attempt started and not submitted is not a result.
    expect((await platform.api('POST', `/api/assessments/videos/${videoId}/attempts`, { token: formula })).status).toBe(201);

    const results = await platform.api('GET', `/api/assessments/videos/${videoId}/results`, { token: org.superUser.token });
    expect(results.status).toBe(200);
    const data = results.body.data;
    expect(data.summary).toEqual({ members_attempted: 2, members_passed: 1, attempts: 3 });
    expect(data.total).toBe(2);
    // Hardest first: two questions right once in three, the true/false twice.
    expect(data.questions.map((q: { prompt: string; asked: number; right: number; right_percent: number }) => [q.asked, q.right, q.right_percent])).toEqual([
      [3, 1, 33],
      [3, 1, 33],
      [3, 2, 66],
    ]);
    expect(data.questions[2].prompt).toBe('A tag alone is enough.');
    // Still without a pass first.
    expect(
      data.members.map((m: { name: string; attempts: number; best_percent: number; passed: boolean; team: string }) => [
        m.name,
        m.team,
        m.attempts,
        m.best_percent,
        m.passed,
      ]),
    ).toEqual([
      ['=HYPERLINK("x") Cell', 'Paint', 1, 33, false],
      ['Mia Member', 'Assembly', 2, 100, true],
    ]);
    const page = await platform.api('GET', `/api/assessments/videos/${videoId}/results?skip=1&take=1`, { token: org.superUser.token });
    expect(page.body.data).toMatchObject({ total: 2, skip: 1, take: 1 });
    expect(page.body.data.members.map((m: { name: string }) => m.name)).toEqual(['Mia Member']);

    const csv = await fetch(`${platform.url}/api/assessments/videos/${videoId}/results.csv`, { headers: { authorization: `Bearer ${org.superUser.token}` } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = (await csv.text()).trimEnd().split('\r\n');
    expect(lines[0]).toBe('Person,Team,Attempts,Best score (%),Passed,Last attempt');
    expect(lines[1]).toMatch(/^"'=HYPERLINK\(""x""\) Cell",Paint,1,33,No,/);
    expect(lines[2]).toMatch(/^Mia Member,Assembly,2,100,Yes,/);
    expect(lines).toHaveLength(3);

    // A member reads no results; another organization's super user sees only their own (none), never these.
    expect((await platform.api('GET', `/api/assessments/videos/${videoId}/results`, { token: org.member.token })).status).toBe(403);
    const stranger = await organizationWithMembers(platform, 'Results Stranger');
    const theirs = await platform.api('GET', `/api/assessments/videos/${videoId}/results`, { token: stranger.superUser.token });
    expect(theirs.status).toBe(200);
    expect(theirs.body.data).toMatchObject({ check: null, summary: { members_attempted: 0, members_passed: 0, attempts: 0 }, members: [], questions: [] });
    const theirCsv = await fetch(`${platform.url}/api/assessments/videos/${videoId}/results.csv`, {
      headers: { authorization: `Bearer ${stranger.superUser.token}` },
    });
    expect((await theirCsv.text()).trimEnd().split('\r\n')).toHaveLength(1);
    expect((await platform.api('GET', '/api/assessments/videos/999999/results', { token: org.superUser.token })).status).toBe(404);

    // The figures are kept at each submission: a deactivated member's attempts leave them, and come back if restored.
    const readResults = async () => (await platform.api('GET', `/api/assessments/videos/${videoId}/results`, { token: org.superUser.token })).body.data;
    const setDeleted = async (at: number | null) => {
      await platform.ctx.db.updateTable('users').set({ deleted_at: at }).where('id', '=', org.member.id).execute();
      await announceChange(platform.ctx.db, `user:${org.member.id}`);
    };
    await setDeleted(Date.now());
    const without = await readResults();
    expect(without.summary).toEqual({ members_attempted: 1, members_passed: 0, attempts: 1 });
    expect(without.members.map((m: { name: string }) => m.name)).toEqual(['=HYPERLINK("x") Cell']);
    expect(without.questions.map((q: { asked: number; right: number }) => [q.asked, q.right])).toEqual([
      [1, 0],
      [1, 0],
      [1, 1],
    ]);
    await setDeleted(null);
    expect(await readResults()).toEqual(data);
    const kept = await platform.ctx.db
      .selectFrom('assessment_standings')
      .select(['user_id', 'attempts', 'best_percent', 'passed'])
      .where('organization_id', '=', org.organizationId)
      .orderBy('attempts')
      .execute();
    expect(kept.map((k) => [k.attempts, k.best_percent, k.passed])).toEqual([
      [1, 33, 0],
      [2, 100, 1],
    ]);
  });
});
