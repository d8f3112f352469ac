import { routes } from '@mm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiTokensKey } from './keys.ts';

/** POST /api/integrations/tokens/{id}/revoke: the token stops working at once. */
export function revokeApiToken(tokenId: number) {
  return apiRequest(routes.revokeApiToken, { params: { tokenId } });
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: revokeApiToken, onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokensKey }) });
}
