import { AsyncLocalStorage } from 'node:async_hooks';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

const setClock = new AsyncLocalStorage<number>();

/** The current time in ms; inside `atMoment` the moment given there. */
export const now = (): number => setClock.getStore() ?? Date.now();

let momentsRunning = 0;

/**
 * Runs `work` with `now()` answering `at` throughout (its awaits included): the demo seed replays months of
 * history through the same services as live requests, so every date they write is the date it happened.
 * The store is disabled again once no moment runs: while one is enabled, Node 20 runs a hook on every promise
 * the server makes, a tenth of a member call's time after the seed had long finished.
 */
export async function atMoment<T>(at: number, work: () => Promise<T>): Promise<T> {
  momentsRunning++;
  try {
    return await setClock.run(at, work);
  } finally {
    if (--momentsRunning === 0) setClock.disable();
  }
}
export const toIso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

const formats = new Map<string, Intl.DateTimeFormat>();

/** A cached formatter for the zone; UTC's when the zone is unknown or missing. */
function zoneFormat(kind: 'day' | 'hour', timeZone: string | null): Intl.DateTimeFormat {
  const zone = timeZone || 'UTC';
  const key = `${kind} ${zone}`;
  let format = formats.get(key);
  if (!format) {
    const options: Intl.DateTimeFormatOptions = kind === 'day' ? { year: 'numeric', month: '2-digit', day: '2-digit' } : { hour: '2-digit', hourCycle: 'h23' };
    try {
      format = new Intl.DateTimeFormat(kind === 'day' ? 'en-CA' : 'en-GB', { ...options, timeZone: zone });
    } catch {
      return zoneFormat(kind, 'UTC');
    }
    if (formats.size < 2000) formats.set(key, format);
  }
  return format;
}

/** The calendar day ('YYYY-MM-DD') of `ms` in a time zone; UTC when the zone is unknown or missing. */
export const dayIn = (ms: number, timeZone: string | null): string => zoneFormat('day', timeZone).format(ms);

/** The hour of the day (0-23) of `ms` in a time zone; UTC when the zone is unknown or missing. */
export const hourIn = (ms: number, timeZone: string | null): number => Number(zoneFormat('hour', timeZone).format(ms));

/**
 * A number on two digits ('07'). At module level: a closure made per call is named per call by the TypeScript runner
 * (tsx keeps function names), which cost 8% of a home's time when the cards' durations each made one.
 */
export const twoDigits = (n: number): string => String(n).padStart(2, '0');

/** The platform's one written date form (dd/mm/yyyy, UTC), as the web app shows dates. */
export function formatDay(ms: number): string {
  const d = new Date(ms);
  return `${twoDigits(d.getUTCDate())}/${twoDigits(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}`;
}

/** The ISO week of a moment (UTC, weeks start on Monday), e.g. 2026-W48: the key of weekly work. */
export function isoWeek(t: number): string {
  const d = new Date(t);
  const day = (d.getUTCDay() + 6) % 7;
  const thursday = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - day + 3);
  const year = new Date(thursday).getUTCFullYear();
  const week = Math.floor((thursday - Date.UTC(year, 0, 1)) / (7 * DAY)) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}
