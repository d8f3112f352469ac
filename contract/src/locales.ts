/**
 * The languages the platform speaks (issue 40). Adding one: its folder of message files on both sides
 * (`web/src/locales/<code>/`, `server/locales/<code>/`) and its code and own name here.
 */
export const LOCALES = ['en', 'es'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';
/** Each language in its own words, as the switchers list them. */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', es: 'Español' };

export const isLocale = (value: unknown): value is Locale => typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

/**
 * The first supported language of an Accept-Language header or a list of browser languages ("es-MX,es;q=0.9,en;q=0.8"
 * → "es"), by weight then order; null when none is supported.
 */
export function pickLocale(tags: string | readonly string[] | null | undefined): Locale | null {
  if (!tags) return null;
  const entries = (typeof tags === 'string' ? tags.split(',') : [...tags])
    .map((entry, index) => {
      const [tag = '', ...params] = entry.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { base: tag.trim().toLowerCase().split('-')[0] ?? '', weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((e) => e.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  return entries.map((e) => e.base).find(isLocale) ?? null;
}
