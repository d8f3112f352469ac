import type { UserCertificationsData } from '@mm/contract';
import { useQuery } from '@tanstack/react-query';
import { untypedApiRequest } from '../../../lib/api-client.ts';

/** GET get_all_user_certifications/{userId}: the member's certificates and what is left to earn. */
export function useUserCertifications(userId: number) {
  return useQuery({
    queryKey: ['achievements', 'certifications', userId],
    queryFn: async () => (await untypedApiRequest<UserCertificationsData>(`/api/get_all_user_certifications/${userId}`)).data,
  });
}
