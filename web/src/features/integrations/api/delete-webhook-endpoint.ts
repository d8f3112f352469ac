import { routes } from '@mm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { webhookEndpointsKey } from './keys.ts';

/** DELETE /api/integrations/webhooks/{id}: no more deliveries to it. */
export function deleteWebhookEndpoint(endpointId: number) {
  return apiRequest(routes.deleteWebhookEndpoint, { params: { endpointId } });
}

export function useDeleteWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteWebhookEndpoint, onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookEndpointsKey }) });
}
