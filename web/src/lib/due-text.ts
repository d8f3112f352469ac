import type { QualificationState } from '@mm/contract';
import { countOf } from '@mm/contract';

const DAY = 86_400_000;

/** "Overdue", "Due today", "Due in 5 days": what is left before the due date, for people not cleared yet. */
export function dueText(dueAt: string | null, state: QualificationState, now = Date.now()): string | null {
  if (dueAt === null || state === 'qualified' || state === 'expiring') return null;
  const left = Date.parse(dueAt) - now;
  if (left < 0) return 'Overdue';
  const days = Math.ceil(left / DAY);
  if (days === 0) return 'Due today';
  return `Due in ${countOf(days, 'day')}`;
}
