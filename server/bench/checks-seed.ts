import type { Db } from '../src/db/client.ts';
import { DAY, MINUTE } from '../src/lib/clock.ts';

/**
 * Knowledge checks for the checks bench (issue 38): a check of ten questions on one video taken by every member
 * (one to three submitted attempts each, scored, with their outcomes per question), and for the submission case `videos`
 * more checks on which each signed-in member has an attempt open (each submitted once by the load).
 */

const QUESTIONS = 10;
const OPTIONS = ['Shut the machine down', 'Isolate the energy', 'Apply your lock', 'Verify zero energy'];

async function checkWithBank(db: Db, organizationId: number, videoId: number, t: number) {
  const questions = await db
    .insertInto('assessment_questions')
    .values(
      Array.from({ length: QUESTIONS }, (_, i) => ({
        organization_id: organizationId,
        video_id: videoId,
        kind: 'single',
        prompt: `Bench question ${i + 1}: which comes first?`,
        options: JSON.stringify(OPTIONS),
        correct: JSON.stringify([i % OPTIONS.length]),
        explanation: 'Because the procedure says so.',
        created_at: t,
        updated_at: t,
      })),
    )
    .returning('id')
    .execute();
  const check = await db
    .insertInto('assessment_checks')
    .values({
      organization_id: organizationId,
      video_id: videoId,
      question_count: QUESTIONS,
      shuffle: 0,
      pass_percent: 80,
      attempts_allowed: 5,
      cooldown_seconds: 0,
      updated_at: t,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const shown = questions.map((q, i) => ({
    id: q.id,
    kind: 'single',
    prompt: `Bench question ${i + 1}: which comes first?`,
    options: OPTIONS.map((text, id) => ({ id, text })),
    correct: [i % OPTIONS.length],
    explanation: 'Because the procedure says so.',
  }));
  return { checkId: check.id, shown };
}

export type SeededChecks = { analyticsVideoId: number; attempts: number; open: { token: string; attemptId: number; questionIds: number[] }[] };

export async function seedChecks(
  db: Db,
  r: { organizationId: number; userIds: number[]; videoIds: number[]; tokens: string[]; videos: number; t: number; rnd: () => number },
): Promise<SeededChecks> {
  const [analyticsVideoId, ...others] = r.videoIds;
  const taken = await checkWithBank(db, r.organizationId, analyticsVideoId as number, r.t);
  const questionsJson = JSON.stringify(taken.shown);
  const rows = r.userIds.flatMap((userId) =>
    Array.from({ length: 1 + Math.floor(r.rnd() * 3) }, (_, k) => {
      const answers = taken.shown.map((q) => ({ question_id: q.id, choices: [r.rnd() < 0.7 ? (q.correct[0] as number) : Math.floor(r.rnd() * 4)] }));
      const right = answers.filter((a, i) => a.choices[0] === taken.shown[i]?.correct[0]).length;
      const started = r.t - (30 - k) * DAY;
      return {
        outcomes: answers.map((a, i) => ({
          question_id: a.question_id,
          prompt: taken.shown[i]!.prompt,
          is_right: a.choices[0] === taken.shown[i]?.correct[0] ? 1 : 0,
        })),
        organization_id: r.organizationId,
        check_id: taken.checkId,
        user_id: userId,
        questions: questionsJson,
        started_at: started,
        submitted_at: started + 5 * MINUTE,
        answers: JSON.stringify(answers),
        score_percent: right * 10,
        passed: right >= 8 ? 1 : 0,
      };
    }),
  );
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500);
    const ids = await db
      .insertInto('assessment_attempts')
      .values(chunk.map(({ outcomes: _, ...attempt }) => attempt))
      .returning('id')
      .execute();
    const outcomes = chunk.flatMap((row, k) => row.outcomes.map((o) => ({ ...o, attempt_id: ids[k]!.id, check_id: taken.checkId })));
    for (let j = 0; j < outcomes.length; j += 1000)
      await db
        .insertInto('assessment_outcomes')
        .values(outcomes.slice(j, j + 1000))
        .execute();
  }

  // What each submission keeps beside its attempt (assessments.queries.ts recordStanding, recordQuestionOutcomes).
  const standings = new Map<number, { attempts: number; best_percent: number; passed: number; last_submitted_at: number }>();
  const stats = new Map<number, { prompt: string; asked_count: number; right_count: number }>();
  for (const row of rows) {
    const s = standings.get(row.user_id) ?? { attempts: 0, best_percent: 0, passed: 0, last_submitted_at: 0 };
    standings.set(row.user_id, {
      attempts: s.attempts + 1,
      best_percent: Math.max(s.best_percent, row.score_percent),
      passed: Math.max(s.passed, row.passed),
      last_submitted_at: Math.max(s.last_submitted_at, row.submitted_at),
    });
    for (const o of row.outcomes) {
      const q = stats.get(o.question_id) ?? { prompt: o.prompt, asked_count: 0, right_count: 0 };
      stats.set(o.question_id, { prompt: q.prompt, asked_count: q.asked_count + 1, right_count: q.right_count + o.is_right });
    }
  }
  const standingRows = [...standings].map(([user_id, s]) => ({ check_id: taken.checkId, user_id, organization_id: r.organizationId, ...s }));
  for (let i = 0; i < standingRows.length; i += 1000)
    await db
      .insertInto('assessment_standings')
      .values(standingRows.slice(i, i + 1000))
      .execute();
  await db
    .insertInto('assessment_question_stats')
    .values([...stats].map(([question_id, q]) => ({ check_id: taken.checkId, question_id, shard: 0, ...q })))
    .execute();

  const open: SeededChecks['open'] = [];
  for (const videoId of others.slice(0, r.videos)) {
    const check = await checkWithBank(db, r.organizationId, videoId, r.t);
    const json = JSON.stringify(check.shown);
    const ids = await db
      .insertInto('assessment_attempts')
      .values(
        r.tokens.map((_, i) => ({
          organization_id: r.organizationId,
          check_id: check.checkId,
          user_id: r.userIds[i] as number,
          questions: json,
          started_at: r.t,
        })),
      )
      .returning('id')
      .execute();
    for (const [i, row] of ids.entries()) open.push({ token: r.tokens[i] as string, attemptId: row.id, questionIds: check.shown.map((q) => q.id) });
  }
  return { analyticsVideoId: analyticsVideoId as number, attempts: rows.length, open };
}
