import { routes, type SubscriptionRecord } from '@mm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export async function getSubscribedPlans(): Promise<SubscriptionRecord[]> {
  return (await apiRequest(routes.subscribedPlansByPost)).data;
}

export const subscribedPlansQueryKey = ['billing', 'subscribed-plans'] as const;

export function useSubscribedPlans() {
  return useQuery(queryOptions({ queryKey: subscribedPlansQueryKey, queryFn: getSubscribedPlans }));
}
