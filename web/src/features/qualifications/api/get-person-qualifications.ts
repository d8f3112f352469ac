import { routes } from '@mm/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { own, qualificationsKey } from './qualifications-shared.ts';

/** A person's qualifications; without a user id, the caller's own. */
export function usePersonQualifications(userId?: number) {
  return useQuery(
    queryOptions({
      queryKey: [...qualificationsKey, 'person', userId ?? 'me'],
      queryFn: async () => (await apiRequest(routes.organizationQualifications, { params: own(), query: { user_id: userId } })).data,
    }),
  );
}
