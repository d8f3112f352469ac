import { Alert, SimpleGrid } from '@mantine/core';
import { isOfferedPlan, type SubscriptionPlan } from '@mm/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EnterpriseCard } from './enterprise-card.tsx';
import { PlanCard, type PlanCardVariant } from './plan-card.tsx';

/**
 * The offered plans as cards, each with its page's action (pay now, or start the free trial), then the enterprise
 * card that writes to sales; nothing while loading.
 */
export function PlanGrid({
  plans,
  action,
}: {
  plans: SubscriptionPlan[] | undefined;
  action: (plan: SubscriptionPlan, variant: PlanCardVariant) => ReactNode;
}) {
  const { t } = useTranslation('billing');
  if (!plans) return null;
  const offered = plans.filter(isOfferedPlan);
  if (offered.length === 0) {
    return (
      <Alert variant="light" color="gray">
        {t('plans.none')}
      </Alert>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
      {offered.map((plan) => (
        <PlanCard key={plan.subscription_id} plan={plan} action={(variant) => action(plan, variant)} />
      ))}
      <EnterpriseCard />
    </SimpleGrid>
  );
}
