import { routes } from '@mm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { kiosksKey } from './keys.ts';

/** POST /api/kiosks/{id}/unlock or /api/kiosk-locks/{userId}/unlock: a lock of wrong PINs lifted at once. */
export function unlock(target: { kioskId: number } | { userId: number }) {
  return 'kioskId' in target
    ? apiRequest(routes.kiosksUnlock, { params: { kioskId: target.kioskId } })
    : apiRequest(routes.kioskPersonUnlock, { params: { userId: target.userId } });
}

export function useUnlock() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: unlock, onSuccess: () => queryClient.invalidateQueries({ queryKey: kiosksKey }) });
}
