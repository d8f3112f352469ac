import { routes, type UserInfoData } from '@mm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export async function getUserInfo(userId: number): Promise<UserInfoData> {
  return (await apiRequest(routes.userInfo, { params: { userId } })).data;
}

export const userInfoQueryKey = (userId: number) => ['user-info', userId] as const;

export function useUserInfo(userId: number) {
  return useQuery(queryOptions({ queryKey: userInfoQueryKey(userId), queryFn: () => getUserInfo(userId) }));
}
