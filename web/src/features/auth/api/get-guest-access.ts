import { routes } from '@mm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** The shared guest account's credentials (GET /api/guest_access), published for the guest link. */
export type GuestAccess = { email: string; password: string };

export async function getGuestAccess(): Promise<GuestAccess> {
  return (await apiRequest(routes.guestAccess)).data;
}

export function useGuestAccess({ enabled }: { enabled: boolean }) {
  return useQuery(queryOptions({ queryKey: ['guest-access'], queryFn: getGuestAccess, enabled, staleTime: Number.POSITIVE_INFINITY }));
}
