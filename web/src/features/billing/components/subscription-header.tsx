import { Badge, Group, Text } from '@mantine/core';
import type { SubscriptionRecord } from '@mm/contract';

/** A subscription that still gives access: in its trial, paid, or paid late and not yet cancelled. */
export const isRunning = (status: SubscriptionRecord['status']): boolean => status === 'trialing' || status === 'active' || status === 'past_due';

export const STATUS_LABEL: Record<SubscriptionRecord['status'], string> = {
  trialing: 'Free trial',
  active: 'Active',
  past_due: 'Payment overdue',
  cancelled: 'Cancelled',
  expired: 'Expired',
};

type SubscriptionHeaderProps = { title: string; status: SubscriptionRecord['status'] };

/** The head of the /plans/me card, the super user's summary and a member's read-only plan alike: plan title and status. */
export function SubscriptionHeader({ title, status }: SubscriptionHeaderProps) {
  return (
    <Group justify="space-between">
      <Text fw={700} fz="lg">
        {title}
      </Text>
      <Badge color={isRunning(status) ? 'teal.9' : 'gray.7'}>{STATUS_LABEL[status]}</Badge>
    </Group>
  );
}
