import { routes } from '@mm/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { floorKey, stationParams } from './station-floor-shared.ts';

/** GET .../stations/{id}/floor: the operator's verdict at the station a label opened. */
export function useStationFloor(stationId: number) {
  return useQuery({
    queryKey: floorKey(stationId),
    queryFn: async () => (await apiRequest(routes.organizationStationsFloor, { params: stationParams(stationId) })).data,
    retry: false,
  });
}
