import type { SubscriptionPlan } from '@mm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { untypedApiRequest } from '../../../lib/api-client.ts';

export async function getPlans(): Promise<SubscriptionPlan[]> {
  return (await untypedApiRequest<SubscriptionPlan[]>('/api/subscription_plans', { method: 'POST' })).data;
}

export function usePlans() {
  return useQuery(queryOptions({ queryKey: ['billing', 'plans'], queryFn: getPlans }));
}
