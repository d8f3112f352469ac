import { type ProfileData, routes } from '@mm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client.ts';

/**
 * The signed-in user's profile (GET /api/profile). Shared by home, account and the
 * account-deletion note, so it lives outside any one feature.
 */
export async function getProfile(): Promise<ProfileData> {
  return (await apiRequest(routes.profile)).data;
}

export const profileQueryKey = ['profile'] as const;

export const profileQueryOptions = () => queryOptions({ queryKey: profileQueryKey, queryFn: getProfile });

export function useProfile() {
  return useQuery(profileQueryOptions());
}
