import { routes } from '@mm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { webhookEndpointsKey } from './keys.ts';

/** GET /api/integrations/webhooks: the organization's endpoints. */
export async function getWebhookEndpoints() {
  return (await apiRequest(routes.webhookEndpoints)).data;
}

export function useWebhookEndpoints() {
  return useQuery(queryOptions({ queryKey: webhookEndpointsKey, queryFn: getWebhookEndpoints }));
}
