import { routes } from '@mm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { webhookDeliveriesKey } from './keys.ts';

/** POST /api/integrations/webhooks/{id}/test: a signed `webhook.test` delivery, shown in the log. */
export function testWebhookEndpoint(endpointId: number) {
  return apiRequest(routes.testWebhookEndpoint, { params: { endpointId } });
}

export function useTestWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: testWebhookEndpoint, onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookDeliveriesKey }) });
}
