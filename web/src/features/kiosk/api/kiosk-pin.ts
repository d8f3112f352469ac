import { type KioskPinStatusData, routes, type SetKioskPinRequest } from '@mm/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { kioskPinKey } from './keys.ts';

/** GET /api/kiosk-pin: whether the member has set a kiosk PIN. */
export async function getKioskPinStatus(): Promise<KioskPinStatusData> {
  return (await apiRequest(routes.kioskPin)).data;
}

export function useKioskPinStatus() {
  return useQuery(queryOptions({ queryKey: kioskPinKey, queryFn: getKioskPinStatus }));
}

/** POST /api/kiosk-pin: sets or changes the member's own PIN. */
export function setKioskPin(body: SetKioskPinRequest) {
  return apiRequest(routes.setKioskPin, { body });
}

export function useSetKioskPin() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setKioskPin, onSuccess: () => queryClient.invalidateQueries({ queryKey: kioskPinKey }) });
}
