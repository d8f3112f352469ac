import type { SignoffRequestData, StationFloorData } from '@mm/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { untypedApiRequest } from '../../../lib/api-client.ts';
import { getSession } from '../../../lib/session.ts';

const stationBase = (stationId: number) => `/api/organization/${getSession()?.organizationId ?? 0}/stations/${stationId}`;
const floorKey = (stationId: number) => ['shopfloor', 'station', stationId] as const;

/** GET .../stations/{id}/floor: the operator's verdict at the station a label opened. */
export function useStationFloor(stationId: number) {
  return useQuery({
    queryKey: floorKey(stationId),
    queryFn: async () => (await untypedApiRequest<StationFloorData>(`${stationBase(stationId)}/floor`)).data,
    retry: false,
  });
}

/** POST .../stations/{id}/signoff-requests: "Ask for sign-off"; the verdict is read again (the button turns into the request's time). */
export function useRequestSignoff(stationId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => untypedApiRequest<SignoffRequestData>(`${stationBase(stationId)}/signoff-requests`, { method: 'POST', json: {} }),
    onSettled: () => client.invalidateQueries({ queryKey: floorKey(stationId) }),
  });
}
