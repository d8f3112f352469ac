import { routes, type SaveSsoConnectionRequest } from '@mm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { ssoConnectionKey } from './keys.ts';

/** PUT /api/sso/connection: saves the connection once the identity provider answers for its issuer. */
export function saveSsoConnection(body: SaveSsoConnectionRequest) {
  return apiRequest(routes.saveSsoConnection, { body });
}

export function useSaveSsoConnection() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveSsoConnection, onSuccess: ({ data }) => queryClient.setQueryData(ssoConnectionKey, data) });
}
