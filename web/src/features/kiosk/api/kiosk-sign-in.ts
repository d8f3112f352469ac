import { type KioskSignInData, type KioskSignInRequest, routes } from '@mm/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { deviceHeaders } from './kiosk-device-headers.ts';

/** POST /api/kiosk/sign-in: a team member's PIN on this tablet. */
export async function kioskSignIn({ deviceToken, body }: { deviceToken: string; body: KioskSignInRequest }): Promise<KioskSignInData> {
  return (await apiRequest(routes.kioskSignIn, { body }, { headers: deviceHeaders(deviceToken) })).data;
}

export function useKioskSignIn() {
  return useMutation({ mutationFn: kioskSignIn });
}
