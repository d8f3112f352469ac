import { AsyncLocalStorage } from 'node:async_hooks';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

const setClock = new AsyncLocalStorage<number>();

/** The current time in ms; inside `atMoment` the moment given there. */
export const now = (): number => setClock.getStore() ?? Date.now();

/**
 * Runs `work` with `now()` answering `at` throughout (its awaits included): the demo seed replays months of
 * history through the same services as live requests, so every date they write is the date it happened.
 */
export const atMoment = <T>(at: number, work: () => Promise<T>): Promise<T> => setClock.run(at, work);
export const toIso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day ('YYYY-MM-DD') of `ms` in a time zone; UTC when the zone is unknown or missing. */
export function dayIn(ms: number, timeZone: string | null): string {
  const zone = timeZone || 'UTC';
  let format = dayFormats.get(zone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });
    } catch {
      return dayIn(ms, 'UTC');
    }
    if (dayFormats.size < 1000) dayFormats.set(zone, format);
  }
  return format.format(ms);
}
