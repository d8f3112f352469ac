import { routes } from '@mm/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET get_all_user_certifications/{userId}: the member's certificates and what is left to earn. */
export function useUserCertifications(userId: number) {
  return useQuery({
    queryKey: ['achievements', 'certifications', userId],
    queryFn: async () => (await apiRequest(routes.getAllUserCertifications, { params: { userId } })).data,
  });
}
