import type { QuestionInput } from '@mm/contract';

/**
 * Draft questions from a lesson's transcript (issue 38), by rule, no model: cloze questions from its key sentences
 * (the sentences whose words the lesson repeats most, a key word blanked, the distractors other key words of the
 * lesson) and "which step comes next" from its ordered points (a run of sentences that start First, Then, Next,
 * Finally, Step 2...). They are drafts: an author reads, approves or removes each before any attempt may draw it.
 */

/** At most this many cloze and next-step drafts per request: a handful to review, not a wall. */
export const MAX_CLOZE = 5;
export const MAX_NEXT_STEP = 3;
const OPTIONS = 4;
const BLANK = '_____';

const STOP_WORDS = new Set(
  (
    'about above after again against also always because been before being below between both cannot could does doing down during each ' +
    'every from further have having here into just more most must never only other over same should some such than that their them ' +
    'then there these they this those through under until very what when where which while with would your yours will were make sure ' +
    'before after first second third next finally last lastly step ' +
    // Spanish, for a lesson captioned in Spanish.
    'como para pero porque sobre entre desde hasta donde cuando todo todos esta este estos estas tiene tienen debe deben puede pueden ' +
    'siempre nunca antes después luego primero segundo tercero siguiente finalmente paso también muy más menos cada otro otra'
  ).split(' '),
);

const TEMPLATES = {
  en: {
    nextStep: (step: string) => `Which step comes next after "${step}"?`,
    says: (sentence: string) => `The lesson says: "${sentence}"`,
    order: (steps: string[]) => `The lesson's order: ${steps.map((s, i) => `${i + 1}. ${s}`).join(' ')}`,
  },
  es: {
    nextStep: (step: string) => `¿Qué paso viene después de «${step}»?`,
    says: (sentence: string) => `La lección dice: «${sentence}»`,
    order: (steps: string[]) => `El orden de la lección: ${steps.map((s, i) => `${i + 1}. ${s}`).join(' ')}`,
  },
} as const;

/** Words that open an ordered point (the marker is dropped from the step as an option, so it does not give the order away). */
const STEP_MARKER =
  /^(?:(?:step|paso)\s+\d+\s*[:.,-]?|\d+[.)]|first(?:ly)?|second(?:ly)?|third(?:ly)?|fourth|fifth|next|then|after that|afterwards|finally|lastly|primero|segundo|tercero|cuarto|quinto|después|luego|a continuación|por último|finalmente)\b[\s,:.-]*/i;

/** The transcript as sentences: cue texts joined (a sentence often spans cues), sound tags and speaker names dropped. */
export function transcriptSentences(cueTexts: string[]): string[] {
  const text = cueTexts
    .map((c) => c.replace(/\[[^\]]*\]|\([^)]*\)|♪/g, ' ').replace(/^\s*[-–]?\s*[A-Z][A-Za-z]*:\s+/, ''))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
  return (text.match(/[^.!?]+[.!?]+|[^.!?]+$/g) ?? []).map((s) => s.trim()).filter((s) => s.length > 0);
}

const wordsOf = (sentence: string) => sentence.match(/[\p{L}\p{N}][\p{L}\p{N}'-]*/gu) ?? [];
const isKeyWord = (w: string) => w.length >= 4 && !STOP_WORDS.has(w.toLowerCase()) && !/^\d+$/.test(w);
const capitalized = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
/** A stable spread of the right answer's place over the options (a draft's place never depends on a random draw). */
const placeOf = (seed: string, n: number) => [...seed].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7) % n;

function withAnswerAt(right: string, distractors: string[], seed: string): { options: string[]; correct: number[] } {
  const options = distractors.slice(0, OPTIONS - 1);
  const at = placeOf(seed, options.length + 1);
  options.splice(at, 0, right);
  return { options, correct: [at] };
}

/** Cloze questions from the key sentences: each a sentence of 6 to 30 words, its strongest key word blanked. */
export function clozeDrafts(sentences: string[], lang: keyof typeof TEMPLATES = 'en'): QuestionInput[] {
  const counts = new Map<string, number>();
  // A word as an option: in lower case, unless the lesson always capitalizes it (a name, LOTO), so no option's case
  // gives it away.
  const shapes = new Map<string, string>();
  for (const s of sentences) {
    for (const w of wordsOf(s).filter(isKeyWord)) {
      const key = w.toLowerCase();
      counts.set(key, (counts.get(key) ?? 0) + 1);
      const capital = /^\p{Lu}/u.test(w);
      if (!shapes.has(key)) shapes.set(key, capital ? w : key);
      else if (!capital) shapes.set(key, key);
    }
  }
  const weight = (w: string) => counts.get(w.toLowerCase()) ?? 0;
  const ranked = sentences
    .map((s, index) => {
      const words = wordsOf(s);
      const keys = words.filter(isKeyWord);
      return { s, index, words, keys, score: keys.reduce((n, w) => n + weight(w), 0) / Math.max(1, Math.sqrt(words.length)) };
    })
    .filter((r) => r.words.length >= 6 && r.words.length <= 30 && r.s.length <= 480 && r.keys.some((w) => weight(w) >= 2))
    .sort((a, b) => b.score - a.score || a.index - b.index);
  const vocabulary = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([w]) => w);
  const drafts: { index: number; q: QuestionInput }[] = [];
  const blanked = new Set<string>();
  for (const r of ranked) {
    if (drafts.length >= MAX_CLOZE) break;
    // The strongest key word not yet blanked elsewhere (ties: the longer), so the drafts ask different things.
    const answer = [...r.keys].filter((w) => !blanked.has(w.toLowerCase())).sort((a, b) => weight(b) - weight(a) || b.length - a.length)[0];
    if (!answer || weight(answer) < 2) continue;
    const inSentence = new Set(r.words.map((w) => w.toLowerCase()));
    // Distractors: the lesson's other key words, closest in length first (a blank's length says little then).
    const distractors = vocabulary
      .filter((w) => !inSentence.has(w) && w !== answer.toLowerCase())
      .slice(0, 12)
      .sort((a, b) => Math.abs(a.length - answer.length) - Math.abs(b.length - answer.length) || weight(b) - weight(a))
      .slice(0, OPTIONS - 1)
      .map((w) => shapes.get(w) ?? w);
    if (distractors.length < 2) continue;
    blanked.add(answer.toLowerCase());
    const prompt = r.s.replace(new RegExp(`(?<![\\p{L}\\p{N}])${answer}(?![\\p{L}\\p{N}])`, 'u'), BLANK);
    drafts.push({
      index: r.index,
      q: {
        kind: 'single',
        prompt,
        ...withAnswerAt(shapes.get(answer.toLowerCase()) ?? answer, distractors, r.s),
        images: [],
        explanation: TEMPLATES[lang].says(r.s),
      },
    });
  }
  // In the lesson's order, as a person would meet them.
  return drafts.sort((a, b) => a.index - b.index).map((d) => d.q);
}

/** The transcript's runs of ordered points: three or more sentences in a row, each opening with a step marker. */
export function orderedRuns(sentences: string[]): string[][] {
  const runs: string[][] = [];
  let run: string[] = [];
  const close = () => {
    if (run.length >= 3) runs.push(run);
    run = [];
  };
  for (const s of sentences) {
    const marker = s.match(STEP_MARKER);
    if (!marker) {
      close();
      continue;
    }
    const step = capitalized(
      s
        .slice(marker[0].length)
        .trim()
        .replace(/[.!?]+$/, ''),
    );
    if (step.length < 3 || step.length > 200) close();
    else run.push(step);
  }
  close();
  return runs;
}

/** "Which step comes next" from each run of ordered points: a step's successor among the run's other steps. */
export function nextStepDrafts(sentences: string[], lang: keyof typeof TEMPLATES = 'en'): QuestionInput[] {
  const drafts: QuestionInput[] = [];
  for (const run of orderedRuns(sentences)) {
    for (let i = 0; i < run.length - 1 && drafts.length < MAX_NEXT_STEP; i++) {
      const step = run[i] as string;
      const next = run[i + 1] as string;
      // The steps after the next one first (the likeliest confusion), then the earlier ones.
      const others = [...run.slice(i + 2), ...run.slice(0, i)];
      if (others.length < 1) continue;
      drafts.push({
        kind: 'single',
        prompt: TEMPLATES[lang].nextStep(step).slice(0, 500),
        ...withAnswerAt(next, others, step),
        images: [],
        explanation: TEMPLATES[lang].order(run).slice(0, 1000),
      });
    }
  }
  return drafts;
}

/** Every draft the transcript gives, those already in the bank (the same prompt) left out: drafting twice adds nothing. */
export function draftQuestions(cueTexts: string[], lang: string, existingPrompts: string[]): QuestionInput[] {
  const templates = lang.toLowerCase().startsWith('es') ? 'es' : 'en';
  const sentences = transcriptSentences(cueTexts);
  const seen = new Set(existingPrompts.map((p) => p.trim().toLowerCase()));
  return [...clozeDrafts(sentences, templates), ...nextStepDrafts(sentences, templates)].filter((q) => {
    const key = q.prompt.trim().toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
