import { Card, SimpleGrid, Text } from '@mantine/core';
import type { SubscriptionRecord } from '@mm/contract';
import { formatDate, formatMoney } from './money.ts';

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" tt="uppercase" fw={700} c="dimmed">
        {label}
      </Text>
      <Text>{value}</Text>
    </div>
  );
}

/** One payment record; referral and coupon amounts only when they apply (member spec, section 2). */
export function SubscriptionRecordCard({ record }: { record: SubscriptionRecord }) {
  const money = (amount: number) => formatMoney(record.currency, amount);
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={`Subscription record ${record.user_subscription_id}`}>
      <Text fw={700} mb="xs">
        {record.title}
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="sm">
        <Field label="Subscribed on" value={formatDate(record.created_at)} />
        <Field label="Expiry date" value={formatDate(record.expiry_date)} />
        <Field label="Number of accounts" value={String(record.no_of_account)} />
        <Field label="Number of months" value={String(record.plan)} />
        <Field label="Total amount" value={money(record.total_amount)} />
        {record.wallet_amount > 0 && <Field label="Referral amount" value={money(record.wallet_amount)} />}
        {record.coupon_code && <Field label={`Coupon (${record.coupon_code})`} value={money(record.coupon_amount)} />}
        <Field label="Paid amount" value={money(record.amount)} />
        <Field label="Payment mode" value={record.payment_mode} />
      </SimpleGrid>
    </Card>
  );
}
