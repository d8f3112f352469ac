import { type KioskPinStatusData, routes } from '@mm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { kioskPinKey } from './keys.ts';

/** GET /api/kiosk-pin: whether the member has set a kiosk PIN. */
export async function getKioskPinStatus(): Promise<KioskPinStatusData> {
  return (await apiRequest(routes.kioskPin)).data;
}

export function useKioskPinStatus() {
  return useQuery(queryOptions({ queryKey: kioskPinKey, queryFn: getKioskPinStatus }));
}
