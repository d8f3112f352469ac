import { routes } from '@mm/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { getSession } from '../../../lib/session.ts';
import { floorKey, stationParams } from './station-floor-shared.ts';

/**
 * GET .../stations/{id}/floor: the operator's verdict at the station a label opened, with `savedAt` when it is the
 * device's copy (offline).
 */
export function useStationFloor(stationId: number) {
  return useQuery({
    queryKey: floorKey(stationId),
    queryFn: async () => {
      const answer = await apiRequest(routes.organizationStationsFloor, { params: stationParams(stationId) });
      return { floor: answer.data, savedAt: answer.savedAt ?? null };
    },
    retry: false,
  });
}

/**
 * Offline only: the operator's own qualifications list as the device kept it (My qualifications reads the same call,
 * so the same copy), to tell whether it is newer than the station's saved verdict.
 */
export function useSavedOwnQualifications(enabled: boolean) {
  return useQuery({
    queryKey: ['station-floor', 'own-qualifications-saved'],
    queryFn: async () => {
      const answer = await apiRequest(routes.organizationQualifications, { params: { orgId: getSession()?.organizationId ?? 0 }, query: {} });
      return { stations: answer.data.stations, savedAt: answer.savedAt ?? null };
    },
    enabled,
    retry: false,
  });
}
