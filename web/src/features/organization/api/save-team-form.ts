import { routes, type TeamFormRequest } from '@mm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { organizationKey } from '../../../lib/organization/query-keys.ts';

/** POST organization/teams/form/{teamId}: answers data.data.name. */
export function saveTeamForm({ teamId, body }: { teamId: number; body: TeamFormRequest }) {
  return apiRequest(routes.organizationTeamsForm, { params: { teamId }, body });
}

export function useSaveTeamForm() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveTeamForm, onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationKey }) });
}
