import { routes, type SetKioskPinRequest } from '@mm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { kioskPinKey } from './keys.ts';

/** POST /api/kiosk-pin: sets or changes the member's own PIN. */
export function setKioskPin(body: SetKioskPinRequest) {
  return apiRequest(routes.setKioskPin, { body });
}

export function useSetKioskPin() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setKioskPin, onSuccess: () => queryClient.invalidateQueries({ queryKey: kioskPinKey }) });
}
