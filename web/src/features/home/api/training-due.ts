import type { PersonQualificationsData } from '@mm/contract';
import { useQuery } from '@tanstack/react-query';
import { untypedApiRequest } from '../../../lib/api-client.ts';

/**
 * The member's own stations and required training, for the "Training due" card. Same key as the qualifications
 * page's own query, so both show one answer and a sign-off or a watch refreshes both.
 */
export function useMyQualifications(organizationId: number | null) {
  return useQuery({
    queryKey: ['qualifications', 'person', 'me'],
    enabled: organizationId !== null,
    queryFn: async () => (await untypedApiRequest<PersonQualificationsData>(`/api/organization/${organizationId}/qualifications`)).data,
  });
}
