import { type ChangePasswordRequest, type ProfileData, routes } from '@mm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { profileQueryKey } from '../../../lib/profile.ts';

export function changePassword(body: ChangePasswordRequest) {
  return apiRequest(routes.changePassword, { body });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    // The server has cleared the forced-change flag: home must not send the user back here.
    onSuccess: () => queryClient.setQueryData<ProfileData>(profileQueryKey, (profile) => profile && { ...profile, is_change_password: 0 }),
  });
}
