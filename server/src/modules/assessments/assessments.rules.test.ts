import { describe, expect, it } from 'vitest';
import { attemptsAt, type BankEntry, DEADLINE_GRACE_MS, drawQuestions, nextAttemptAt, pastDeadline, scoreAttempt } from './assessments.rules.ts';

const bank: BankEntry[] = [
  { id: 1, kind: 'single', prompt: 'A?', options: ['a', 'b', 'c'], images: [], correct: [1], explanation: 'b' },
  { id: 2, kind: 'multiple', prompt: 'B?', options: ['a', 'b', 'c'], images: [], correct: [2, 0], explanation: 'a and c' },
  { id: 3, kind: 'true_false', prompt: 'C?', options: [], images: [], correct: [0], explanation: 'true' },
];

describe('assessment rules', () => {
  it('draws the first questions in order without shuffle, and a random subset with every option when shuffled', () => {
    expect(drawQuestions(bank, { question_count: 2, shuffle: false }).map((q) => q.id)).toEqual([1, 2]);
    const tf = drawQuestions(bank, { question_count: 5, shuffle: false })[2];
    expect(tf?.options).toEqual([
      { id: 0, text: 'True' },
      { id: 1, text: 'False' },
    ]);
    let seed = 7;
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    const drawn = drawQuestions(bank, { question_count: 2, shuffle: true }, random);
    expect(drawn).toHaveLength(2);
    for (const q of drawn) expect(q.options.map((o) => o.id).sort()).toEqual(q.kind === 'true_false' ? [0, 1] : [0, 1, 2]);
  });

  it('scores a question right only on exactly its correct options, rounding the percent down', () => {
    const shown = drawQuestions(bank, { question_count: 3, shuffle: false });
    const all = scoreAttempt(
      shown,
      [
        { question_id: 1, choices: [1] },
        { question_id: 2, choices: [0, 2] },
        { question_id: 3, choices: [0] },
      ],
      100,
    );
    expect(all).toMatchObject({ correctCount: 3, scorePercent: 100, passed: true });
    const partial = scoreAttempt(
      shown,
      [
        { question_id: 1, choices: [1] },
        { question_id: 2, choices: [0] },
        { question_id: 3, choices: [0, 1] },
      ],
      34,
    );
    expect(partial).toMatchObject({ correctCount: 1, scorePercent: 33, passed: false });
    expect(scoreAttempt(shown, [], 1)).toMatchObject({ correctCount: 0, scorePercent: 0, passed: false });
  });

  it('says when the next attempt may start', () => {
    const rules = { attempts_allowed: 2, cooldown_seconds: 60 };
    expect(nextAttemptAt([], rules, 1000)).toBeNull();
    expect(nextAttemptAt([{ started_at: 0, submitted_at: 1000 }], rules, 2000)).toBe(61_000);
    expect(nextAttemptAt([{ started_at: 0, submitted_at: 1000 }], rules, 61_000)).toBeNull();
    expect(
      nextAttemptAt(
        [
          { started_at: 0, submitted_at: 1000 },
          { started_at: 0, submitted_at: 2000 },
        ],
        rules,
        9e9,
      ),
    ).toBe('never');
  });

  it('mixes the steps of an ordering question always, never in the right order, and scores it right only in exactly that order', () => {
    const steps: BankEntry = {
      id: 9,
      kind: 'ordering',
      prompt: 'Order',
      options: ['one', 'two', 'three', 'four'],
      images: [],
      correct: [0, 1, 2, 3],
      explanation: 'why',
    };
    for (const shuffle of [false, true]) {
      for (let i = 0; i < 50; i++) {
        const [q] = drawQuestions([steps], { question_count: 1, shuffle });
        expect(q?.options.map((o) => o.id)).not.toEqual([0, 1, 2, 3]);
        expect(q?.options.map((o) => o.id).sort()).toEqual([0, 1, 2, 3]);
        expect(q?.correct).toEqual([0, 1, 2, 3]);
      }
    }
    // Even a random that leaves everything in place: the steps are moved.
    expect(drawQuestions([steps], { question_count: 1, shuffle: false }, () => 0.999)[0]?.options.map((o) => o.id)).not.toEqual([0, 1, 2, 3]);
    const shown = drawQuestions([steps], { question_count: 1, shuffle: false });
    const score = (choices: number[]) => scoreAttempt(shown, [{ question_id: 9, choices }], 100);
    expect(score([0, 1, 2, 3])).toMatchObject({ correctCount: 1, passed: true });
    expect(score([0, 1, 3, 2]).correctCount).toBe(0);
    expect(score([1, 0, 2, 3]).correctCount).toBe(0);
    expect(score([0, 1, 2]).correctCount).toBe(0);
    expect(score([0, 1, 2, 3, 3]).questions[0]?.chosen).toEqual([0, 1, 2, 3]);
    expect(score([3, 2, 1, 0]).questions[0]?.chosen).toEqual([3, 2, 1, 0]);
    expect(score([]).correctCount).toBe(0);
  });

  it('takes answers until the deadline and its grace, and counts a timed-out open attempt as submitted at its deadline', () => {
    expect(pastDeadline(null, 9e12)).toBe(false);
    expect(pastDeadline(1000, 1000 + DEADLINE_GRACE_MS)).toBe(false);
    expect(pastDeadline(1000, 1001 + DEADLINE_GRACE_MS)).toBe(true);
    const open = { started_at: 0, submitted_at: null, deadline_at: 1000 };
    expect(attemptsAt([open], 1000)).toEqual([open]);
    expect(attemptsAt([open], 1001 + DEADLINE_GRACE_MS)).toEqual([{ ...open, submitted_at: 1000 }]);
    expect(attemptsAt([{ ...open, deadline_at: null }], 9e12)[0]?.submitted_at).toBeNull();
  });
});
