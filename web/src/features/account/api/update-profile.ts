import { routes, type UpdateProfileRequest } from '@mm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { profileQueryKey } from '../../../lib/profile.ts';
import { updateSession } from '../../../lib/session.ts';

export function updateProfile(body: UpdateProfileRequest) {
  return apiRequest(routes.updateProfile, { body });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (_answer, body) => {
      updateSession({ name: body.name.trim() });
      return queryClient.invalidateQueries({ queryKey: profileQueryKey });
    },
  });
}
