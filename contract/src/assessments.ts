import { z } from 'zod';
import { privateUpload } from './private-uploads.ts';

/**
 * Assessments (issue 38): an organization's question bank per video and the knowledge check attached to the video.
 * What a member gets before submitting (the check's rules, the questions as shown) never carries the correct
 * choices or the explanations: those are only in the result of a submitted attempt and in the author's bank.
 */

/**
 * single: one right option; multiple: the choices must be exactly the right set; true_false: True or False;
 * ordering: steps to put in order, written by the author in the right order, and right only when the order matches;
 * picture: pick the right picture (e.g. the defective part), one right option, each option a picture with its alt text.
 */
export const QUESTION_KINDS = ['single', 'multiple', 'true_false', 'ordering', 'picture'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];

export const TRUE_FALSE_OPTIONS = ['True', 'False'] as const;

const text = (max: number) => z.string().trim().min(1).max(max);

/**
 * A question's picture once uploaded (POST /api/assessments/images): re-encoded, under an unguessable name, kept as
 * `/uploads/questions/<name>.webp` and read only through the signed address the answers carry (private-uploads.ts).
 */
const questionImage = privateUpload('questions', '[A-Za-z0-9_-]{43}\\.webp', 'must be a picture uploaded for a question');
/** A question picture's upload at most (the same as the organization's banner). */
export const QUESTION_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const questionImageData = z.object({ image_url: z.string() });
export type QuestionImageData = z.infer<typeof questionImageData>;

/**
 * A question as its author writes it: the options in order and the indexes of the correct ones; for an ordering
 * question the steps in their right order, and `correct` that order (every step's index, 0 first). A picture
 * question's options are its pictures' alt texts (what a screen reader says), `images` the pictures in the same order.
 */
export const questionInput = z
  .object({
    kind: z.enum(QUESTION_KINDS),
    prompt: text(500),
    options: z.array(text(200)).max(8),
    images: z.array(questionImage).max(8).default([]),
    correct: z.array(z.number().int().min(0).max(7)).min(1).max(8),
    explanation: text(1000),
  })
  .superRefine((q, issue) => {
    const problem = questionProblem(q);
    if (problem) issue.addIssue({ code: 'custom', message: problem, path: ['correct'] });
  });
/** `images` may be left out for the kinds without pictures. */
export type QuestionInput = z.input<typeof questionInput>;

/** What is wrong with a question's options and correct choices for its kind; null when it holds together. */
export function questionProblem(q: { kind: QuestionKind; options: string[]; images?: string[]; correct: number[] }): string | null {
  const options = q.kind === 'true_false' ? TRUE_FALSE_OPTIONS.length : q.options.length;
  const images = q.images?.length ?? 0;
  if (q.kind === 'picture' && images !== options) return 'Each option of a picture question has its picture and its description.';
  if (q.kind !== 'picture' && images > 0) return 'Only a picture question has pictures.';
  if (q.kind === 'true_false' && q.options.length !== 0 && q.options.length !== 2) return 'A true/false question has the options True and False.';
  if (q.kind !== 'true_false' && options < 2) return 'A question needs at least two options.';
  if (new Set(q.correct).size !== q.correct.length) return 'A correct option is named twice.';
  if (q.correct.some((i) => i >= options)) return 'A correct choice names an option the question does not have.';
  if (q.kind === 'ordering') return q.correct.every((c, i) => c === i) && q.correct.length === options ? null : 'Write the steps in their right order.';
  if (q.kind !== 'multiple' && q.correct.length !== 1) return 'This kind of question has exactly one correct option.';
  return null;
}

/** A question of the bank as its author sees it. */
export const bankQuestion = z.object({
  id: z.number(),
  kind: z.enum(QUESTION_KINDS),
  prompt: z.string(),
  options: z.array(z.string()),
  /** A picture question's pictures, one per option; empty for the other kinds. */
  images: z.array(z.string()),
  correct: z.array(z.number()),
  explanation: z.string(),
  /** Drafted from the lesson's transcript and not yet approved by an author: never drawn into an attempt until then. */
  draft: z.boolean(),
});
export type BankQuestion = z.infer<typeof bankQuestion>;

/** Questions drafted from a video's transcript: added to the bank as drafts, for an author to approve or remove. */
export const draftedQuestionsData = z.object({ drafted: z.array(bankQuestion) });
export type DraftedQuestionsData = z.infer<typeof draftedQuestionsData>;

/** Time limits a check may have: from one minute to three hours (null: no limit). */
export const TIME_LIMIT_MIN_SECONDS = 60;
export const TIME_LIMIT_MAX_SECONDS = 3 * 3600;

export const checkSettings = z.object({
  question_count: z.number().int().min(1).max(50),
  shuffle: z.boolean(),
  pass_percent: z.number().int().min(1).max(100),
  attempts_allowed: z.number().int().min(1).max(20),
  cooldown_seconds: z
    .number()
    .int()
    .min(0)
    .max(30 * 86_400),
  /** The time an attempt has from its start, in seconds; null (or left out): no limit. */
  time_limit_seconds: z.number().int().min(TIME_LIMIT_MIN_SECONDS).max(TIME_LIMIT_MAX_SECONDS).nullable().default(null),
});
export type CheckSettings = z.infer<typeof checkSettings>;

/** A category's check (end of topic): its settings, and whether the category's certificate waits for a pass. */
export const categoryCheckSettings = checkSettings.extend({ required_for_certificate: z.boolean().default(false) });
export type CategoryCheckSettings = z.infer<typeof categoryCheckSettings>;

/**
 * A category's check as its author sees it: the settings, and the bank it draws from, which is the organization's
 * questions on each of the category's videos (written on each video's bank, so every video is listed, with or without).
 */
export const categoryBankData = z.object({
  category_id: z.number(),
  category_name: z.string(),
  check: categoryCheckSettings.nullable(),
  videos: z.array(z.object({ video_id: z.number(), video_title: z.string(), questions: z.array(bankQuestion) })),
});
export type CategoryBankData = z.infer<typeof categoryBankData>;

export const videoBankData = z.object({
  video_id: z.number(),
  video_title: z.string(),
  check: checkSettings.nullable(),
  questions: z.array(bankQuestion),
});
export type VideoBankData = z.infer<typeof videoBankData>;

/** A question as a member is shown it: its options by id (the option's place in the bank), never the answer. */
export const shownQuestion = z.object({
  id: z.number(),
  kind: z.enum(QUESTION_KINDS),
  prompt: z.string(),
  /** `image`: a picture question's option, whose `text` is the picture's alt text. */
  options: z.array(z.object({ id: z.number(), text: z.string(), image: z.string().optional() })),
});
export type ShownQuestion = z.infer<typeof shownQuestion>;

/** The check on a video (or at the end of a category) as a member sees it before taking it. */
export const memberCheckData = z.object({
  /** The title of what the check follows: the video's, or the category's name for a category's check. */
  video_title: z.string(),
  check: z
    .object({
      question_count: z.number(),
      pass_percent: z.number(),
      attempts_allowed: z.number(),
      attempts_used: z.number(),
      cooldown_seconds: z.number(),
      time_limit_seconds: z.number().nullable(),
      /** When the next attempt may start (ISO), null when now; null too when no attempt is left. */
      next_attempt_at: z.string().nullable(),
      passed: z.boolean(),
      best_percent: z.number().nullable(),
      /** The attempt started and not yet submitted, which starting again resumes. */
      open_attempt_id: z.number().nullable(),
      /** A category's check that its certificate waits for (always false for a video's check). */
      required_for_certificate: z.boolean(),
    })
    .nullable(),
});
export type MemberCheckData = z.infer<typeof memberCheckData>;

export const attemptData = z.object({
  attempt_id: z.number(),
  /** The video whose check this is; null for a category's check (then `category_id`). */
  video_id: z.number().nullable(),
  category_id: z.number().nullable(),
  attempt_number: z.number(),
  attempts_allowed: z.number(),
  pass_percent: z.number(),
  /** The time limit's end (ISO), null when the check has none; answers arriving later are not accepted. */
  deadline_at: z.string().nullable(),
  /** Seconds left at the moment of this answer (null without a limit): the browser counts down from it. */
  seconds_left: z.number().nullable(),
  questions: z.array(shownQuestion),
});
export type AttemptData = z.infer<typeof attemptData>;

/** For an ordering question `choices` is the member's order of the step ids, first step first. */
export const submitAttemptRequest = z.object({
  answers: z.array(z.object({ question_id: z.number().int().positive(), choices: z.array(z.number().int().min(0).max(7)).max(8) })).max(50),
  request_id: z
    .string()
    .regex(/^[A-Za-z0-9-]{8,64}$/, 'must be 8 to 64 letters, digits or dashes')
    .optional(),
});
export type SubmitAttemptRequest = z.infer<typeof submitAttemptRequest>;

export const attemptResult = z.object({
  attempt_id: z.number(),
  /** The answers came after the time limit (and its grace): not accepted, the attempt closed at the deadline. */
  timed_out: z.boolean(),
  score_percent: z.number(),
  passed: z.boolean(),
  pass_percent: z.number(),
  correct_count: z.number(),
  question_count: z.number(),
  attempts_left: z.number(),
  next_attempt_at: z.string().nullable(),
  questions: z.array(
    shownQuestion.extend({
      chosen: z.array(z.number()),
      correct: z.array(z.number()),
      right: z.boolean(),
      explanation: z.string(),
    }),
  ),
});
export type AttemptResult = z.infer<typeof attemptResult>;

/** Members per page of a check's results. */
export const CHECK_RESULTS_PAGE = 50;

export const checkResultsQuery = z.object({
  skip: z.coerce.number().int().min(0).max(1_000_000).default(0),
  take: z.coerce.number().int().min(1).max(100).default(CHECK_RESULTS_PAGE),
});

/**
 * A check's results as the organization's super user reads them: how many members took it and passed, which
 * questions trip people up (over every submitted attempt, scored as it was shown), and each member's standing (a
 * page at a time, those still without a pass first).
 */
export const checkResultsData = z.object({
  /** The video whose check this is; null for a category's check (then `category_id`). */
  video_id: z.number().nullable(),
  category_id: z.number().nullable(),
  /** The title of what the check follows: the video's, or the category's name. */
  video_title: z.string(),
  check: checkSettings.nullable(),
  summary: z.object({ members_attempted: z.number(), members_passed: z.number(), attempts: z.number() }),
  /** Hardest first: the lowest share of right answers. */
  questions: z.array(z.object({ id: z.number(), prompt: z.string(), asked: z.number(), right: z.number(), right_percent: z.number() })),
  members: z.array(
    z.object({
      user_id: z.number(),
      name: z.string(),
      team: z.string().nullable(),
      attempts: z.number(),
      best_percent: z.number(),
      passed: z.boolean(),
      /** The latest submission (ISO). */
      last_submitted_at: z.string(),
    }),
  ),
  /** Members who submitted at least one attempt, all pages together. */
  total: z.number(),
  skip: z.number(),
  take: z.number(),
});
export type CheckResultsData = z.infer<typeof checkResultsData>;
