import { questionInput } from '@mm/contract';
import { describe, expect, it } from 'vitest';
import { clozeDrafts, draftQuestions, nextStepDrafts, orderedRuns, transcriptSentences } from './question-drafts.rules.ts';

const CUES = [
  '[music] Lockout protects you from stored energy.',
  'Every machine holds energy in springs, hydraulic lines',
  'and capacitors. A lockout starts with the energy sources.',
  'First, tell everyone in the area about the lockout.',
  'Then, switch the machine off at its controls.',
  'Next, isolate every energy source.',
  'Finally, place your own lock and tag on each isolation point.',
  'Only the person who placed a lock may remove the lock.',
  'Test the machine: stored energy must be zero before you work.',
];

describe('questions drafted from a transcript', () => {
  it('reads sentences across cues, without sound tags', () => {
    const sentences = transcriptSentences(CUES);
    expect(sentences[0]).toBe('Lockout protects you from stored energy.');
    expect(sentences[1]).toBe('Every machine holds energy in springs, hydraulic lines and capacitors.');
  });

  it('makes cloze questions from key sentences: a repeated key word blanked, the other options key words of the lesson', () => {
    const drafts = clozeDrafts(transcriptSentences(CUES));
    expect(drafts.length).toBeGreaterThanOrEqual(2);
    for (const q of drafts) {
      expect(q.prompt).toContain('_____');
      expect(q.kind).toBe('single');
      expect(q.correct).toHaveLength(1);
      expect(q.options.length).toBeGreaterThanOrEqual(3);
      expect(new Set(q.options.map((o) => o.toLowerCase())).size).toBe(q.options.length);
      // The blank filled with the right option is the lesson's sentence, which the explanation quotes.
      const filled = q.prompt.replace('_____', q.options[q.correct[0] as number] as string);
      expect(q.explanation.toLowerCase()).toContain(filled.toLowerCase());
      expect(questionInput.safeParse(q).success).toBe(true);
    }
    // Each draft blanks a different word.
    const answers = drafts.map((q) => (q.options[q.correct[0] as number] as string).toLowerCase());
    expect(new Set(answers).size).toBe(answers.length);
  });

  it('makes "which step comes next" from ordered points, the step markers left out of the options', () => {
    const sentences = transcriptSentences(CUES);
    expect(orderedRuns(sentences)).toEqual([
      [
        'Tell everyone in the area about the lockout',
        'Switch the machine off at its controls',
        'Isolate every energy source',
        'Place your own lock and tag on each isolation point',
      ],
    ]);
    const drafts = nextStepDrafts(sentences);
    expect(drafts).toHaveLength(3);
    expect(drafts[0]).toMatchObject({ kind: 'single', prompt: 'Which step comes next after "Tell everyone in the area about the lockout"?' });
    expect(drafts[0]?.options[drafts[0]?.correct[0] as number]).toBe('Switch the machine off at its controls');
    expect(drafts[0]?.options).not.toContain('Tell everyone in the area about the lockout');
    expect(drafts[2]?.options[drafts[2]?.correct[0] as number]).toBe('Place your own lock and tag on each isolation point');
    for (const q of drafts) expect(questionInput.safeParse(q).success).toBe(true);
    // Without three ordered points in a row there is no such question.
    expect(nextStepDrafts(transcriptSentences(['First, stop.', 'The sky is blue.', 'Then, go.']))).toEqual([]);
  });

  it("writes a Spanish lesson's frame in Spanish, and leaves out what the bank already holds", () => {
    const es = draftQuestions(['Primero, detenga la máquina.', 'Luego, aísle la energía.', 'Después, coloque su candado.'], 'es', []);
    expect(es.map((q) => q.prompt)).toContain('¿Qué paso viene después de «Detenga la máquina»?');
    const all = draftQuestions(CUES, 'en', []);
    const again = draftQuestions(
      CUES,
      'en',
      all.map((q) => q.prompt),
    );
    expect(again).toEqual([]);
    expect(draftQuestions([], 'en', [])).toEqual([]);
  });
});
