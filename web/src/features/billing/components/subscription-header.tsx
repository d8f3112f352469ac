import { Badge, Group, Text } from '@mantine/core';
import type { SubscriptionRecord } from '@mm/contract';
import { useTranslation } from 'react-i18next';

/** A subscription that still gives access: in its trial, paid, or paid late and not yet cancelled. */
export const isRunning = (status: SubscriptionRecord['status']): boolean => status === 'trialing' || status === 'active' || status === 'past_due';

type SubscriptionHeaderProps = { title: string; status: SubscriptionRecord['status'] };

/** The head of the /plans/me card, the super user's summary and a member's read-only plan alike: plan title and status. */
export function SubscriptionHeader({ title, status }: SubscriptionHeaderProps) {
  const { t } = useTranslation('billing');
  return (
    <Group justify="space-between">
      <Text fw={700} fz="lg" translate="no">
        {title}
      </Text>
      <Badge color={isRunning(status) ? 'teal.9' : 'gray.7'}>{t(`billing.status.${status}`)}</Badge>
    </Group>
  );
}
