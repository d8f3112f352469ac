import { type CreateWebhookEndpointRequest, routes } from '@mm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { webhookEndpointsKey } from './keys.ts';

/** POST /api/integrations/webhooks: answers the signing secret once. */
export function createWebhookEndpoint(body: CreateWebhookEndpointRequest) {
  return apiRequest(routes.createWebhookEndpoint, { body });
}

export function useCreateWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createWebhookEndpoint, onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookEndpointsKey }) });
}
