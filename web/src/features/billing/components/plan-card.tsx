import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { SubscriptionPlan } from '@mm/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from './money.ts';

/** `action`: the card's call to action ('pay now' for a member, sign-up for a visitor). */
export type PlanCardVariant = 'filled' | 'light';
type PlanCardProps = { plan: SubscriptionPlan; action: (variant: PlanCardVariant) => ReactNode };

export function PlanCard({ plan, action }: PlanCardProps) {
  const { t } = useTranslation('billing');
  const popular = plan.popular_status === 1;
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      shadow={popular ? 'md' : undefined}
      style={popular ? { borderColor: 'var(--mantine-color-blue-6)', borderWidth: 2 } : undefined}
      aria-label={t('plans.card', { plan: plan.title })}
      component="article"
    >
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start">
          <Title order={3} translate="no">
            {plan.title}
          </Title>
          {popular && <Badge>{t('plans.popular')}</Badge>}
        </Group>
        <Text fz={28} fw={700} c="blue.8">
          <span translate="no">{formatMoney(plan.currency, plan.amount)}</span>{' '}
          <Text span c="dimmed" fz="md" fw={400} style={{ whiteSpace: 'nowrap' }}>
            / {t('plans.months', { count: plan.plan })}
          </Text>
        </Text>
        <Text fw={600}>{t('plans.accounts', { count: plan.no_of_account })}</Text>
        {/* The plan's name, price and description are the operator's content, in the language they were written in. */}
        <Text c="dimmed" style={{ flexGrow: 1 }} translate="no">
          {plan.description}
        </Text>
        {action(popular ? 'filled' : 'light')}
      </Stack>
    </Card>
  );
}
