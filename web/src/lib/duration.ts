/**
 * Durations travel as "hh:mm:ss" (member spec, section 3). Totals are summed as hh:mm:ss and shown
 * from their first 9 characters; lists drop a leading "00" hour (section 9).
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** Seconds in an "hh:mm:ss" (or "mm:ss", or a number of seconds) value; 0 when unreadable. */
export function durationSeconds(value: string | number | null | undefined): number {
  if (typeof value === 'number') return Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
  if (!value) return 0;
  const parts = value.trim().split(':').map(Number);
  if (parts.length === 0 || parts.length > 3 || parts.some((p) => !Number.isFinite(p) || p < 0)) return 0;
  return Math.floor(parts.reduce((total, part) => total * 60 + part, 0));
}

/** "hh:mm:ss" for a number of seconds (hours are not wrapped at 24). */
function toHhMmSs(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  return `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor((seconds % 3600) / 60))}:${pad(seconds % 60)}`;
}

/**
 * The app's one duration format: "hh:mm:ss" from the first 9 characters of the value (a video's length, a category's
 * total); with `inList`, for the video cards of a list, a leading "00" hour is dropped ("00:04:05" reads "04:05").
 */
export function formatDuration(value: string | number | null | undefined, { inList = false }: { inList?: boolean } = {}): string {
  const text = toHhMmSs(durationSeconds(value)).slice(0, 9);
  return inList && text.startsWith('00:') ? text.slice(3) : text;
}

type DurationUnit = 'hour' | 'minute' | 'second';
const unitFormats = new Map<string, Intl.NumberFormat>();

/**
 * One formatter per language and unit, made once: every video card speaks its length, and building an
 * Intl.NumberFormat costs far more than formatting with one (a list of cards built hundreds).
 */
function unitFormat(locale: string, unit: DurationUnit): Intl.NumberFormat {
  const key = `${locale}|${unit}`;
  let format = unitFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' });
    unitFormats.set(key, format);
  }
  return format;
}

/** A duration spoken in words in the given language, for screen readers and titles ("1 hour 4 minutes 5 seconds"). */
export function describeDuration(value: string | number | null | undefined, locale = 'en'): string {
  const seconds = durationSeconds(value);
  const units: Array<[number, DurationUnit]> = [
    [Math.floor(seconds / 3600), 'hour'],
    [Math.floor((seconds % 3600) / 60), 'minute'],
    [seconds % 60, 'second'],
  ];
  const spoken = (n: number, unit: DurationUnit) => unitFormat(locale, unit).format(n);
  const words = units.filter(([n]) => n > 0).map(([n, unit]) => spoken(n, unit));
  return words.length > 0 ? words.join(' ') : spoken(0, 'second');
}
