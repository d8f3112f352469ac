/**
 * The app's one date format: dd/mm/yyyy, the pt-BR format the spec gives the alerts, and dd/mm/yyyy hh:mm with a
 * time. Dates read in the viewer's time zone, except where every viewer must read the same day (`utc`).
 */
const parts = { day: '2-digit', month: '2-digit', year: 'numeric' } as const;
const localDate = new Intl.DateTimeFormat('pt-BR', parts);
const utcDate = new Intl.DateTimeFormat('pt-BR', { ...parts, timeZone: 'UTC' });
const localDateTime = new Intl.DateTimeFormat('pt-BR', { ...parts, hour: '2-digit', minute: '2-digit' });

function toDate(value: string | number | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "05/03/2026"; empty for an unreadable value. */
export function formatDate(value: string | number | Date, { utc = false }: { utc?: boolean } = {}): string {
  const date = toDate(value);
  return date ? (utc ? utcDate : localDate).format(date) : '';
}

/** "05/03/2026 14:07"; empty for an unreadable value. */
export function formatDateTime(value: string | number | Date): string {
  const date = toDate(value);
  return date ? localDateTime.format(date).replace(',', '') : '';
}
