import { PlanNeeded } from '../components/plan-needed.tsx';

/** Manufacturing Masters sells no single videos: every video comes with the organization's plan. */
export const NO_PAY_PER_VIEW = "Videos cannot be bought one by one: every video is included in your organization's plan.";

/** /pay-per-view (layout not in the spec). */
export function PayPerViewPage() {
  return <PlanNeeded title="Pay-per-view">{NO_PAY_PER_VIEW}</PlanNeeded>;
}
