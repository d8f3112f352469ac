import {
  type AttemptData,
  type AttemptResult,
  type BankQuestion,
  type CategoryBankData,
  type CategoryCheckSettings,
  type CheckResultsData,
  type CheckSettings,
  csvLine,
  DEFAULT_LOCALE,
  type DraftedQuestionsData,
  type Locale,
  type MemberCheckData,
  type QuestionInput,
  type SubmitAttemptRequest,
  type VideoBankData,
} from '@mm/contract';
import sharp from 'sharp';
import type { AppContext } from '../../app-context.ts';
import type { Db, DbTransaction } from '../../db/client.ts';
import { formatDay, now, toIso } from '../../lib/clock.ts';
import { newToken } from '../../lib/crypto.ts';
import { AppError, badRequest, conflict, forbidden, notFound, tooManyRequests } from '../../lib/errors.ts';
import { fillMessage, spokenWait, translateMessage } from '../../lib/i18n.ts';
import { fullName } from '../../lib/person-name.ts';
import type { Caller } from '../auth/index.ts';
import { authorTranscriptOf, titleIn } from '../captions/index.ts';
import { type AssessmentSubject, recordAssessmentEvidence } from '../evidence/index.ts';
import { type MediaSigner, mediaSigner } from '../media/index.ts';
import { trainingCycleStart } from '../qualifications/index.ts';
import { authorOrganizationOf, takerOrganizationOf } from './assessments.policy.ts';
import {
  type AttemptRow,
  type AuthorEntry,
  approveQuestion,
  type CheckRow,
  categoryBank,
  categoryVideoIds,
  checkSummary,
  deleteQuestion,
  findAttempt,
  findCategory,
  findCheck,
  findQuestion,
  findVideo,
  insertAttempt,
  insertDrafts,
  insertOutcomes,
  insertQuestion,
  listCategoryQuestions,
  listQuestions,
  lockMember,
  markSubmitted,
  memberAttempts,
  memberStandings,
  overdueAttempts,
  questionOutcomes,
  recordQuestionOutcomes,
  recordStanding,
  updateQuestion,
  upsertCategoryCheck,
  upsertCheck,
} from './assessments.queries.ts';
import {
  attemptsAt,
  DEADLINE_GRACE_MS,
  drawQuestions,
  nextAttemptAt,
  optionsOf,
  pastDeadline,
  questionFigures,
  type ShownEntry,
  type ShownOption,
  scoreAttempt,
} from './assessments.rules.ts';
import { draftQuestions } from './question-drafts.rules.ts';

export const VIDEO_NOT_FOUND = 'No such video in the library.';
export const CATEGORY_NOT_FOUND = 'No such category in the library.';
export const NO_CATEGORY_CHECK = 'This category has no knowledge check.';
export const QUESTION_NOT_FOUND = 'No such question in your organization.';
export const NO_CHECK = 'This video has no knowledge check.';
export const NO_QUESTIONS = 'This check has no questions yet.';
export const ATTEMPT_NOT_FOUND = 'No such attempt of yours.';
export const ALREADY_SUBMITTED = 'This attempt was already submitted.';
export const EARLIER_CYCLE = 'This attempt was started before your retraining began: start the check again.';
export const ALL_ATTEMPTS_USED = 'You have used all {{allowed}} attempts at this check.';
export const ONE_ATTEMPT_USED = 'You have used the one attempt this check allows.';
export const COOLING_DOWN = 'You can try again in {{wait}}.';
/** The refusal of an attempt beyond the limit, in the caller's language (a kiosk's switcher, the member's own). */
export const noAttemptsLeft = (allowed: number, locale: Locale = DEFAULT_LOCALE) =>
  allowed === 1 ? translateMessage(ONE_ATTEMPT_USED, locale) : fillMessage(ALL_ATTEMPTS_USED, { allowed }, locale);
/** The refusal of an attempt inside the cool-down, the time left written in the caller's language. */
export const coolingDown = (seconds: number, locale: Locale = DEFAULT_LOCALE) => fillMessage(COOLING_DOWN, { wait: spokenWait(seconds, locale) }, locale);

/** A question of the bank for its author, its pictures as signed addresses (private-uploads.ts: the author may see them). */
const toBankQuestion =
  (signer: MediaSigner) =>
  (q: AuthorEntry): BankQuestion => ({ ...q, options: optionsOf(q.kind, q.options), images: q.images.map(signer.uploadUrl) });
const toSettings = (c: CheckRow): CheckSettings => ({
  question_count: c.question_count,
  shuffle: c.shuffle === 1,
  pass_percent: c.pass_percent,
  attempts_allowed: c.attempts_allowed,
  cooldown_seconds: c.cooldown_seconds,
  time_limit_seconds: c.time_limit_seconds,
});
/**
 * What a member is shown of a question: never its correct options nor its explanation (an option's picture is named
 * at random when uploaded, so its address says nothing of which option is right; it is a signed address, the picture
 * being readable by nobody else).
 */
const toShown = ({ id, kind, prompt, options }: ShownEntry) => ({ id, kind, prompt, options });
/** A question as the member receives it: its pictures as signed addresses (private-uploads.ts), readable by nobody else. */
const signedPictures =
  (signer: MediaSigner) =>
  <Q extends { options: ShownOption[] }>(q: Q): Q => ({
    ...q,
    options: q.options.map((o) => (o.image ? { ...o, image: signer.uploadUrl(o.image) } : o)),
  });

async function videoOrThrow(ctx: AppContext, videoId: number) {
  const video = await findVideo(ctx.db, videoId);
  if (!video) throw notFound(VIDEO_NOT_FOUND);
  return video;
}

/** What a check follows: a video, or the end of a category (its check draws from the banks of the category's videos). */
type Subject = { videoId: number } | { categoryId: number };

/** The subject's title (the video's, or the category's name), or 404. */
async function subjectTitle(ctx: AppContext, subject: Subject, reader?: Pick<Caller, 'language'>): Promise<string> {
  if ('videoId' in subject) {
    const video = await videoOrThrow(ctx, subject.videoId);
    // What the reader sees (their language's title, as the library shows it) when one is given.
    const local = reader?.language ? await titleIn(ctx.db, reader.language, video.id) : null;
    return local?.title ?? video.title;
  }
  const category = await findCategory(ctx.db, subject.categoryId);
  if (!category) throw notFound(CATEGORY_NOT_FOUND);
  return category.name;
}

// ---------------------------------------------------------------- authoring (super users)

export async function videoBank(ctx: AppContext, caller: Caller, videoId: number): Promise<VideoBankData> {
  const organizationId = authorOrganizationOf(caller);
  const video = await videoOrThrow(ctx, videoId);
  const [questions, check] = await Promise.all([listQuestions(ctx.db, organizationId, videoId, 'all'), findCheck(ctx.db, organizationId, { videoId })]);
  return {
    video_id: video.id,
    video_title: video.title,
    check: check ? toSettings(check) : null,
    questions: questions.map(toBankQuestion(await mediaSigner(ctx.db))),
  };
}

/** A category's check and the bank it draws from (the organization's questions on each of its videos), for its author. */
export async function categoryCheckBank(ctx: AppContext, caller: Caller, categoryId: number): Promise<CategoryBankData> {
  const organizationId = authorOrganizationOf(caller);
  const name = await subjectTitle(ctx, { categoryId });
  const [videos, check, signer] = await Promise.all([
    categoryBank(ctx.db, organizationId, categoryId),
    findCheck(ctx.db, organizationId, { categoryId }),
    mediaSigner(ctx.db),
  ]);
  return {
    category_id: categoryId,
    category_name: name,
    check: check ? { ...toSettings(check), required_for_certificate: check.required_for_certificate === 1 } : null,
    videos: videos.map((v) => ({ ...v, questions: v.questions.map(toBankQuestion(signer)) })),
  };
}

export const NOT_AN_IMAGE = 'image: must be a JPEG, PNG, WebP or GIF picture.';
/** A question picture at most this wide or high: a large tap target on a tablet, not a poster. */
const QUESTION_IMAGE_SIZE = 1200;

/**
 * Keeps a picture for a pick-the-picture question, through the same check as the app's other pictures: decoded and
 * re-encoded to WebP (whatever the file claims to be, only a real image passes; metadata and anything hidden in it are
 * dropped), at most 1200 px, under an unguessable name in the store's uploads. Authors only.
 */
export async function uploadQuestionImage(ctx: AppContext, caller: Caller, file: Buffer): Promise<{ image_url: string }> {
  authorOrganizationOf(caller);
  let encoded: Buffer;
  try {
    encoded = await sharp(file, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize({ width: QUESTION_IMAGE_SIZE, height: QUESTION_IMAGE_SIZE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw badRequest(NOT_AN_IMAGE);
  }
  const url = `/uploads/questions/${newToken()}.webp`;
  // The URL is the key in the store with a leading slash (/uploads/ serves the store's uploads/ folder).
  await ctx.storage.put(url.slice(1), encoded, 'image/webp');
  return { image_url: (await mediaSigner(ctx.db)).uploadUrl(url) };
}

export async function addQuestion(ctx: AppContext, caller: Caller, videoId: number, input: QuestionInput): Promise<BankQuestion> {
  const organizationId = authorOrganizationOf(caller);
  await videoOrThrow(ctx, videoId);
  const id = await insertQuestion(ctx.db, organizationId, videoId, input, now());
  return toBankQuestion(await mediaSigner(ctx.db))((await findQuestion(ctx.db, organizationId, id)) as AuthorEntry);
}

export async function editQuestion(ctx: AppContext, caller: Caller, questionId: number, input: QuestionInput): Promise<BankQuestion> {
  const organizationId = authorOrganizationOf(caller);
  if (!(await findQuestion(ctx.db, organizationId, questionId))) throw notFound(QUESTION_NOT_FOUND);
  await updateQuestion(ctx.db, organizationId, questionId, input, now());
  return toBankQuestion(await mediaSigner(ctx.db))((await findQuestion(ctx.db, organizationId, questionId)) as AuthorEntry);
}

export async function removeQuestion(ctx: AppContext, caller: Caller, questionId: number): Promise<{ id: number }> {
  const organizationId = authorOrganizationOf(caller);
  if (!(await findQuestion(ctx.db, organizationId, questionId))) throw notFound(QUESTION_NOT_FOUND);
  await deleteQuestion(ctx.db, organizationId, questionId);
  return { id: questionId };
}

export const NO_CAPTIONS = 'This video has no captions to draft questions from.';
export const NOT_A_DRAFT = 'This question is already approved.';

/**
 * Drafts questions from the video's captions (its author's track, never a machine translation) into the
 * organization's bank, as drafts: nothing is drawn into an attempt until an author approves it. Drafting again adds
 * only what is not in the bank yet.
 */
export async function draftFromTranscript(ctx: AppContext, caller: Caller, videoId: number): Promise<DraftedQuestionsData> {
  const organizationId = authorOrganizationOf(caller);
  await videoOrThrow(ctx, videoId);
  const transcript = await authorTranscriptOf(ctx.db, videoId);
  if (!transcript || transcript.texts.length === 0) throw conflict(NO_CAPTIONS);
  const bank = await listQuestions(ctx.db, organizationId, videoId, 'all');
  const drafts = draftQuestions(
    transcript.texts,
    transcript.lang,
    bank.map((q) => q.prompt),
  );
  const ids = await insertDrafts(ctx.db, organizationId, videoId, drafts, now());
  const added = new Set(ids);
  const questions = await listQuestions(ctx.db, organizationId, videoId, 'all');
  return { drafted: questions.filter((q) => added.has(q.id)).map(toBankQuestion(await mediaSigner(ctx.db))) };
}

/** An author approves a drafted question (after reading it, perhaps editing it): an attempt may draw it from now on. */
export async function approveDraft(ctx: AppContext, caller: Caller, questionId: number): Promise<BankQuestion> {
  const organizationId = authorOrganizationOf(caller);
  const question = await findQuestion(ctx.db, organizationId, questionId);
  if (!question) throw notFound(QUESTION_NOT_FOUND);
  if (!question.draft) throw conflict(NOT_A_DRAFT);
  await approveQuestion(ctx.db, organizationId, questionId, now());
  return toBankQuestion(await mediaSigner(ctx.db))((await findQuestion(ctx.db, organizationId, questionId)) as AuthorEntry);
}

export async function saveCheck(ctx: AppContext, caller: Caller, videoId: number, settings: CheckSettings): Promise<CheckSettings> {
  const organizationId = authorOrganizationOf(caller);
  await videoOrThrow(ctx, videoId);
  await upsertCheck(ctx.db, organizationId, videoId, settings, now());
  return toSettings((await findCheck(ctx.db, organizationId, { videoId })) as CheckRow);
}

/** Attaches a check to the end of a category (or changes it); `required_for_certificate`: the certificate waits for a pass. */
export async function saveCategoryCheck(ctx: AppContext, caller: Caller, categoryId: number, settings: CategoryCheckSettings): Promise<CategoryCheckSettings> {
  const organizationId = authorOrganizationOf(caller);
  await subjectTitle(ctx, { categoryId });
  await upsertCategoryCheck(ctx.db, organizationId, categoryId, settings, now());
  const check = (await findCheck(ctx.db, organizationId, { categoryId })) as CheckRow;
  return { ...toSettings(check), required_for_certificate: check.required_for_certificate === 1 };
}

// ---------------------------------------------------------------- taking a check (members)

const timing = (attempts: AttemptRow[], check: CheckRow, t: number) => nextAttemptAt(attempts, check, t);

export async function memberCheck(ctx: AppContext, caller: Caller, videoId: number): Promise<MemberCheckData> {
  return memberCheckAt(ctx, caller, { videoId });
}

/** The check at the end of a category as the member sees it (taken from the category's page). */
export async function memberCategoryCheck(ctx: AppContext, caller: Caller, categoryId: number): Promise<MemberCheckData> {
  return memberCheckAt(ctx, caller, { categoryId });
}

async function memberCheckAt(ctx: AppContext, caller: Caller, subject: Subject): Promise<MemberCheckData> {
  const organizationId = takerOrganizationOf(caller);
  const title = await subjectTitle(ctx, subject, caller);
  const check = await findCheck(ctx.db, organizationId, subject);
  if (!check) return { video_title: title, check: null };
  const t = now();
  const attempts = attemptsAt(await cycleAttempts(ctx.db, check, caller.userId), t);
  const next = timing(attempts, check, t);
  const scores = attempts.filter((a) => a.score_percent !== null).map((a) => a.score_percent as number);
  return {
    video_title: title,
    check: {
      question_count: check.question_count,
      pass_percent: check.pass_percent,
      attempts_allowed: check.attempts_allowed,
      attempts_used: attempts.length,
      cooldown_seconds: check.cooldown_seconds,
      time_limit_seconds: check.time_limit_seconds,
      next_attempt_at: typeof next === 'number' ? toIso(next) : null,
      passed: attempts.some((a) => a.passed === 1),
      best_percent: scores.length ? Math.max(...scores) : null,
      open_attempt_id: attempts.find((a) => a.submitted_at === null)?.id ?? null,
      required_for_certificate: check.required_for_certificate === 1,
    },
  };
}

/**
 * The member's attempts at the check in their current training cycle of its videos: retraining and recertification
 * close the member's training records (qualifications), and a check asked for again starts afresh: attempts before
 * that neither count against the limit and the cool-down nor pass it (they stay on record and in the evidence).
 */
async function cycleAttempts(db: Db, check: CheckRow, userId: number): Promise<AttemptRow[]> {
  const videoIds = check.video_id !== null ? [check.video_id] : await categoryVideoIds(db, check.category_id as number);
  const since = await trainingCycleStart(db, userId, videoIds);
  return (await memberAttempts(db, check.id, userId)).filter((a) => a.started_at >= since);
}

/**
 * Starts an attempt, or answers the one the member left open (a reload never spends an attempt). Starting counts the
 * attempt: the member's row is locked, their attempts counted and the new one written in one transaction, so
 * concurrent starts never pass the limit; the cool-down runs from the last submission.
 */
export async function startAttempt(ctx: AppContext, caller: Caller, videoId: number): Promise<AttemptData> {
  return startAttemptAt(ctx, caller, { videoId });
}

/** Starts (or resumes) an attempt at the check at the end of a category: its questions drawn from the category's videos' banks. */
export async function startCategoryAttempt(ctx: AppContext, caller: Caller, categoryId: number): Promise<AttemptData> {
  return startAttemptAt(ctx, caller, { categoryId });
}

async function startAttemptAt(ctx: AppContext, caller: Caller, subject: Subject): Promise<AttemptData> {
  const organizationId = takerOrganizationOf(caller);
  await subjectTitle(ctx, subject);
  const check = await findCheck(ctx.db, organizationId, subject);
  if (!check) throw notFound('videoId' in subject ? NO_CHECK : NO_CATEGORY_CHECK);
  await closeTimedOut(ctx, organizationId, caller.userId, check);
  const signer = await mediaSigner(ctx.db);
  return ctx.db.transaction().execute(async (trx) => {
    await lockMember(trx, caller.userId);
    const t = now();
    const attempts = attemptsAt(await cycleAttempts(trx, check, caller.userId), t);
    const answer = (id: number, number: number, questions: ShownEntry[], deadlineAt: number | null): AttemptData => ({
      attempt_id: id,
      video_id: check.video_id,
      category_id: check.category_id,
      attempt_number: number,
      attempts_allowed: check.attempts_allowed,
      pass_percent: check.pass_percent,
      deadline_at: toIso(deadlineAt),
      seconds_left: deadlineAt === null ? null : Math.max(0, Math.floor((deadlineAt - t) / 1000)),
      questions: questions.map((q) => signedPictures(signer)(toShown(q))),
    });
    const open = attempts.findIndex((a) => a.submitted_at === null);
    if (open >= 0) {
      const row = attempts[open] as AttemptRow;
      return answer(row.id, open + 1, JSON.parse(row.questions) as ShownEntry[], row.deadline_at);
    }
    const next = timing(attempts, check, t);
    const language = caller.language ?? DEFAULT_LOCALE;
    if (next === 'never') throw forbidden(noAttemptsLeft(check.attempts_allowed, language));
    if (next !== null) {
      const seconds = Math.ceil((next - t) / 1000);
      throw tooManyRequests(coolingDown(seconds, language), seconds);
    }
    const bank =
      check.category_id === null
        ? await listQuestions(trx, organizationId, check.video_id as number, 'approved')
        : await listCategoryQuestions(trx, organizationId, check.category_id, 'approved');
    if (!bank.length) throw conflict(NO_QUESTIONS);
    const questions = drawQuestions(bank, { question_count: check.question_count, shuffle: check.shuffle === 1 });
    const deadlineAt = check.time_limit_seconds === null ? null : t + check.time_limit_seconds * 1000;
    const id = await insertAttempt(trx, { organizationId, checkId: check.id, userId: caller.userId, questions, t, deadlineAt });
    return answer(id, attempts.length + 1, questions, deadlineAt);
  });
}

type Answers = SubmitAttemptRequest['answers'];

/** The result of a submitted attempt as the member reads it: each question scored as shown, with the right answer and why. */
function resultOf(check: CheckRow, attempt: AttemptRow, shown: ShownEntry[], answers: Answers, all: AttemptRow[], submittedAt: number, timedOut: boolean) {
  const score = scoreAttempt(shown, answers, check.pass_percent);
  const next = nextAttemptAt(all, check, submittedAt);
  const attemptsLeft = Math.max(0, check.attempts_allowed - all.length);
  return {
    score,
    answer: {
      attempt_id: attempt.id,
      timed_out: timedOut,
      score_percent: score.scorePercent,
      passed: score.passed,
      pass_percent: check.pass_percent,
      correct_count: score.correctCount,
      question_count: shown.length,
      attempts_left: attemptsLeft,
      next_attempt_at: attemptsLeft > 0 ? toIso(typeof next === 'number' ? next : submittedAt) : null,
      questions: score.questions.map((q) => ({ ...toShown(q), chosen: q.chosen, correct: q.correct, right: q.right, explanation: q.explanation })),
    } satisfies AttemptResult,
  };
}

/** What the evidence names a check's attempt after: its video at the revision of the day, or its category. */
async function evidenceSubject(trx: DbTransaction, check: CheckRow): Promise<AssessmentSubject> {
  if (check.video_id !== null) {
    const video = await findVideo(trx, check.video_id);
    return { videoId: check.video_id, videoTitle: video?.title ?? '', revision: video?.revision ?? null };
  }
  const categoryId = check.category_id as number;
  return { categoryId, categoryName: (await findCategory(trx, categoryId))?.name ?? '' };
}

/**
 * Closes an open attempt inside `trx` (the member's row locked): scored against the questions it showed, recorded
 * once, added to the organization's evidence chain, and `check.passed` or `check.failed` emitted. An attempt whose answers
 * came too late is closed at its deadline with no answers accepted (so it does not pass).
 */
async function closeAttempt(
  ctx: AppContext,
  trx: DbTransaction,
  organizationId: number,
  check: CheckRow,
  attempt: AttemptRow,
  s: { answers: Answers; requestId: string | null; t: number; timedOut: boolean },
): Promise<AttemptResult> {
  const shown = JSON.parse(attempt.questions) as ShownEntry[];
  const answers = s.timedOut ? [] : s.answers;
  const submittedAt = s.timedOut ? (attempt.deadline_at as number) : s.t;
  const attempts = await cycleAttempts(trx, check, attempt.user_id);
  const number = attempts.findIndex((a) => a.id === attempt.id) + 1;
  // Retraining or recertification began while it was open: its questions belong to the cycle that ended.
  if (number === 0) throw conflict(EARLIER_CYCLE);
  const all = attemptsAt(attempts, s.t).map((a) => (a.id === attempt.id ? { ...a, submitted_at: submittedAt } : a));
  const { score, answer } = resultOf(check, attempt, shown, answers, all, submittedAt, s.timedOut);
  const stored = await markSubmitted(trx, attempt.id, {
    answers: JSON.stringify(answers),
    scorePercent: score.scorePercent,
    passed: score.passed,
    requestId: s.requestId,
    t: submittedAt,
    timedOut: s.timedOut,
  });
  if (!stored) throw new AppError(409, ALREADY_SUBMITTED);
  await insertOutcomes(trx, attempt.id, check.id, score.questions);
  await recordStanding(trx, {
    organizationId,
    checkId: check.id,
    userId: attempt.user_id,
    scorePercent: score.scorePercent,
    passed: score.passed,
    t: submittedAt,
  });
  const payload = { at: submittedAt, userId: attempt.user_id, organizationId, checkId: check.id, attemptId: attempt.id, scorePercent: score.scorePercent };
  await recordAssessmentEvidence(trx, organizationId, {
    ...(await evidenceSubject(trx, check)),
    userId: attempt.user_id,
    at: submittedAt,
    checkId: check.id,
    attemptId: attempt.id,
    attemptNumber: number,
    startedAt: attempt.started_at,
    scorePercent: score.scorePercent,
    passPercent: check.pass_percent,
    passed: score.passed,
    deadlineAt: attempt.deadline_at,
    timedOut: s.timedOut,
    questions: score.questions.map(({ id, prompt, options, correct, chosen, right }) => ({ id, prompt, options, correct, chosen, right })),
  });
  if (check.video_id !== null) {
    // A timed-out attempt is failed on record, so it is announced as failed too.
    if (score.passed) await ctx.events.emit(trx, 'check.passed', { ...payload, videoId: check.video_id });
    else await ctx.events.emit(trx, 'check.failed', { ...payload, videoId: check.video_id });
  } else if (check.category_id !== null && score.passed) {
    // A category's check: its pass may complete the category's certificate (learning issues it on this event).
    await ctx.events.emit(trx, 'category_check.passed', { ...payload, categoryId: check.category_id });
  }
  // Last: every member's submission at the check writes these rows (see recordQuestionOutcomes).
  await recordQuestionOutcomes(trx, check.id, attempt.user_id, score.questions);
  return answer;
}

/**
 * Closes the member's open attempt at the check when its time ran out (deadline and grace) and nobody submitted it:
 * in its own transaction before a new start, so the close stays on record even when the start is then refused.
 */
async function closeTimedOut(ctx: AppContext, organizationId: number, userId: number, check: CheckRow): Promise<void> {
  const open = (await memberAttempts(ctx.db, check.id, userId)).find((a) => a.submitted_at === null);
  if (open) await closeIfOverdue(ctx, organizationId, userId, check, open.id, now());
}

/** Closes the attempt as timed out when it is still open and past its deadline and grace at `t`; true when it did. */
async function closeIfOverdue(ctx: AppContext, organizationId: number, userId: number, check: CheckRow, attemptId: number, t: number): Promise<boolean> {
  return ctx.db.transaction().execute(async (trx) => {
    await lockMember(trx, userId);
    const attempt = await findAttempt(trx, organizationId, userId, attemptId);
    if (!attempt || attempt.submitted_at !== null || !pastDeadline(attempt.deadline_at, t)) return false;
    await closeAttempt(ctx, trx, organizationId, check, attempt, { answers: [], requestId: null, t, timedOut: true });
    return true;
  });
}

/** Attempts the sweep closes per run at most (a minute's clock: the rest wait for the next minute). */
export const SWEEP_BATCH = 500;

/**
 * The time-out sweep (a clock every minute): closes every attempt left open past its deadline and grace, as if it had
 * been submitted empty at its deadline, so it counts as an attempt (and fails, on record) even when the member never
 * comes back. Each close locks its member as a submission does, so a late submission and the sweep close it once.
 */
export async function closeOverdueAttempts(ctx: AppContext, t: number = now()): Promise<number> {
  let closed = 0;
  for (const open of await overdueAttempts(ctx.db, t - DEADLINE_GRACE_MS, SWEEP_BATCH)) {
    const check = await findCheck(ctx.db, open.organization_id, { checkId: open.check_id });
    if (check && (await closeIfOverdue(ctx, open.organization_id, open.user_id, check, open.id, t))) closed += 1;
  }
  return closed;
}

/**
 * Scores a submitted attempt on the server against the questions it showed, records it (once: a replay with the same
 * `request_id` answers the same result; another submission of a submitted attempt is refused) and adds it to the
 * organization's evidence chain in the same transaction. Answers arriving after the attempt's deadline and grace are
 * not accepted: the attempt is closed as submitted at the deadline with no answers, and the result says so.
 */
export async function submitAttempt(ctx: AppContext, caller: Caller, attemptId: number, input: SubmitAttemptRequest): Promise<AttemptResult> {
  const organizationId = takerOrganizationOf(caller);
  const signer = await mediaSigner(ctx.db);
  const result = await ctx.db.transaction().execute(async (trx) => {
    await lockMember(trx, caller.userId);
    const attempt = await findAttempt(trx, organizationId, caller.userId, attemptId);
    if (!attempt) throw notFound(ATTEMPT_NOT_FOUND);
    const check = await findCheck(trx, organizationId, { checkId: attempt.check_id });
    if (!check) throw notFound(NO_CHECK);
    if (attempt.submitted_at !== null) {
      // A replay of the same submission, or any submission of an attempt its time limit closed, answers that result.
      const replay = input.request_id !== undefined && attempt.request_id === input.request_id;
      if (!replay && attempt.timed_out !== 1) throw conflict(ALREADY_SUBMITTED);
      // Answered as it was recorded: the attempts of its training cycle up to this one (a late replay, after the member
      // started another attempt, still says what that submission left).
      const cycle = await cycleAttempts(trx, check, caller.userId);
      const all = (cycle.some((a) => a.id === attempt.id) ? cycle : await memberAttempts(trx, check.id, caller.userId)).filter((a) => a.id <= attempt.id);
      const shown = JSON.parse(attempt.questions) as ShownEntry[];
      return resultOf(check, attempt, shown, JSON.parse(attempt.answers ?? '[]'), all, attempt.submitted_at, attempt.timed_out === 1).answer;
    }
    const t = now();
    return closeAttempt(ctx, trx, organizationId, check, attempt, {
      answers: input.answers,
      requestId: input.request_id ?? null,
      t,
      timedOut: pastDeadline(attempt.deadline_at, t),
    });
  });
  return { ...result, questions: result.questions.map(signedPictures(signer)) };
}

// ---------------------------------------------------------------- results (super users)

/**
 * A check's results for the organization's super user (a video's, or a category's): the summary, the questions hardest
 * first, a page of members.
 */
export async function checkResults(ctx: AppContext, caller: Caller, subject: Subject, page: { skip: number; take: number }): Promise<CheckResultsData> {
  const organizationId = authorOrganizationOf(caller);
  const title = await subjectTitle(ctx, subject, caller);
  const { skip, take } = page;
  const check = await findCheck(ctx.db, organizationId, subject);
  const empty = { summary: { members_attempted: 0, members_passed: 0, attempts: 0 }, questions: [], members: [], total: 0 };
  const base = {
    video_id: 'videoId' in subject ? subject.videoId : null,
    category_id: 'categoryId' in subject ? subject.categoryId : null,
    video_title: title,
    check: check ? toSettings(check) : null,
    skip,
    take,
  };
  if (!check) return { ...base, ...empty };
  const { deactivated, ...summary } = await checkSummary(ctx.db, organizationId, check.id);
  const [members, outcomes] = await Promise.all([
    memberStandings(ctx.db, organizationId, check.id, { skip, take }),
    questionOutcomes(ctx.db, organizationId, check.id, deactivated),
  ]);
  return {
    ...base,
    summary,
    questions: questionFigures(outcomes),
    members: members.map((m) => ({
      user_id: m.user_id,
      name: fullName(m),
      team: m.team,
      attempts: m.attempts,
      best_percent: m.best_percent,
      passed: m.passed,
      last_submitted_at: toIso(m.last_submitted_at) as string,
    })),
    total: summary.members_attempted,
  };
}

/** Every member's standing at a check (a video's or a category's), as a spreadsheet (safe to open: contract/src/csv.ts). */
export async function checkResultsCsv(ctx: AppContext, caller: Caller, subject: Subject): Promise<string> {
  const organizationId = authorOrganizationOf(caller);
  await subjectTitle(ctx, subject);
  const check = await findCheck(ctx.db, organizationId, subject);
  const members = check ? await memberStandings(ctx.db, organizationId, check.id, { skip: 0, take: Number.MAX_SAFE_INTEGER }) : [];
  const lines = [csvLine(['Person', 'Team', 'Attempts', 'Best score (%)', 'Passed', 'Last attempt'])];
  for (const m of members) lines.push(csvLine([fullName(m), m.team, m.attempts, m.best_percent, m.passed ? 'Yes' : 'No', formatDay(m.last_submitted_at)]));
  return lines.join('');
}
