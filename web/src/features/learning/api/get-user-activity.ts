import { routes } from '@mm/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { learningKey } from './learning-keys.ts';

/** GET get_user_activity/{userId}: the member's points, position, certificates and streak. */
export function useUserActivity(userId: number) {
  return useQuery({
    queryKey: [...learningKey, 'activity', userId],
    queryFn: async () => (await apiRequest(routes.getUserActivity, { params: { userId } })).data,
  });
}
