import { type KioskRosterMember, routes } from '@mm/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { deviceHeaders } from './kiosk-device-headers.ts';

/** POST /api/kiosk/badge: the team member a scanned badge names, for the PIN step. */
export async function findKioskBadgeHolder({ deviceToken, code }: { deviceToken: string; code: string }): Promise<KioskRosterMember> {
  return (await apiRequest(routes.kioskBadge, { body: { code } }, { headers: deviceHeaders(deviceToken) })).data;
}

export function useFindKioskBadgeHolder() {
  return useMutation({ mutationFn: findKioskBadgeHolder });
}
