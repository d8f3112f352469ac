import { routes } from '@mm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { scimSettingsKey } from './keys.ts';

/** POST /api/scim/token: a new token, answered this once; the one before stops working. */
export function createScimToken() {
  return apiRequest(routes.createScimToken);
}

export function useCreateScimToken() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createScimToken, onSuccess: () => queryClient.invalidateQueries({ queryKey: scimSettingsKey }) });
}
