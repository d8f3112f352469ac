import { useMutation, useQueryClient } from '@tanstack/react-query';
import { untypedApiRequest } from '../../../lib/api-client.ts';
import { organizationKey } from '../../../lib/organization/query-keys.ts';

/** POST v4/delete_user. */
export function deleteUser(userId: number) {
  return untypedApiRequest<null>('/api/v4/delete_user', { method: 'POST', json: { user_id: userId } });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteUser, onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationKey }) });
}
