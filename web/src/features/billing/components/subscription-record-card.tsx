import { Card, SimpleGrid, Text } from '@mantine/core';
import type { SubscriptionRecord } from '@mm/contract';
import { useTranslation } from 'react-i18next';
import { LabelledValue } from '../../../components/labelled-value.tsx';
import { formatDate } from '../../../lib/date.ts';
import { formatMoney } from './money.ts';

/** One payment record; referral and coupon amounts only when they apply (member spec, section 2). */
export function SubscriptionRecordCard({ record }: { record: SubscriptionRecord }) {
  const { t } = useTranslation('billing');
  const money = (amount: number) => formatMoney(record.currency, amount);
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={t('billing.record.label', { id: record.user_subscription_id })}>
      <Text fw={700} mb="xs" translate="no">
        {record.title}
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="sm">
        <LabelledValue label={t('billing.record.subscribedOn')} value={formatDate(record.created_at)} />
        <LabelledValue label={t('billing.record.expiry')} value={formatDate(record.expiry_date)} />
        <LabelledValue label={t('billing.record.accounts')} value={String(record.no_of_account)} />
        <LabelledValue label={t('billing.record.months')} value={String(record.plan)} />
        <LabelledValue label={t('billing.record.total')} value={money(record.total_amount)} />
        {record.wallet_amount > 0 && <LabelledValue label={t('billing.record.referral')} value={money(record.wallet_amount)} />}
        {record.coupon_code && <LabelledValue label={t('billing.record.coupon', { code: record.coupon_code })} value={money(record.coupon_amount)} />}
        <LabelledValue label={t('billing.record.paid')} value={money(record.amount)} />
        <LabelledValue label={t('billing.record.mode')} value={record.payment_mode} />
      </SimpleGrid>
    </Card>
  );
}
