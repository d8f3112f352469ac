import type { OrganizationUser, UpdateUserRequest } from '@mm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { untypedApiRequest } from '../../../lib/api-client.ts';
import { organizationKey } from '../../../lib/organization/query-keys.ts';

/** POST v4/update_user. */
export function updateUser(body: UpdateUserRequest) {
  return untypedApiRequest<OrganizationUser>('/api/v4/update_user', { method: 'POST', json: body });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateUser, onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationKey }) });
}
