/** Whether a caption track's language (a BCP 47 tag: `es`, `pt-BR`) is the member's language (`es`, `en`). */
export const inLanguage = (trackLang: string, language: string): boolean => trackLang === language || trackLang.startsWith(`${language}-`);

/** A transcript moment: the lesson and the whole second a result links to (`/video/{id}?t=SECONDS`). */
export type Moment = { video_id: number; start_ms: number; lang: string };

const momentKey = (m: Moment) => `${m.video_id}:${Math.floor(m.start_ms / 1000)}`;

/**
 * The cues (best first) as moments, each lesson's second once: the member's language first, then the others, each in
 * the given order; of a moment found in several tracks (a draft keeps the English words Apertium does not know), the
 * one in the member's language, else the best. search.queries.ts's `searchCues` answers the same in SQL.
 */
export function oneMomentEach<T extends Moment>(cues: T[], language: string): T[] {
  const ordered = [...cues.filter((c) => inLanguage(c.lang, language)), ...cues.filter((c) => !inLanguage(c.lang, language))];
  const seen = new Set<string>();
  return ordered.filter((c) => {
    const key = momentKey(c);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
