import { type CreateUserRequest, routes } from '@mm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { organizationKey } from '../../../lib/organization/query-keys.ts';

/** POST v4/create_user: the new user is invited by e-mail. */
export function createUser(body: CreateUserRequest) {
  return apiRequest(routes.createUser, { body });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createUser, onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationKey }) });
}
