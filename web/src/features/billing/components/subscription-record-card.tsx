import { Card, SimpleGrid, Text } from '@mantine/core';
import type { SubscriptionRecord } from '@mm/contract';
import { LabelledValue } from '../../../components/labelled-value.tsx';
import { formatDate } from '../../../lib/date.ts';
import { formatMoney } from './money.ts';

/** One payment record; referral and coupon amounts only when they apply (member spec, section 2). */
export function SubscriptionRecordCard({ record }: { record: SubscriptionRecord }) {
  const money = (amount: number) => formatMoney(record.currency, amount);
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={`Subscription record ${record.user_subscription_id}`}>
      <Text fw={700} mb="xs">
        {record.title}
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="sm">
        <LabelledValue label="Subscribed on" value={formatDate(record.created_at)} />
        <LabelledValue label="Expiry date" value={formatDate(record.expiry_date)} />
        <LabelledValue label="Number of accounts" value={String(record.no_of_account)} />
        <LabelledValue label="Number of months" value={String(record.plan)} />
        <LabelledValue label="Total amount" value={money(record.total_amount)} />
        {record.wallet_amount > 0 && <LabelledValue label="Referral amount" value={money(record.wallet_amount)} />}
        {record.coupon_code && <LabelledValue label={`Coupon (${record.coupon_code})`} value={money(record.coupon_amount)} />}
        <LabelledValue label="Paid amount" value={money(record.amount)} />
        <LabelledValue label="Payment mode" value={record.payment_mode} />
      </SimpleGrid>
    </Card>
  );
}
