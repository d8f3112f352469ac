import { Badge, Group, Text } from '@mantine/core';
import type { QualificationState, StationKind } from '@mm/contract';
import { useTranslation } from 'react-i18next';
import { dueText, isOverdue } from '../../../lib/due-text.ts';

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
  const { t } = useTranslation('qualifications');
  return (
    <Badge
      color={COLORS[state]}
      variant="dot"
      size="md"
      c="dark.8"
      // A state's words wrap in a narrow matrix column instead of being cut ("En espera de aprobación" is long).
      styles={{
        root: { textTransform: 'none', height: 'auto', minHeight: 'var(--badge-height)', maxWidth: '100%' },
        label: { whiteSpace: 'normal', overflow: 'visible' },
      }}
    >
      {t(`states.${state}`)}
    </Badge>
  );
}

/** The state, then how long is left before the due date when the person is not cleared yet. */
export function StateWithDue({ state, dueAt }: { state: QualificationState; dueAt: string | null }) {
  const { t } = useTranslation();
  const due = dueText(dueAt, state, t);
  return (
    <Group gap="xs">
      <StateBadge state={state} />
      {due && (
        <Text size="sm" fw={600} c={isOverdue(dueAt) ? 'red.9' : 'dark.6'}>
          {due}
        </Text>
      )}
    </Group>
  );
}

/** Marks required training apart from work stations wherever both are listed. */
export function KindTag({ kind }: { kind: StationKind }) {
  const { t } = useTranslation('qualifications');
  if (kind !== 'training') return null;
  return (
    <Badge variant="outline" color="indigo.8" size="sm" style={{ textTransform: 'none' }}>
      {t('requiredTraining')}
    </Badge>
  );
}
