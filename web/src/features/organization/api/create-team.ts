import { type CreateTeamRequest, routes } from '@mm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { organizationKey } from '../../../lib/organization/query-keys.ts';

/** POST organization/{orgId}/teams. */
export function createTeam({ organizationId, body }: { organizationId: number; body: CreateTeamRequest }) {
  return apiRequest(routes.createTeam, { params: { orgId: organizationId }, body });
}

export function useCreateTeam() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createTeam, onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationKey }) });
}
