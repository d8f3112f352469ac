import { routes, type SaveXapiSettingsRequest } from '@mm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { xapiSettingsKey } from './keys.ts';

/** PUT /api/integrations/xapi: saves the LRS (an empty secret keeps the one kept). */
export function saveXapiSettings(body: SaveXapiSettingsRequest) {
  return apiRequest(routes.saveXapiSettings, { body });
}

export function useSaveXapiSettings() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveXapiSettings, onSuccess: ({ data }) => queryClient.setQueryData(xapiSettingsKey, data) });
}
