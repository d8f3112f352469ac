import { useTranslation } from 'react-i18next';
import { PlanNeeded } from '../components/plan-needed.tsx';

/** /pay-per-view (layout not in the spec): Manufacturing Masters sells no single videos, every video comes with the plan. */
export function PayPerViewPage() {
  const { t } = useTranslation('billing');
  return <PlanNeeded title={t('needed.payPerView.title')}>{t('needed.noPayPerView')}</PlanNeeded>;
}
