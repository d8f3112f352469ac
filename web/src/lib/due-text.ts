import type { QualificationState } from '@mm/contract';
import type { TFunction } from 'i18next';

const DAY = 86_400_000;

/** Whether the due date has passed (the moment itself, not a day later). */
export function isOverdue(dueAt: string | null, now = Date.now()): boolean {
  return dueAt !== null && Date.parse(dueAt) - now < 0;
}

/**
 * "Overdue", "Due today", "Due in 5 days" (common's `due`, in the reader's language): what is left before the due
 * date, for people not cleared yet.
 */
export function dueText(dueAt: string | null, state: QualificationState, t: TFunction<'common'>, now = Date.now()): string | null {
  if (dueAt === null || state === 'qualified' || state === 'expiring') return null;
  if (isOverdue(dueAt, now)) return t('due.overdue');
  const days = Math.ceil((Date.parse(dueAt) - now) / DAY);
  if (days === 0) return t('due.today');
  return t('due.inDays', { count: days });
}
