import { PlanNeeded } from '../components/plan-needed.tsx';
import { NO_PAY_PER_VIEW } from './pay-per-view-page.tsx';

/** /payment-options (layout not in the spec): the only way to pay is a plan. */
export function PaymentOptionsPage() {
  return (
    <PlanNeeded title="Payment options">{`${NO_PAY_PER_VIEW} Choose a monthly or annual plan; new organizations start with a free 30-day trial.`}</PlanNeeded>
  );
}
