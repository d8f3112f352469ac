import { routes } from '@mm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { ssoConnectionKey } from './keys.ts';

/** DELETE /api/sso/connection: the organization's members sign in with their password again. */
export function deleteSsoConnection() {
  return apiRequest(routes.deleteSsoConnection);
}

export function useDeleteSsoConnection() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteSsoConnection, onSuccess: ({ data }) => queryClient.setQueryData(ssoConnectionKey, data) });
}
