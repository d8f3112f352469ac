import { routes } from '@mm/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { profileQueryKey } from '../../../lib/profile.ts';
import { updateSession } from '../../../lib/session.ts';
import { userInfoQueryKey } from './get-user-info.ts';

export function updateProfileImage({ picture }: { userId: number; picture: File }) {
  const form = new FormData();
  form.append('picture', picture);
  return apiRequest(routes.updateProfileImage, {}, { form });
}

export function useUpdateProfileImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfileImage,
    onSuccess: ({ data }, { userId }) => {
      updateSession({ active_profile_image: data.picture });
      return Promise.all([queryClient.invalidateQueries({ queryKey: profileQueryKey }), queryClient.invalidateQueries({ queryKey: userInfoQueryKey(userId) })]);
    },
  });
}
