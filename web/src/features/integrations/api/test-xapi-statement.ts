import { routes } from '@mm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { xapiDeliveriesKey } from './keys.ts';

/** POST /api/integrations/xapi/test: a test statement to the LRS, shown in the statement log. */
export function testXapiStatement() {
  return apiRequest(routes.testXapiStatement);
}

export function useTestXapiStatement() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: testXapiStatement, onSuccess: () => queryClient.invalidateQueries({ queryKey: xapiDeliveriesKey }) });
}
