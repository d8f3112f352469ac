import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importTestCatalog, type TestCatalog } from '../../../test/catalog-fixture.ts';
import { organizationWithMembers, startPlatform, type TestPlatform } from '../../../test/harness.ts';
import { expectPrivatePicture, SIGNED_PICTURE, storedAddress } from '../../../test/private-pictures.ts';
import { DEADLINE_GRACE_MS } from './assessments.rules.ts';
import { closeOverdueAttempts } from './assessments.service.ts';

let platform: TestPlatform;
let catalog: TestCatalog;
/** The pictures of the pick-the-picture question, uploaded once by an author. */
const pictures: string[] = [];

const uploadPicture = (token: string, bytes: Buffer, type = 'image/png', field = 'image') => {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)], { type }), 'part.png');
  return platform.api('POST', '/api/assessments/images', { token, body: form });
};
const png = (background: string, width = 300) =>
  sharp({ create: { width, height: 200, channels: 3, background } })
    .png()
    .toBuffer();

beforeAll(async () => {
  platform = await startPlatform();
  catalog = await importTestCatalog(platform);
  const author = await organizationWithMembers(platform, 'Picture Author Org');
  for (const colour of ['#aa0000', '#00aa00', '#0000aa']) {
    const res = await uploadPicture(author.superUser.token, await png(colour));
    expect(res.status).toBe(201);
    pictures.push(res.body.data.image_url);
  }
});
afterAll(() => platform.close());

/** Spelled into every explanation, so an answer carrying one before submission is seen. */
const SECRET = 'Qvexplain';
const KINDS = {
  single: { kind: 'single', prompt: 'Who may remove a lock?', options: ['Anyone', 'The person who placed it', 'The supervisor'], correct: [1] },
  multiple: { kind: 'multiple', prompt: 'Which are energy sources?', options: ['Electric', 'Hydraulic', 'Paperwork', 'Pneumatic'], correct: [0, 1, 3] },
  true_false: { kind: 'true_false', prompt: 'A tag alone is enough.', options: [], correct: [1] },
  ordering: {
    kind: 'ordering',
    prompt: 'Put the lockout steps in order.',
    options: ['Notify the people affected', 'Shut the machine down', 'Isolate the energy', 'Apply your lock', 'Verify zero energy'],
    correct: [0, 1, 2, 3, 4],
  },
  picture: {
    kind: 'picture',
    prompt: 'Which bracket is cracked?',
    options: ['Bracket with a hairline crack at the weld', 'Bracket, clean weld', 'Bracket, painted'],
    correct: [0],
  },
} as const;
type Kind = keyof typeof KINDS;
const question = (kind: Kind) => ({ ...KINDS[kind], ...(kind === 'picture' ? { images: pictures } : {}), explanation: `${SECRET} for ${kind}.` });

type Shown = { id: number; kind: Kind; prompt: string; options: { id: number; text: string; image?: string }[] };
type Call = { status: number; body: any };

/** Nothing the member is answered before submitting carries a correct choice or an explanation. */
function assertNoAnswers(calls: Call[]) {
  for (const call of calls) {
    const json = JSON.stringify(call.body);
    expect(json).not.toContain(SECRET);
    expect(json).not.toMatch(/"correct"|"explanation"|"right"/);
  }
}

const rightChoices = (q: Shown) => [...KINDS[q.kind].correct];
/** A wrong answer of each kind, as near to right as it gets. */
const nearMiss: Record<Kind, number[]> = { single: [0], multiple: [0, 1], true_false: [0], ordering: [1, 0, 2, 3, 4], picture: [2] };

async function checkOn(name: string, kinds: Kind[], settings: Record<string, unknown> = {}) {
  const org = await organizationWithMembers(platform, name);
  const videoId = catalog.videos.lockout as number;
  for (const kind of kinds) {
    const added = await platform.api('POST', `/api/assessments/videos/${videoId}/questions`, { token: org.superUser.token, json: question(kind) });
    expect(added.status).toBe(201);
  }
  const check = await platform.api('PUT', `/api/assessments/videos/${videoId}/check`, {
    token: org.superUser.token,
    json: { question_count: kinds.length, shuffle: true, pass_percent: 100, attempts_allowed: 5, cooldown_seconds: 0, ...settings },
  });
  expect(check.status).toBe(200);
  return { ...org, videoId };
}

describe('question kinds', () => {
  it('authors an ordering question in its right order and refuses one that is not', async () => {
    const org = await checkOn('Kinds Author Org', ['ordering']);
    const bank = await platform.api('GET', `/api/assessments/videos/${org.videoId}/bank`, { token: org.superUser.token });
    expect(bank.body.data.questions[0]).toMatchObject({ kind: 'ordering', options: KINDS.ordering.options, correct: [0, 1, 2, 3, 4] });
    for (const correct of [
      [1, 0, 2, 3, 4],
      [0, 1, 2, 3],
      [0, 1, 2, 3, 5],
    ]) {
      const bad = await platform.api('POST', `/api/assessments/videos/${org.videoId}/questions`, {
        token: org.superUser.token,
        json: { ...question('ordering'), correct },
      });
      expect(bad.status).toBe(400);
      expect(bad.body.success).toBe(false);
    }
    const oneStep = await platform.api('POST', `/api/assessments/videos/${org.videoId}/questions`, {
      token: org.superUser.token,
      json: { ...question('ordering'), options: ['Only'], correct: [0] },
    });
    expect(oneStep.status).toBe(400);
  });

  for (const kind of Object.keys(KINDS) as Kind[]) {
    it(`scores a ${kind} question right only on exactly its answer, and shows nothing of it before submission`, async () => {
      const org = await checkOn(`Kinds ${kind} Org`, [kind]);
      const member = { token: org.member.token };
      const before: Call[] = [];
      before.push(await platform.api('GET', `/api/assessments/videos/${org.videoId}/check`, member));
      const first = await platform.api('POST', `/api/assessments/videos/${org.videoId}/attempts`, member);
      before.push(first, await platform.api('POST', `/api/assessments/videos/${org.videoId}/attempts`, member));
      before.push(await platform.api('GET', `/api/assessments/videos/${org.videoId}/check`, member));
      assertNoAnswers(before);
      const [shown] = first.body.data.questions as Shown[];
      expect(shown?.kind).toBe(kind);
      if (kind === 'ordering') expect(shown?.options.map((o) => o.id)).not.toEqual(rightChoices(shown as Shown));
      // Each picture option comes with its picture and the alt text its author wrote, nothing of which is right.
      if (kind === 'picture') {
        for (const o of shown?.options ?? []) {
          expect(o).toEqual({ id: o.id, text: KINDS.picture.options[o.id], image: expect.stringMatching(SIGNED_PICTURE) });
          expect(storedAddress(o.image as string)).toBe(storedAddress(pictures[o.id] as string));
          expect((await fetch(`${platform.url}${o.image}`)).status).toBe(200);
        }
        // Another organization's member reaches neither the check nor its pictures' names.
        const stranger = await organizationWithMembers(platform, 'Kinds Picture Stranger Org');
        const theirs = await platform.api('POST', `/api/assessments/videos/${org.videoId}/attempts`, { token: stranger.member.token });
        expect(theirs.status).toBe(404);
        for (const picture of pictures) expect(JSON.stringify(theirs.body)).not.toContain(storedAddress(picture));
      }

      const wrong = await platform.api('POST', `/api/assessments/attempts/${first.body.data.attempt_id}/submit`, {
        ...member,
        json: { answers: [{ question_id: shown?.id, choices: nearMiss[kind] }] },
      });
      expect(wrong.status).toBe(200);
      expect(wrong.body.data).toMatchObject({ score_percent: 0, passed: false, timed_out: false });
      expect(wrong.body.data.questions[0]).toMatchObject({ right: false, chosen: nearMiss[kind], correct: rightChoices(shown as Shown) });
      expect(wrong.body.data.questions[0].explanation).toBe(`${SECRET} for ${kind}.`);

      const second = await platform.api('POST', `/api/assessments/videos/${org.videoId}/attempts`, member);
      expect(second.status).toBe(201);
      assertNoAnswers([second]);
      const [again] = second.body.data.questions as Shown[];
      const right = await platform.api('POST', `/api/assessments/attempts/${second.body.data.attempt_id}/submit`, {
        ...member,
        json: { answers: [{ question_id: again?.id, choices: rightChoices(again as Shown) }] },
      });
      expect(right.body.data).toMatchObject({ score_percent: 100, passed: true });
      expect(right.body.data.questions[0]).toMatchObject({ right: true, explanation: `${SECRET} for ${kind}.` });
    });
  }

  it('scores a check of every kind together, and keeps the ordering answer in the evidence as given', async () => {
    const kinds = Object.keys(KINDS) as Kind[];
    const org = await checkOn('Kinds Mixed Org', kinds, { pass_percent: 75 });
    const member = { token: org.member.token };
    const start = await platform.api('POST', `/api/assessments/videos/${org.videoId}/attempts`, member);
    assertNoAnswers([start]);
    const questions = start.body.data.questions as Shown[];
    const answers = questions.map((q) => ({ question_id: q.id, choices: q.kind === 'ordering' ? nearMiss.ordering : rightChoices(q) }));
    const result = await platform.api('POST', `/api/assessments/attempts/${start.body.data.attempt_id}/submit`, { ...member, json: { answers } });
    expect(result.body.data).toMatchObject({ score_percent: 80, passed: true, correct_count: 4, question_count: 5 });
    const evidence = await platform.ctx.db
      .selectFrom('evidence_records')
      .select('detail')
      .where('organization_id', '=', org.organizationId)
      .where('kind', '=', 'assessment_attempt')
      .executeTakeFirstOrThrow();
    const ordering = JSON.parse(evidence.detail as string).questions.find((q: { prompt: string }) => q.prompt === KINDS.ordering.prompt);
    expect(ordering).toMatchObject({ chosen: nearMiss.ordering, correct: [0, 1, 2, 3, 4], right: false });
  });
});

describe('pick-the-picture questions', () => {
  it('take pictures only through the checked upload, by authors, and need a picture and a description per option', async () => {
    const org = await organizationWithMembers(platform, 'Picture Rules Org');
    const videoId = catalog.videos.lockout as number;
    // Re-encoded to WebP at most 1200 px, kept private: read only at the signed address the upload answered.
    const big = await uploadPicture(org.superUser.token, await png('#777777', 2400));
    expect(big.status).toBe(201);
    expect(storedAddress(big.body.data.image_url)).toMatch(/^\/uploads\/questions\/[\w-]{43}\.webp$/);
    const served = await fetch(`${platform.url}${big.body.data.image_url}`);
    expect(served.status).toBe(200);
    expect(await sharp(Buffer.from(await served.arrayBuffer())).metadata()).toMatchObject({ format: 'webp', width: 1200 });
    await expectPrivatePicture(platform, big.body.data.image_url, pictures[0] as string);
    // What is not a picture, whatever its type says; a member; a file over 5 MB.
    const fake = await uploadPicture(org.superUser.token, Buffer.from('<svg onload="alert(1)"></svg>'), 'image/png');
    expect(fake.status).toBe(400);
    expect(fake.body.error_messages).toBe('image: must be a JPEG, PNG, WebP or GIF picture.');
    expect((await uploadPicture(org.member.token, await png('#ffffff'))).status).toBe(403);
    expect((await uploadPicture(org.superUser.token, Buffer.alloc(6 * 1024 * 1024, 1))).status).toBe(413);

    const add = (json: Record<string, unknown>) =>
      platform.api('POST', `/api/assessments/videos/${videoId}/questions`, { token: org.superUser.token, json: { ...question('picture'), ...json } });
    // A picture per option; pictures only from the question uploads; no pictures on another kind.
    expect((await add({ images: pictures.slice(0, 2) })).status).toBe(400);
    expect((await add({ images: ['https://evil.example/a.webp', pictures[1], pictures[2]] })).status).toBe(400);
    expect((await add({ images: ['/uploads/avatars/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.webp', pictures[1], pictures[2]] })).status).toBe(400);
    expect((await add({ correct: [0, 1] })).status).toBe(400);
    expect((await add({ kind: 'single' })).status).toBe(400);
    const added = await add({});
    expect(added.status).toBe(201);
    expect(added.body.data).toMatchObject({ kind: 'picture', options: KINDS.picture.options, correct: [0] });
    // The author reads the pictures at signed addresses; an edit may name them so or by the address they are kept at.
    expect(added.body.data.images.map(storedAddress)).toEqual(pictures.map(storedAddress));
    const kept = await add({ images: pictures.map(storedAddress) });
    expect(kept.status).toBe(201);
    expect(kept.body.data.images).toEqual(added.body.data.images);
    for (const image of kept.body.data.images) expect(image).toMatch(SIGNED_PICTURE);
    const single = await platform.api('POST', `/api/assessments/videos/${videoId}/questions`, { token: org.superUser.token, json: question('single') });
    expect(single.body.data.images).toEqual([]);
  });
});

describe('a time limit', () => {
  const moveStart = (attemptId: number, ms: number) =>
    platform.ctx.db
      .updateTable('assessment_attempts')
      .set((eb) => ({ started_at: eb('started_at', '-', ms), deadline_at: eb('deadline_at', '-', ms) }))
      .where('id', '=', attemptId)
      .execute();

  it('is kept per attempt from its start; answers within the grace count, later ones are not accepted and the attempt closes at the deadline', async () => {
    const org = await checkOn('Timed Org', ['single', 'ordering'], { time_limit_seconds: 120 });
    const member = { token: org.member.token };
    const rules = await platform.api('GET', `/api/assessments/videos/${org.videoId}/check`, member);
    expect(rules.body.data.check.time_limit_seconds).toBe(120);
    const first = await platform.api('POST', `/api/assessments/videos/${org.videoId}/attempts`, member);
    expect(first.body.data.seconds_left).toBeGreaterThanOrEqual(118);
    expect(Date.parse(first.body.data.deadline_at) - Date.now()).toBeGreaterThan(110_000);
    const right = (qs: Shown[]) => qs.map((q) => ({ question_id: q.id, choices: rightChoices(q) }));

    // Just past the deadline, within the grace: the answers count.
    await moveStart(first.body.data.attempt_id, 120_000 + DEADLINE_GRACE_MS - 5_000);
    const resumed = await platform.api('POST', `/api/assessments/videos/${org.videoId}/attempts`, member);
    expect(resumed.body.data.attempt_id).toBe(first.body.data.attempt_id);
    expect(resumed.body.data.seconds_left).toBe(0);
    const inGrace = await platform.api('POST', `/api/assessments/attempts/${first.body.data.attempt_id}/submit`, {
      ...member,
      json: { answers: right(first.body.data.questions) },
    });
    expect(inGrace.body.data).toMatchObject({ passed: true, score_percent: 100, timed_out: false });

    // After the grace: right answers are not accepted; the attempt is closed at its deadline, failed, and says why.
    const second = await platform.api('POST', `/api/assessments/videos/${org.videoId}/attempts`, member);
    const attemptId = second.body.data.attempt_id as number;
    await moveStart(attemptId, 120_000 + DEADLINE_GRACE_MS + 1_000);
    const late = await platform.api('POST', `/api/assessments/attempts/${attemptId}/submit`, {
      ...member,
      json: { answers: right(second.body.data.questions), request_id: 'late-0001' },
    });
    expect(late.status).toBe(200);
    expect(late.body.data).toMatchObject({ timed_out: true, passed: false, score_percent: 0, correct_count: 0 });
    expect(late.body.data.questions.every((q: { chosen: number[] }) => q.chosen.length === 0)).toBe(true);
    const row = await platform.ctx.db
      .selectFrom('assessment_attempts')
      .select(['submitted_at', 'deadline_at', 'timed_out', 'answers'])
      .where('id', '=', attemptId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ timed_out: 1, answers: '[]' });
    expect(Number(row.submitted_at)).toBe(Number(row.deadline_at));
    // Sending it again answers the same closed result; it never reopens.
    const again = await platform.api('POST', `/api/assessments/attempts/${attemptId}/submit`, {
      ...member,
      json: { answers: right(second.body.data.questions) },
    });
    expect(again.body.data).toMatchObject({ timed_out: true, passed: false });
    const csv = await platform.api('GET', `/api/organization/${org.organizationId}/audit-pack`, { token: org.superUser.token, query: { format: 'csv' } });
    expect(csv.body).toContain('the time limit ran out, answers after it not accepted');
  });

  it('closes an attempt left open past its time when the member starts again, on record, and never resumes it', async () => {
    const org = await checkOn('Abandoned Org', ['single'], { time_limit_seconds: 60, cooldown_seconds: 0 });
    const member = { token: org.member.token };
    const first = await platform.api('POST', `/api/assessments/videos/${org.videoId}/attempts`, member);
    await moveStart(first.body.data.attempt_id, 60_000 + DEADLINE_GRACE_MS + 1_000);
    const view = await platform.api('GET', `/api/assessments/videos/${org.videoId}/check`, member);
    expect(view.body.data.check).toMatchObject({ open_attempt_id: null, attempts_used: 1 });
    const next = await platform.api('POST', `/api/assessments/videos/${org.videoId}/attempts`, member);
    expect(next.status).toBe(201);
    expect(next.body.data).toMatchObject({ attempt_number: 2 });
    expect(next.body.data.attempt_id).not.toBe(first.body.data.attempt_id);
    const closed = await platform.ctx.db
      .selectFrom('assessment_attempts')
      .select(['timed_out', 'passed'])
      .where('id', '=', first.body.data.attempt_id)
      .executeTakeFirstOrThrow();
    expect(closed).toMatchObject({ timed_out: 1, passed: 0 });
    const evidence = await platform.ctx.db
      .selectFrom('evidence_records')
      .select('detail')
      .where('organization_id', '=', org.organizationId)
      .where('kind', '=', 'assessment_attempt')
      .execute();
    expect(evidence.map((e) => JSON.parse(e.detail as string).timed_out)).toEqual([true]);
  });

  it('is enforced by the minute sweep: an attempt abandoned past its time and grace is closed as timed out and counts', async () => {
    const org = await checkOn('Swept Org', ['single'], { time_limit_seconds: 60, cooldown_seconds: 0, attempts_allowed: 2 });
    const member = { token: org.member.token };
    const abandoned = await platform.api('POST', `/api/assessments/videos/${org.videoId}/attempts`, member);
    const fresh = await checkOn('Swept Fresh Org', ['single'], { time_limit_seconds: 60 });
    const running = await platform.api('POST', `/api/assessments/videos/${fresh.videoId}/attempts`, { token: fresh.member.token });
    // Past the deadline but within the grace: left open.
    await moveStart(abandoned.body.data.attempt_id, 60_000 + DEADLINE_GRACE_MS - 5_000);
    expect(await closeOverdueAttempts(platform.ctx)).toBe(0);
    await moveStart(abandoned.body.data.attempt_id, 10_000);
    expect(await closeOverdueAttempts(platform.ctx)).toBe(1);
    expect(await closeOverdueAttempts(platform.ctx)).toBe(0);
    const rows = await platform.ctx.db
      .selectFrom('assessment_attempts')
      .select(['id', 'timed_out', 'passed', 'submitted_at', 'deadline_at'])
      .where('id', 'in', [abandoned.body.data.attempt_id, running.body.data.attempt_id])
      .orderBy('id')
      .execute();
    expect(rows[0]).toMatchObject({ timed_out: 1, passed: 0 });
    expect(Number(rows[0]?.submitted_at)).toBe(Number(rows[0]?.deadline_at));
    expect(rows[1]).toMatchObject({ timed_out: 0, submitted_at: null });
    // It counts: one of the two attempts is used, on record in the evidence chain, and a late submission gets the closed result.
    const view = await platform.api('GET', `/api/assessments/videos/${org.videoId}/check`, member);
    expect(view.body.data.check).toMatchObject({ attempts_used: 1, open_attempt_id: null });
    const late = await platform.api('POST', `/api/assessments/attempts/${abandoned.body.data.attempt_id}/submit`, { ...member, json: { answers: [] } });
    expect(late.body.data).toMatchObject({ timed_out: true, passed: false, attempts_left: 1 });
    const evidence = await platform.ctx.db
      .selectFrom('evidence_records')
      .select('detail')
      .where('organization_id', '=', org.organizationId)
      .where('kind', '=', 'assessment_attempt')
      .execute();
    expect(evidence.map((e) => JSON.parse(e.detail as string).timed_out)).toEqual([true]);
  });

  it('refuses a limit out of range and keeps checks without one untimed', async () => {
    const org = await checkOn('Untimed Org', ['true_false']);
    const member = { token: org.member.token };
    const start = await platform.api('POST', `/api/assessments/videos/${org.videoId}/attempts`, member);
    expect(start.body.data).toMatchObject({ deadline_at: null, seconds_left: null });
    for (const time_limit_seconds of [10, 4 * 3600, 'soon']) {
      const bad = await platform.api('PUT', `/api/assessments/videos/${org.videoId}/check`, {
        token: org.superUser.token,
        json: { question_count: 1, shuffle: false, pass_percent: 100, attempts_allowed: 1, cooldown_seconds: 0, time_limit_seconds },
      });
      expect(bad.status).toBe(400);
    }
  });
});
