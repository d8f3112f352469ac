import { type CancelSubscriptionRequest, routes } from '@mm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export function cancelSubscription(body: CancelSubscriptionRequest) {
  return apiRequest(routes.cancelSubscription, { body });
}

export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: cancelSubscription, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['billing'] }) });
}
