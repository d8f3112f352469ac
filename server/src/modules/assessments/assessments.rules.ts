import { type QuestionKind, TRUE_FALSE_OPTIONS } from '@mm/contract';

/** A question of the bank, as stored (`images`: a picture question's pictures, one per option; empty otherwise). */
export type BankEntry = { id: number; kind: QuestionKind; prompt: string; options: string[]; images: string[]; correct: number[]; explanation: string };

/** An option as an attempt shows it: its id (its place in the bank), its text (a picture's alt text) and its picture. */
export type ShownOption = { id: number; text: string; image?: string };

/** A question as an attempt showed it: its options in the order shown (ids are their places in the bank), and what scored it. */
export type ShownEntry = {
  id: number;
  kind: QuestionKind;
  prompt: string;
  options: ShownOption[];
  correct: number[];
  explanation: string;
};

export type DrawSettings = { question_count: number; shuffle: boolean };

/** The options a question offers: a true/false question always True and False. */
export const optionsOf = (kind: QuestionKind, options: string[]): string[] => (kind === 'true_false' ? [...TRUE_FALSE_OPTIONS] : options);

function shuffled<T>(items: T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/**
 * The steps of an ordering question as shown: always mixed (the author writes them in the right order, so showing
 * that order would give the answer away), and never in the right order when there is another.
 */
function mixedSteps<T extends { id: number }>(steps: T[], random: () => number): T[] {
  const out = shuffled(steps, random);
  const inOrder = out.every((s, i) => s.id === i);
  return inOrder && out.length > 1 ? [...out.slice(1), out[0] as T] : out;
}

/**
 * The questions an attempt shows: `question_count` of the bank (all of it when smaller); shuffled, a random draw with
 * the options shuffled too (true/false keeps True before False); otherwise the first ones in the bank's order. The
 * steps of an ordering question are mixed either way.
 */
export function drawQuestions(bank: BankEntry[], settings: DrawSettings, random: () => number = Math.random): ShownEntry[] {
  const picked = settings.shuffle ? shuffled(bank, random).slice(0, settings.question_count) : bank.slice(0, settings.question_count);
  return picked.map((q) => {
    const options: ShownOption[] = optionsOf(q.kind, q.options).map((text, id) =>
      q.kind === 'picture' ? { id, text, image: q.images[id] ?? '' } : { id, text },
    );
    return {
      id: q.id,
      kind: q.kind,
      prompt: q.prompt,
      options: q.kind === 'ordering' ? mixedSteps(options, random) : settings.shuffle && q.kind !== 'true_false' ? shuffled(options, random) : options,
      correct: q.kind === 'ordering' ? [...q.correct] : [...q.correct].sort((a, b) => a - b),
      explanation: q.explanation,
    };
  });
}

export type ScoredQuestion = ShownEntry & { chosen: number[]; right: boolean };
export type Score = { questions: ScoredQuestion[]; correctCount: number; scorePercent: number; passed: boolean };

/**
 * What a member chose of a question, as scored: the options it offers, each once; in the member's order for an
 * ordering question, sorted otherwise.
 */
function chosenOf(q: ShownEntry, choices: number[] | undefined): number[] {
  const offered = new Set(q.options.map((o) => o.id));
  const kept = [...new Set(choices ?? [])].filter((c) => offered.has(c));
  return q.kind === 'ordering' ? kept : kept.sort((a, b) => a - b);
}

/**
 * Scores answers against the questions as shown: a question is right when the choices are exactly its correct
 * options (all of them for a multiple-choice question, none extra), and an ordering question when every step is in
 * its right place; an unanswered question is wrong. The score is the share of right questions in whole percent,
 * rounded down, and passes at the pass mark or above.
 */
export function scoreAttempt(shown: ShownEntry[], answers: { question_id: number; choices: number[] }[], passPercent: number): Score {
  const byQuestion = new Map<number, number[]>();
  for (const a of answers) if (!byQuestion.has(a.question_id)) byQuestion.set(a.question_id, a.choices);
  const questions = shown.map((q) => {
    const chosen = chosenOf(q, byQuestion.get(q.id));
    const right = chosen.length === q.correct.length && chosen.every((c, i) => c === q.correct[i]);
    return { ...q, chosen, right };
  });
  const correctCount = questions.filter((q) => q.right).length;
  const scorePercent = questions.length ? Math.floor((100 * correctCount) / questions.length) : 0;
  return { questions, correctCount, scorePercent, passed: scorePercent >= passPercent };
}

export type AttemptTimes = { started_at: number; submitted_at: number | null };

/** Answers are still taken this long after an attempt's deadline: the trip from a slow phone on the shop floor. */
export const DEADLINE_GRACE_MS = 15_000;

/** Whether an attempt's answers come too late: after its deadline and the grace (never without a deadline). */
export const pastDeadline = (deadlineAt: number | null, t: number): boolean => deadlineAt !== null && t > deadlineAt + DEADLINE_GRACE_MS;

/**
 * The attempts as they stand at `t`: an open attempt whose time ran out (deadline and grace) counts as submitted at
 * its deadline, so the cool-down runs from there and it is no longer resumed.
 */
export function attemptsAt<A extends AttemptTimes & { deadline_at: number | null }>(attempts: A[], t: number): A[] {
  return attempts.map((a) => (a.submitted_at === null && pastDeadline(a.deadline_at, t) ? { ...a, submitted_at: a.deadline_at } : a));
}

/**
 * When the member may start the next attempt: null when they may now; 'never' when no attempt is left. The
 * cool-down runs from the last submitted attempt.
 */
export function nextAttemptAt(attempts: AttemptTimes[], rules: { attempts_allowed: number; cooldown_seconds: number }, now: number): number | 'never' | null {
  if (attempts.length >= rules.attempts_allowed) return 'never';
  const last = Math.max(0, ...attempts.map((a) => a.submitted_at ?? 0));
  const at = last + rules.cooldown_seconds * 1000;
  return last > 0 && at > now ? at : null;
}

export type QuestionFigures = { id: number; prompt: string; asked: number; right: number; right_percent: number };

/**
 * Which questions trip people up: from how often each question was asked and answered right over the submitted
 * attempts (each scored as it was shown), the hardest first (lowest share right, then the most asked), in whole
 * percent rounded down.
 */
export function questionFigures(counts: { id: number; prompt: string; asked: number; right: number }[]): QuestionFigures[] {
  return counts
    .map((f) => ({ ...f, right_percent: Math.floor((100 * f.right) / f.asked) }))
    .sort((a, b) => a.right_percent - b.right_percent || b.asked - a.asked || a.id - b.id);
}
