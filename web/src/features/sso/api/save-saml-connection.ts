import { routes, type SaveSamlConnectionRequest } from '@mm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { ssoConnectionKey } from './keys.ts';

/** PUT /api/sso/saml-connection: saves a SAML 2.0 connection from the identity provider's metadata (address or XML). */
export function saveSamlConnection(body: SaveSamlConnectionRequest) {
  return apiRequest(routes.saveSamlConnection, { body });
}

export function useSaveSamlConnection() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveSamlConnection, onSuccess: ({ data }) => queryClient.setQueryData(ssoConnectionKey, data) });
}
