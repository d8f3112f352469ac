import type { CancelSubscriptionRequest } from '@mm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { untypedApiRequest } from '../../../lib/api-client.ts';

export function cancelSubscription(body: CancelSubscriptionRequest) {
  return untypedApiRequest<null>('/api/cancel/subscription', { method: 'POST', json: body });
}

export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: cancelSubscription, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['billing'] }) });
}
