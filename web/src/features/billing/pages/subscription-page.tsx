import { useTranslation } from 'react-i18next';
import { PlanNeeded } from '../components/plan-needed.tsx';

/** /subscription: the video needs a plan the organization does not have (layout not in the spec). */
export function SubscriptionPage() {
  const { t } = useTranslation('billing');
  return <PlanNeeded title={t('needed.subscription.title')}>{t('needed.subscription.text')}</PlanNeeded>;
}
