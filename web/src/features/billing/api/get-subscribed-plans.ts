import { routes, type SubscriptionRecord } from '@mm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export async function getSubscribedPlans(): Promise<SubscriptionRecord[]> {
  return (await apiRequest(routes.subscribedPlansByPost)).data;
}

export const subscribedPlansQueryKey = ['billing', 'subscribed-plans'] as const;

/** `enabled`: only for whoever manages billing (the server refuses members). */
export function useSubscribedPlans(enabled: boolean) {
  return useQuery(queryOptions({ queryKey: subscribedPlansQueryKey, queryFn: getSubscribedPlans, enabled }));
}
