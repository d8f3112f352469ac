import { Badge } from '@mantine/core';
import { QUALIFICATION_STATE_LABELS, type QualificationState } from '@mm/contract';

/** Dot badges: dark text on white reads at the contrast axe asks for, the dot's colour adds to the words. */
const COLORS: Record<QualificationState, string> = {
  qualified: 'green.7',
  expiring: 'yellow.6',
  awaiting_signoff: 'orange.6',
  in_training: 'blue.6',
  not_started: 'gray.5',
  expired: 'red.7',
  retraining_due: 'red.7',
};

export function StateBadge({ state }: { state: QualificationState }) {
  return (
    <Badge color={COLORS[state]} variant="dot" size="md" c="dark.8" style={{ textTransform: 'none' }}>
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
