import { routes, type SubscriptionPlan } from '@mm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export async function getPlans(): Promise<SubscriptionPlan[]> {
  return (await apiRequest(routes.subscriptionPlansByPost)).data;
}

export function usePlans() {
  return useQuery(queryOptions({ queryKey: ['billing', 'plans'], queryFn: getPlans }));
}
