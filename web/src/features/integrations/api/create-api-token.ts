import { type CreateApiTokenRequest, routes } from '@mm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiTokensKey } from './keys.ts';

/** POST /api/integrations/tokens: answers the token once. */
export function createApiToken(body: CreateApiTokenRequest) {
  return apiRequest(routes.createApiToken, { body });
}

export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createApiToken, onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokensKey }) });
}
