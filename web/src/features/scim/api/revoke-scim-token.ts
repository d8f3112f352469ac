import { routes } from '@mm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { scimSettingsKey } from './keys.ts';

/** DELETE /api/scim/token: provisioning stops until a new token is created. */
export function revokeScimToken() {
  return apiRequest(routes.revokeScimToken);
}

export function useRevokeScimToken() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: revokeScimToken, onSuccess: () => queryClient.invalidateQueries({ queryKey: scimSettingsKey }) });
}
