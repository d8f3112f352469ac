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

type QuestionRow = { id: number; kind: string; prompt: string; options: string; images: string | null; correct: string; explanation: string; draft: number };
/** A question of the bank with whether it is still a draft drafted from the transcript (drafts are never drawn). */
export type AuthorEntry = BankEntry & { draft: boolean };
const toEntry = (r: QuestionRow): AuthorEntry => ({
  draft: r.draft === 1,
  id: r.id,
  kind: r.kind as QuestionKind,
  prompt: r.prompt,
  options: JSON.parse(r.options) as string[],
  images: r.images === null ? [] : (JSON.parse(r.images) as string[]),
  correct: JSON.parse(r.correct) as number[],
  explanation: r.explanation,
});
const QUESTION_COLUMNS = ['id', 'kind', 'prompt', 'options', 'images', 'correct', 'explanation', 'draft'] as const;

/** The organization's questions on a video: every one for its author, the approved ones (no drafts) for an attempt to draw from. */
export async function listQuestions(db: Db, organizationId: number, videoId: number, which: 'all' | 'approved'): Promise<AuthorEntry[]> {
  const rows = await db
    .selectFrom('assessment_questions')
    .select(QUESTION_COLUMNS)
    .where('organization_id', '=', organizationId)
    .where('video_id', '=', videoId)
    .$if(which === 'approved', (q) => q.where('draft', '=', 0))
    .orderBy('id')
    .execute();
  return rows.map(toEntry);
}

export async function findQuestion(db: Db, organizationId: number, questionId: number): Promise<(AuthorEntry & { video_id: number }) | undefined> {
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

/** Adds questions drafted from the transcript, as drafts (never drawn until approved); their ids in order. */
export async function insertDrafts(db: Db, organizationId: number, videoId: number, drafts: QuestionInput[], t: number): Promise<number[]> {
  if (!drafts.length) return [];
  const rows = await db
    .insertInto('assessment_questions')
    .values(drafts.map((q) => ({ organization_id: organizationId, video_id: videoId, ...questionValues(q), draft: 1, created_at: t, updated_at: t })))
    .returning('id')
    .execute();
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/** An author approves a drafted question: from now on it may be drawn. */
export async function approveQuestion(db: Db, organizationId: number, questionId: number, t: number): Promise<void> {
  await db
    .updateTable('assessment_questions')
    .set({ draft: 0, updated_at: t })
    .where('id', '=', questionId)
    .where('organization_id', '=', organizationId)
    .execute();
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

/** A check, found by its video, its category or its own id, within the organization. */
export async function findCheck(
  db: Db,
  organizationId: number,
  by: { videoId: number } | { categoryId: number } | { checkId: number },
): Promise<CheckRow | undefined> {
  const [column, value] =
    'videoId' in by ? (['video_id', by.videoId] as const) : 'categoryId' in by ? (['category_id', by.categoryId] as const) : (['id', by.checkId] as const);
  return db
    .selectFrom('assessment_checks')
    .select([
      'id',
      'video_id',
      'category_id',
      'required_for_certificate',
      'question_count',
      'shuffle',
      'pass_percent',
      'attempts_allowed',
      'cooldown_seconds',
      'time_limit_seconds',
    ])
    .where('organization_id', '=', organizationId)
    .where(column, '=', value)
    .executeTakeFirst();
}

export async function findCategory(db: Db, categoryId: number) {
  return db.selectFrom('categories').select(['id', 'name']).where('id', '=', categoryId).executeTakeFirst();
}

/**
 * The organization's questions on every video of a category, each with its video: the approved ones are the bank a
 * category's check draws from; all of them what its author reads.
 */
export async function listCategoryQuestions(
  db: Db,
  organizationId: number,
  categoryId: number,
  which: 'all' | 'approved',
): Promise<(AuthorEntry & { video_id: number })[]> {
  const rows = await db
    .selectFrom('assessment_questions as q')
    .innerJoin('videos as v', 'v.id', 'q.video_id')
    .select([...QUESTION_COLUMNS.map((c) => `q.${c}` as const), 'q.video_id'])
    .where('q.organization_id', '=', organizationId)
    .where('v.category_id', '=', categoryId)
    .$if(which === 'approved', (q) => q.where('q.draft', '=', 0))
    .orderBy('q.id')
    .execute();
  return rows.map((r) => ({ ...toEntry(r), video_id: r.video_id }));
}

/**
 * The category's videos (their titles) and the organization's questions on each: what a category's author reads. The
 * videos listed in the category (`in_test`), and any other whose questions the check may draw.
 */
export async function categoryBank(db: Db, organizationId: number, categoryId: number) {
  const [videos, questions] = await Promise.all([
    db.selectFrom('videos').select(['id', 'title', 'in_test']).where('category_id', '=', categoryId).orderBy('id').execute(),
    listCategoryQuestions(db, organizationId, categoryId, 'all'),
  ]);
  const asked = new Set(questions.map((q) => q.video_id));
  return videos
    .filter((v) => v.in_test === 1 || asked.has(v.id))
    .map((v) => ({
      video_id: v.id,
      video_title: v.title,
      questions: questions.filter((q) => q.video_id === v.id).map(({ video_id: _video, ...q }) => q),
    }));
}

/** A check's settings as its row holds them (a video's check has no certificate setting: left as it is). */
function checkRow(
  s: {
    question_count: number;
    shuffle: boolean;
    pass_percent: number;
    attempts_allowed: number;
    cooldown_seconds: number;
    time_limit_seconds: number | null;
    required_for_certificate?: boolean;
  },
  t: number,
) {
  return {
    question_count: s.question_count,
    shuffle: s.shuffle ? 1 : 0,
    pass_percent: s.pass_percent,
    attempts_allowed: s.attempts_allowed,
    cooldown_seconds: s.cooldown_seconds,
    time_limit_seconds: s.time_limit_seconds,
    ...(s.required_for_certificate === undefined ? {} : { required_for_certificate: s.required_for_certificate ? 1 : 0 }),
    updated_at: t,
  };
}

export async function upsertCategoryCheck(
  db: Db,
  organizationId: number,
  categoryId: number,
  s: {
    question_count: number;
    shuffle: boolean;
    pass_percent: number;
    attempts_allowed: number;
    cooldown_seconds: number;
    time_limit_seconds: number | null;
    required_for_certificate: boolean;
  },
  t: number,
): Promise<void> {
  const values = checkRow(s, t);
  await db
    .insertInto('assessment_checks')
    .values({ organization_id: organizationId, video_id: null, category_id: categoryId, ...values })
    .onConflict((oc) => oc.columns(['organization_id', 'category_id']).doUpdateSet(values))
    .execute();
}

/** Of `categoryIds`, those whose check the organization requires for the certificate and the member has not passed. */
export async function categoriesMissingCheck(db: Db, organizationId: number, userId: number, categoryIds: readonly number[]): Promise<number[]> {
  if (!categoryIds.length) return [];
  const rows = await db
    .selectFrom('assessment_checks as c')
    .leftJoin('assessment_standings as s', (j) => j.onRef('s.check_id', '=', 'c.id').on('s.user_id', '=', userId))
    .select('c.category_id')
    .where('c.organization_id', '=', organizationId)
    .where('c.category_id', 'in', categoryIds)
    .where('c.required_for_certificate', '=', 1)
    .where((eb) => eb.or([eb('s.passed', 'is', null), eb('s.passed', '=', 0)]))
    .execute();
  return rows.map((r) => r.category_id as number);
}

export async function upsertCheck(
  db: Db,
  organizationId: number,
  videoId: number,
  s: { question_count: number; shuffle: boolean; pass_percent: number; attempts_allowed: number; cooldown_seconds: number; time_limit_seconds: number | null },
  t: number,
): Promise<void> {
  const values = checkRow(s, t);
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

/** The videos of a category: a category check's training cycle is the member's cycle of them. */
export async function categoryVideoIds(db: Db, categoryId: number): Promise<number[]> {
  return (await db.selectFrom('videos').select('id').where('category_id', '=', categoryId).execute()).map((v) => v.id);
}

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

/**
 * Keeps a submitted attempt in the results, in the submission's transaction: the member's standing at the check and
 * the figures of each question it asked. The question rows are shared by every member taking the check, so they are
 * written last (held the shortest on PostgreSQL) and in question order (two submissions never wait for each other in
 * opposite orders).
 */
export async function recordStanding(
  db: Db,
  s: { organizationId: number; checkId: number; userId: number; scorePercent: number; passed: boolean; t: number },
): Promise<void> {
  const values = {
    check_id: s.checkId,
    user_id: s.userId,
    organization_id: s.organizationId,
    attempts: 1,
    best_percent: s.scorePercent,
    passed: s.passed ? 1 : 0,
    last_submitted_at: s.t,
  };
  const greater = (column: 'best_percent' | 'passed' | 'last_submitted_at') =>
    sql<number>`case when excluded.${sql.ref(column)} > assessment_standings.${sql.ref(column)} then excluded.${sql.ref(column)} else assessment_standings.${sql.ref(column)} end`;
  await db
    .insertInto('assessment_standings')
    .values(values)
    .onConflict((oc) =>
      oc.columns(['check_id', 'user_id']).doUpdateSet({
        attempts: sql<number>`assessment_standings.attempts + 1`,
        best_percent: greater('best_percent'),
        passed: greater('passed'),
        last_submitted_at: greater('last_submitted_at'),
      }),
    )
    .execute();
}

/**
 * Rows a question's figures are spread over: each member's submissions add to one of them (their id picks it), so the
 * members of a large organization submitting at once rarely wait for the same row; the read adds them up.
 */
export const QUESTION_STAT_SHARDS = 16;

/** Adds a submitted attempt's outcome at each of its questions to the check's question figures (see recordStanding). */
export async function recordQuestionOutcomes(
  db: Db,
  checkId: number,
  userId: number,
  outcomes: { id: number; prompt: string; right: boolean }[],
): Promise<void> {
  const rows = [...new Map(outcomes.map((o) => [o.id, o])).values()].sort((a, b) => a.id - b.id);
  if (!rows.length) return;
  const shard = userId % QUESTION_STAT_SHARDS;
  await db
    .insertInto('assessment_question_stats')
    .values(rows.map((o) => ({ check_id: checkId, question_id: o.id, shard, prompt: o.prompt, asked_count: 1, right_count: o.right ? 1 : 0 })))
    .onConflict((oc) =>
      oc.columns(['check_id', 'question_id', 'shard']).doUpdateSet({
        asked_count: sql<number>`assessment_question_stats.asked_count + 1`,
        right_count: sql<number>`assessment_question_stats.right_count + excluded.right_count`,
      }),
    )
    .execute();
}

/** The standings at a check of members still on the books (a deactivated member's rows stay, and count again if restored). */
function liveStandings(db: Db, organizationId: number, checkId: number) {
  return db
    .selectFrom('assessment_standings as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .where('s.check_id', '=', checkId)
    .where('s.organization_id', '=', organizationId)
    .where('u.deleted_at', 'is', null);
}

/**
 * How many members submitted an attempt, how many of them passed, and the attempts submitted (members still on the
 * books); `deactivated`: standings at the check of members no longer on the books (their figures are left out).
 */
export async function checkSummary(db: Db, organizationId: number, checkId: number) {
  const live = sql`u.deleted_at is null`;
  const row = await db
    .selectFrom('assessment_standings as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .where('s.check_id', '=', checkId)
    .where('s.organization_id', '=', organizationId)
    .select([
      sql<number | string>`count(*)`.as('standings'),
      sql<number | string | null>`sum(case when ${live} then 1 else 0 end)`.as('members_attempted'),
      sql<number | string | null>`sum(case when ${live} then s.passed else 0 end)`.as('members_passed'),
      sql<number | string | null>`sum(case when ${live} then s.attempts else 0 end)`.as('attempts'),
    ])
    .executeTakeFirstOrThrow();
  const membersAttempted = Number(row.members_attempted ?? 0);
  return {
    members_attempted: membersAttempted,
    members_passed: Number(row.members_passed ?? 0),
    attempts: Number(row.attempts ?? 0),
    deactivated: Number(row.standings) - membersAttempted,
  };
}

/** Each member's standing at a check, members still without a pass first, then by name; a page at a time. */
export async function memberStandings(db: Db, organizationId: number, checkId: number, page: { skip: number; take: number }) {
  const rows = await liveStandings(db, organizationId, checkId)
    .leftJoin('teams as t', 't.id', 'u.team_id')
    .select(['s.user_id', 'u.name', 'u.last_name', 't.name as team', 's.attempts', 's.best_percent', 's.passed', 's.last_submitted_at'])
    .orderBy('s.passed')
    .orderBy('u.last_name')
    .orderBy('u.name')
    .orderBy('s.user_id')
    .limit(page.take)
    .offset(page.skip)
    .execute();
  return rows.map((r) => ({ ...r, passed: r.passed === 1, last_submitted_at: Number(r.last_submitted_at) }));
}

/** Keeps a submitted attempt's outcome at each of its questions (the evidence of what each attempt got right). */
export async function insertOutcomes(db: Db, attemptId: number, checkId: number, outcomes: { id: number; prompt: string; right: boolean }[]): Promise<void> {
  if (!outcomes.length) return;
  await db
    .insertInto('assessment_outcomes')
    .values(outcomes.map((o) => ({ attempt_id: attemptId, check_id: checkId, question_id: o.id, prompt: o.prompt, is_right: o.right ? 1 : 0 })))
    .execute();
}

/**
 * Per question of a check, over the submitted attempts of members still on the books: how often asked and answered
 * right. The kept figures count every member; the outcomes of the (few) deactivated members are taken off them
 * (`deactivated`: how many there are at the check, from checkSummary; none: nothing to read).
 */
export async function questionOutcomes(db: Db, organizationId: number, checkId: number, deactivated: number) {
  const [kept, gone] = await Promise.all([
    db
      .selectFrom('assessment_question_stats')
      .select([
        'question_id',
        sql<string>`min(prompt)`.as('prompt'),
        sql<number | string>`sum(asked_count)`.as('asked_count'),
        sql<number | string>`sum(right_count)`.as('right_count'),
      ])
      .where('check_id', '=', checkId)
      .groupBy('question_id')
      .execute(),
    deactivated === 0
      ? []
      : db
          .selectFrom('assessment_standings as s')
          .innerJoin('users as u', 'u.id', 's.user_id')
          .innerJoin('assessment_attempts as a', (j) => j.onRef('a.check_id', '=', 's.check_id').onRef('a.user_id', '=', 's.user_id'))
          .innerJoin('assessment_outcomes as o', 'o.attempt_id', 'a.id')
          .where('s.check_id', '=', checkId)
          .where('s.organization_id', '=', organizationId)
          .where('u.deleted_at', 'is not', null)
          .groupBy('o.question_id')
          .select(['o.question_id', sql<number | string>`count(*)`.as('asked'), sql<number | string>`sum(o.is_right)`.as('right')])
          .execute(),
  ]);
  const off = new Map(gone.map((g) => [g.question_id, { asked: Number(g.asked), right: Number(g.right) }]));
  return kept
    .map((r) => ({
      id: r.question_id,
      prompt: r.prompt,
      asked: Number(r.asked_count) - (off.get(r.question_id)?.asked ?? 0),
      right: Number(r.right_count) - (off.get(r.question_id)?.right ?? 0),
    }))
    .filter((r) => r.asked > 0);
}
