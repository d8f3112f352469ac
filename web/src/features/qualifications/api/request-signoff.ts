import { routes } from '@mm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { floorKey, stationParams } from './station-floor-shared.ts';

/** POST .../stations/{id}/signoff-requests: "Ask for sign-off"; the verdict is read again (the button turns into the request's time). */
export function useRequestSignoff(stationId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(routes.organizationStationsSignoffRequests, { params: stationParams(stationId) }),
    onSettled: () => client.invalidateQueries({ queryKey: floorKey(stationId) }),
  });
}
