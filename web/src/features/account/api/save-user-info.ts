import { routes, type UserInfoRequest } from '@mm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { profileQueryKey } from '../../../lib/profile.ts';
import { updateSession } from '../../../lib/session.ts';
import { userInfoQueryKey } from './get-user-info.ts';

export function saveUserInfo({ userId, body }: { userId: number; body: UserInfoRequest }) {
  return apiRequest(routes.saveUserInfo, { params: { userId }, body });
}

export function useSaveUserInfo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveUserInfo,
    onSuccess: ({ data }) => {
      queryClient.setQueryData(userInfoQueryKey(data.id), data);
      updateSession({ name: data.name, team: data.team, role: data.role });
      return queryClient.invalidateQueries({ queryKey: profileQueryKey });
    },
  });
}
