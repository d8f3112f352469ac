import { Card, Stack, Text } from '@mantine/core';
import type { PaymentState } from '@mm/contract';
import { useTranslation } from 'react-i18next';
import { SubscriptionHeader } from './subscription-header.tsx';

type MemberPlanCardProps = { subscription: NonNullable<PaymentState['subscription']> };

/** /plans/me for a member: the organization's plan read-only; amounts, invoices and changes are the super user's. */
export function MemberPlanCard({ subscription }: MemberPlanCardProps) {
  const { t } = useTranslation('billing');
  return (
    <Card withBorder radius="md" padding="lg" aria-label={t('billing.current')}>
      <Stack gap="sm">
        <SubscriptionHeader title={subscription.title} status={subscription.status} />
        <Text>{t('plans.accounts', { count: subscription.no_of_account })}</Text>
        <Text c="dimmed">{t('billing.memberNote')}</Text>
      </Stack>
    </Card>
  );
}
