import { NEED_SUBSCRIPTION_MESSAGE } from '@mm/contract';
import { PlanNeeded } from '../components/plan-needed.tsx';

/** /subscription: the video needs a plan the organization does not have (layout not in the spec). */
export function SubscriptionPage() {
  return <PlanNeeded title="A plan is needed">{NEED_SUBSCRIPTION_MESSAGE}</PlanNeeded>;
}
