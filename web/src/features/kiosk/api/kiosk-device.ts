import { KIOSK_TOKEN_HEADER, type KioskRosterData, type KioskSignInData, type KioskSignInRequest, routes } from '@mm/contract';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { kioskRosterKey } from './keys.ts';

const deviceHeaders = (deviceToken: string) => ({ [KIOSK_TOKEN_HEADER]: deviceToken });

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

/** POST /api/kiosk/sign-in: a team member's PIN on this tablet. */
export async function kioskSignIn({ deviceToken, body }: { deviceToken: string; body: KioskSignInRequest }): Promise<KioskSignInData> {
  return (await apiRequest(routes.kioskSignIn, { body }, { headers: deviceHeaders(deviceToken) })).data;
}

export function useKioskSignIn() {
  return useMutation({ mutationFn: kioskSignIn });
}
