import { routes } from '@mm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { webhookDeliveriesKey } from './keys.ts';

/** GET /api/integrations/deliveries: the latest deliveries; looked at again every few seconds while some are pending. */
export async function getWebhookDeliveries() {
  return (await apiRequest(routes.webhookDeliveries)).data;
}

export function useWebhookDeliveries() {
  return useQuery(
    queryOptions({
      queryKey: webhookDeliveriesKey,
      queryFn: getWebhookDeliveries,
      refetchInterval: (query) => (query.state.data?.some((d) => d.status === 'pending') ? 3000 : false),
    }),
  );
}
