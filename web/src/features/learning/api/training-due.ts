import { routes } from '@mm/contract';
import { skipToken, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * The member's own stations and required training, for the "Training due" card. Same key as the qualifications
 * page's own query, so both show one answer and a sign-off or a watch refreshes both.
 */
export function useMyQualifications(organizationId: number | null) {
  return useQuery({
    queryKey: ['qualifications', 'person', 'me'],
    queryFn:
      organizationId === null ? skipToken : async () => (await apiRequest(routes.organizationQualifications, { params: { orgId: organizationId } })).data,
  });
}
