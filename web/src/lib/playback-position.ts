import type { TFunction } from 'i18next';

/**
 * Seconds into a video as people read them, and the `?t=` start second of /video/{id} links (search
 * results, resume links). Shared by the search results and the player.
 */

/** "2:31", "12:05", "1:02:03". */
export function formatClock(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const seconds = String(s % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/** 'Continue from 2:31' for a resume position (`t`: the active language's, common namespace); null when the video starts from the beginning. */
export const continueLabel = (resumeSeconds: number, t: TFunction): string | null =>
  resumeSeconds > 0 ? t('common:resume', { time: formatClock(resumeSeconds) }) : null;

/** The start second asked by `?t=` (whole seconds, digits only); null when absent or malformed. */
export function startSecondOf(search: URLSearchParams): number | null {
  const t = search.get('t');
  if (t === null || !/^\d{1,6}$/.test(t)) return null;
  return Number(t);
}
