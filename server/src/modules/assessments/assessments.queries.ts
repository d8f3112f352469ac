import type { QuestionInput, QuestionKind } from '@mm/contract';
import { type Selectable, sql } from 'kysely';
import type { Db } from '../../db/client.ts';
import { isPostgres } from '../../db/dialect.ts';
import type { AssessmentAttemptTable, AssessmentCheckTable } from '../../db/schema.ts';
import type { BankEntry, ShownEntry } from './assessments.rules.ts';

export async function findVideo(db: Db, videoId: number) {
  return db.selectFrom('videos').select(['id', 'title', 'revision']).where('id', '=', videoId).executeTakeFirst();
}

// ---------------------------------------------------------------- the bank

type QuestionRow = { id: number; kind: string; prompt: string; options: string; images: string | null; correct: string; explanation: string };
const toEntry = (r: QuestionRow): BankEntry => ({
  id: r.id,
  kind: r.kind as QuestionKind,
  prompt: r.prompt,
  options: JSON.parse(r.options) as string[],
  images: r.images === null ? [] : (JSON.parse(r.images) as string[]),
  correct: JSON.parse(r.correct) as number[],
  explanation: r.explanation,
});
const QUESTION_COLUMNS = ['id', 'kind', 'prompt', 'options', 'images', 'correct', 'explanation'] as const;

export async function listQuestions(db: Db, organizationId: number, videoId: number): Promise<BankEntry[]> {
  const rows = await db
    .selectFrom('assessment_questions')
    .select(QUESTION_COLUMNS)
    .where('organization_id', '=', organizationId)
    .where('video_id', '=', videoId)
    .orderBy('id')
    .execute();
  return rows.map(toEntry);
}

export async function findQuestion(db: Db, organizationId: number, questionId: number): Promise<(BankEntry & { video_id: number }) | undefined> {
  const row = await db
    .selectFrom('assessment_questions')
    .select([...QUESTION_COLUMNS, 'video_id'])
    .where('id', '=', questionId)
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  return row && { ...toEntry(row), video_id: row.video_id };
}

const questionValues = (q: QuestionInput) => ({
  kind: q.kind,
  prompt: q.prompt,
  options: JSON.stringify(q.kind === 'true_false' ? [] : q.options),
  images: q.kind === 'picture' ? JSON.stringify(q.images ?? []) : null,
  // An ordering question's correct list is its order; the others' a set, kept sorted.
  correct: JSON.stringify(q.kind === 'ordering' ? q.correct : [...q.correct].sort((a, b) => a - b)),
  explanation: q.explanation,
});

export async function insertQuestion(db: Db, organizationId: number, videoId: number, q: QuestionInput, t: number): Promise<number> {
  const row = await db
    .insertInto('assessment_questions')
    .values({ organization_id: organizationId, video_id: videoId, ...questionValues(q), created_at: t, updated_at: t })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateQuestion(db: Db, organizationId: number, questionId: number, q: QuestionInput, t: number): Promise<void> {
  await db
    .updateTable('assessment_questions')
    .set({ ...questionValues(q), updated_at: t })
    .where('id', '=', questionId)
    .where('organization_id', '=', organizationId)
    .execute();
}

export async function deleteQuestion(db: Db, organizationId: number, questionId: number): Promise<void> {
  await db.deleteFrom('assessment_questions').where('id', '=', questionId).where('organization_id', '=', organizationId).execute();
}

// ---------------------------------------------------------------- the check

export type CheckRow = Omit<Selectable<AssessmentCheckTable>, 'organization_id' | 'updated_at'>;

/** A check, found by its video or by its own id, within the organization. */
export async function findCheck(db: Db, organizationId: number, by: { videoId: number } | { checkId: number }): Promise<CheckRow | undefined> {
  return db
    .selectFrom('assessment_checks')
    .select(['id', 'video_id', 'question_count', 'shuffle', 'pass_percent', 'attempts_allowed', 'cooldown_seconds', 'time_limit_seconds'])
    .where('organization_id', '=', organizationId)
    .where('videoId' in by ? 'video_id' : 'id', '=', 'videoId' in by ? by.videoId : by.checkId)
    .executeTakeFirst();
}

export async function upsertCheck(
  db: Db,
  organizationId: number,
  videoId: number,
  s: { question_count: number; shuffle: boolean; pass_percent: number; attempts_allowed: number; cooldown_seconds: number; time_limit_seconds: number | null },
  t: number,
): Promise<void> {
  const values = {
    question_count: s.question_count,
    shuffle: s.shuffle ? 1 : 0,
    pass_percent: s.pass_percent,
    attempts_allowed: s.attempts_allowed,
    cooldown_seconds: s.cooldown_seconds,
    time_limit_seconds: s.time_limit_seconds,
    updated_at: t,
  };
  await db
    .insertInto('assessment_checks')
    .values({ organization_id: organizationId, video_id: videoId, ...values })
    .onConflict((oc) => oc.columns(['organization_id', 'video_id']).doUpdateSet(values))
    .execute();
}

// ---------------------------------------------------------------- attempts

/**
 * Takes the member's row for the rest of the transaction (PostgreSQL: FOR NO KEY UPDATE; SQLite has one writer at a
 * time), so the count of their attempts and the write that follows it are never interleaved with another of theirs.
 */
export async function lockMember(trx: Db, userId: number): Promise<void> {
  let query = trx.selectFrom('users').select('id').where('id', '=', userId);
  if (isPostgres(trx)) query = query.forNoKeyUpdate();
  await query.executeTakeFirst();
}

export type AttemptRow = Omit<Selectable<AssessmentAttemptTable>, 'organization_id'>;
const ATTEMPT_COLUMNS = [
  'id',
  'check_id',
  'user_id',
  'questions',
  'started_at',
  'submitted_at',
  'answers',
  'score_percent',
  'passed',
  'request_id',
  'deadline_at',
  'timed_out',
] as const;

export async function memberAttempts(db: Db, checkId: number, userId: number): Promise<AttemptRow[]> {
  return db.selectFrom('assessment_attempts').select(ATTEMPT_COLUMNS).where('check_id', '=', checkId).where('user_id', '=', userId).orderBy('id').execute();
}

export async function findAttempt(db: Db, organizationId: number, userId: number, attemptId: number): Promise<AttemptRow | undefined> {
  return db
    .selectFrom('assessment_attempts')
    .select(ATTEMPT_COLUMNS)
    .where('id', '=', attemptId)
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function insertAttempt(
  db: Db,
  a: { organizationId: number; checkId: number; userId: number; questions: ShownEntry[]; t: number; deadlineAt: number | null },
): Promise<number> {
  const row = await db
    .insertInto('assessment_attempts')
    .values({
      organization_id: a.organizationId,
      check_id: a.checkId,
      user_id: a.userId,
      questions: JSON.stringify(a.questions),
      started_at: a.t,
      deadline_at: a.deadlineAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Open attempts whose deadline was before `before`, the oldest first (the time-out sweep's batch). */
export async function overdueAttempts(db: Db, before: number, limit: number) {
  return db
    .selectFrom('assessment_attempts')
    .select(['id', 'organization_id', 'user_id', 'check_id'])
    .where('submitted_at', 'is', null)
    .where('deadline_at', '<', before)
    .orderBy('deadline_at')
    .limit(limit)
    .execute();
}

/** Records the submission (or the close at the deadline); false when the attempt was already submitted. */
export async function markSubmitted(
  db: Db,
  attemptId: number,
  s: { answers: string; scorePercent: number; passed: boolean; requestId: string | null; t: number; timedOut: boolean },
): Promise<boolean> {
  const result = await db
    .updateTable('assessment_attempts')
    .set({
      submitted_at: s.t,
      answers: s.answers,
      score_percent: s.scorePercent,
      passed: s.passed ? 1 : 0,
      request_id: s.requestId,
      timed_out: s.timedOut ? 1 : 0,
    })
    .where('id', '=', attemptId)
    .where('submitted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

// ---------------------------------------------------------------- results (super users)

/** The submitted attempts of a check by members still on the books. */
function submittedAttempts(db: Db, organizationId: number, checkId: number) {
  return db
    .selectFrom('assessment_attempts as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .where('a.organization_id', '=', organizationId)
    .where('a.check_id', '=', checkId)
    .where('a.submitted_at', 'is not', null)
    .where('u.deleted_at', 'is', null);
}

/** How many members submitted an attempt, how many of them passed, and the attempts submitted. */
export async function checkSummary(db: Db, organizationId: number, checkId: number) {
  const row = await submittedAttempts(db, organizationId, checkId)
    .select([
      sql<number | string>`count(distinct a.user_id)`.as('members_attempted'),
      sql<number | string>`count(distinct case when a.passed = 1 then a.user_id end)`.as('members_passed'),
      sql<number | string>`count(*)`.as('attempts'),
    ])
    .executeTakeFirstOrThrow();
  return { members_attempted: Number(row.members_attempted), members_passed: Number(row.members_passed), attempts: Number(row.attempts) };
}

/** Each member's standing at a check, members still without a pass first, then by name; a page at a time. */
export async function memberStandings(db: Db, organizationId: number, checkId: number, page: { skip: number; take: number }) {
  const rows = await submittedAttempts(db, organizationId, checkId)
    .leftJoin('teams as t', 't.id', 'u.team_id')
    .select([
      'a.user_id',
      'u.name',
      'u.last_name',
      't.name as team',
      sql<number | string>`count(*)`.as('attempts'),
      sql<number>`max(a.score_percent)`.as('best_percent'),
      sql<number>`max(a.passed)`.as('passed'),
      sql<number | string>`max(a.submitted_at)`.as('last_submitted_at'),
    ])
    .groupBy(['a.user_id', 'u.name', 'u.last_name', 't.name'])
    .orderBy(sql`max(a.passed)`)
    .orderBy('u.last_name')
    .orderBy('u.name')
    .orderBy('a.user_id')
    .limit(page.take)
    .offset(page.skip)
    .execute();
  return rows.map((r) => ({ ...r, attempts: Number(r.attempts), passed: Number(r.passed) === 1, last_submitted_at: Number(r.last_submitted_at) }));
}

/** Keeps a submitted attempt's outcome at each of its questions (what the question figures count). */
export async function insertOutcomes(db: Db, attemptId: number, checkId: number, outcomes: { id: number; prompt: string; right: boolean }[]): Promise<void> {
  if (!outcomes.length) return;
  await db
    .insertInto('assessment_outcomes')
    .values(outcomes.map((o) => ({ attempt_id: attemptId, check_id: checkId, question_id: o.id, prompt: o.prompt, is_right: o.right ? 1 : 0 })))
    .execute();
}

/** Per question of a check, over the submitted attempts of members still on the books: how often asked and answered right. */
export async function questionOutcomes(db: Db, organizationId: number, checkId: number) {
  const rows = await db
    .selectFrom('assessment_outcomes as o')
    .innerJoin('assessment_attempts as a', 'a.id', 'o.attempt_id')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .where('o.check_id', '=', checkId)
    .where('a.organization_id', '=', organizationId)
    .where('u.deleted_at', 'is', null)
    .groupBy('o.question_id')
    .select([
      'o.question_id',
      sql<string>`min(o.prompt)`.as('prompt'),
      sql<number | string>`count(*)`.as('asked'),
      sql<number | string>`sum(o.is_right)`.as('right'),
    ])
    .execute();
  return rows.map((r) => ({ id: r.question_id, prompt: r.prompt, asked: Number(r.asked), right: Number(r.right) }));
}
