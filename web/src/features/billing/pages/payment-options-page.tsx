import { useTranslation } from 'react-i18next';
import { PlanNeeded } from '../components/plan-needed.tsx';

/** /payment-options (layout not in the spec): the only way to pay is a plan. */
export function PaymentOptionsPage() {
  const { t } = useTranslation('billing');
  return (
    <PlanNeeded title={t('needed.paymentOptions.title')}>
      {t('needed.noPayPerView')} {t('needed.paymentOptions.text')}
    </PlanNeeded>
  );
}
