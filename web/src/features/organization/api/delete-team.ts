import { useMutation, useQueryClient } from '@tanstack/react-query';
import { untypedApiRequest } from '../../../lib/api-client.ts';
import { organizationKey } from '../../../lib/organization/query-keys.ts';

/** POST organization/teams/delete/{teamId}. */
export function deleteTeam({ teamId, teamName }: { teamId: number; teamName: string }) {
  return untypedApiRequest<null>(`/api/organization/teams/delete/${teamId}`, { method: 'POST', json: { teamName } });
}

export function useDeleteTeam() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteTeam, onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationKey }) });
}
