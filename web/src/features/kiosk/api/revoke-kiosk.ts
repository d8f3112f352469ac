import { routes } from '@mm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { kiosksKey } from './keys.ts';

/** POST /api/kiosks/{id}/revoke: the tablet's token and the sessions opened on it stop working at once. */
export function revokeKiosk(kioskId: number) {
  return apiRequest(routes.kiosksRevoke, { params: { kioskId } });
}

export function useRevokeKiosk() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: revokeKiosk, onSuccess: () => queryClient.invalidateQueries({ queryKey: kiosksKey }) });
}
