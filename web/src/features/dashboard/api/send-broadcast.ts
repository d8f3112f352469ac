import { routes } from '@mm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { dashboardKey, scopeOf } from './dashboard-keys.ts';

/** POST send_broadcast: every member of the selection who is behind. */
export function useSendBroadcast() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (broadcast: { organizationId: number; team: number | null; categoryId?: number }) =>
      apiRequest(routes.sendBroadcast, { body: { ...scopeOf(broadcast.organizationId, broadcast.team), categoryId: broadcast.categoryId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dashboardKey }),
  });
}
