import { routes } from '@mm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { organizationKey } from '../../../lib/organization/query-keys.ts';

/** POST organization/teams/delete/{teamId}. */
export function deleteTeam({ teamId, teamName }: { teamId: number; teamName: string }) {
  return apiRequest(routes.organizationTeamsDelete, { params: { teamId }, body: { teamName } });
}

export function useDeleteTeam() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteTeam, onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationKey }) });
}
