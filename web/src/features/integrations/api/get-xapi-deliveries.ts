import { routes } from '@mm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { xapiDeliveriesKey } from './keys.ts';

/** GET /api/integrations/xapi/deliveries: the latest statements; looked at again every few seconds while some are pending. */
export async function getXapiDeliveries() {
  return (await apiRequest(routes.xapiDeliveries)).data;
}

export function useXapiDeliveries() {
  return useQuery(
    queryOptions({
      queryKey: xapiDeliveriesKey,
      queryFn: getXapiDeliveries,
      refetchInterval: (query) => (query.state.data?.some((d) => d.status === 'pending') ? 3000 : false),
    }),
  );
}
