import type { CreateTeamRequest } from '@mm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { untypedApiRequest } from '../../../lib/api-client.ts';
import { organizationKey } from '../../../lib/organization/query-keys.ts';

/** POST organization/{orgId}/teams. */
export function createTeam({ organizationId, body }: { organizationId: number; body: CreateTeamRequest }) {
  return untypedApiRequest<{ id: number; name: string }>(`/api/organization/${organizationId}/teams`, { method: 'POST', json: body });
}

export function useCreateTeam() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createTeam, onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationKey }) });
}
