import { Badge } from '@mantine/core';
import { QUALIFICATION_STATE_LABELS, type QualificationState } from '@mm/contract';

/** Dark shades on light badges: the state reads at the contrast axe asks for, and never by colour alone. */
const COLORS: Record<QualificationState, string> = {
  qualified: 'green.9',
  expiring: 'yellow.9',
  awaiting_signoff: 'orange.9',
  in_training: 'blue.9',
  not_started: 'gray.8',
  expired: 'red.9',
  retraining_due: 'red.9',
};

export function StateBadge({ state }: { state: QualificationState }) {
  return (
    <Badge color={COLORS[state]} variant="light" radius="sm" style={{ textTransform: 'none' }}>
      {QUALIFICATION_STATE_LABELS[state]}
    </Badge>
  );
}

const DAY = 86_400_000;

/** "Overdue", "Due today", "Due in 5 days": what is left before the due date, for people not cleared yet. */
export function dueText(dueAt: string | null, state: QualificationState, now = Date.now()): string | null {
  if (dueAt === null || state === 'qualified' || state === 'expiring') return null;
  const days = Math.ceil((Date.parse(dueAt) - now) / DAY);
  if (days < 0) return 'Overdue';
  if (days === 0) return 'Due today';
  return days === 1 ? 'Due in 1 day' : `Due in ${days} days`;
}
