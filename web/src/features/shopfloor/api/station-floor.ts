import { routes } from '@mm/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { getSession } from '../../../lib/session.ts';

const stationParams = (stationId: number) => ({ orgId: getSession()?.organizationId ?? 0, stationId });
const floorKey = (stationId: number) => ['shopfloor', 'station', stationId] as const;

/** GET .../stations/{id}/floor: the operator's verdict at the station a label opened. */
export function useStationFloor(stationId: number) {
  return useQuery({
    queryKey: floorKey(stationId),
    queryFn: async () => (await apiRequest(routes.organizationStationsFloor, { params: stationParams(stationId) })).data,
    retry: false,
  });
}

/** POST .../stations/{id}/signoff-requests: "Ask for sign-off"; the verdict is read again (the button turns into the request's time). */
export function useRequestSignoff(stationId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(routes.organizationStationsSignoffRequests, { params: stationParams(stationId) }),
    onSettled: () => client.invalidateQueries({ queryKey: floorKey(stationId) }),
  });
}
