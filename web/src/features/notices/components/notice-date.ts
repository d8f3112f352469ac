import { formatDate, formatDateTime } from '../../../lib/date.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * "just now", "5 minutes ago", "yesterday" within a week (Intl, in `locale`); after that the pt-BR date (dd/mm/yyyy),
 * like the app's other dates.
 */
export function noticeDate(iso: string, { justNow, locale, now: nowMs = Date.now() }: { justNow: string; locale: string; now?: number }): string {
  const relative = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  const at = new Date(iso).getTime();
  const ago = Math.max(0, nowMs - at);
  if (ago < MINUTE) return justNow;
  if (ago < HOUR) return relative.format(-Math.floor(ago / MINUTE), 'minute');
  if (ago < DAY) return relative.format(-Math.floor(ago / HOUR), 'hour');
  if (ago < 7 * DAY) return relative.format(-Math.floor(ago / DAY), 'day');
  return formatDate(at);
}

/** The exact moment, for the tooltip of the date. */
export const noticeDateTitle = (iso: string) => formatDateTime(iso);
