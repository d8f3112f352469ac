import { type KioskRosterData, routes } from '@mm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { kioskRosterKey } from './keys.ts';
import { deviceHeaders } from './kiosk-device-headers.ts';

/** GET /api/kiosk/roster: the kiosk's team, by the tablet's device token. */
export async function getKioskRoster(deviceToken: string): Promise<KioskRosterData> {
  return (await apiRequest(routes.kioskRoster, {}, { headers: deviceHeaders(deviceToken) })).data;
}

export function useKioskRoster(deviceToken: string | null) {
  return useQuery(
    queryOptions({
      queryKey: [...kioskRosterKey, deviceToken],
      queryFn: () => getKioskRoster(deviceToken ?? ''),
      enabled: deviceToken !== null,
      retry: false,
    }),
  );
}
