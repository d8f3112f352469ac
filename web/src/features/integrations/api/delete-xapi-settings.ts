import { routes } from '@mm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { xapiSettingsKey } from './keys.ts';

/** DELETE /api/integrations/xapi: no more statements; the settings and secret are forgotten. */
export function deleteXapiSettings() {
  return apiRequest(routes.deleteXapiSettings);
}

export function useDeleteXapiSettings() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteXapiSettings, onSuccess: () => queryClient.invalidateQueries({ queryKey: xapiSettingsKey }) });
}
