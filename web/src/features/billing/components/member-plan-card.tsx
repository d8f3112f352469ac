import { Card, Stack, Text } from '@mantine/core';
import { countOf, type PaymentState } from '@mm/contract';
import { SubscriptionHeader } from './subscription-header.tsx';

type MemberPlanCardProps = { subscription: NonNullable<PaymentState['subscription']> };

/** /plans/me for a member: the organization's plan read-only; amounts, invoices and changes are the super user's. */
export function MemberPlanCard({ subscription }: MemberPlanCardProps) {
  return (
    <Card withBorder radius="md" padding="lg" aria-label="Current subscription">
      <Stack gap="sm">
        <SubscriptionHeader title={subscription.title} status={subscription.status} />
        <Text>{countOf(subscription.no_of_account, 'account')}</Text>
        <Text c="dimmed">The super user of your organization manages its plan, payments and invoices.</Text>
      </Stack>
    </Card>
  );
}
