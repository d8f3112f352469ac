import { routes } from '@mm/contract';
import { skipToken, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { learningKey } from './learning-keys.ts';

/** The points of the organization's first place, to tell a tie with the leader from a real gap. */
export function useRankingLeaderPoints(organizationId: number | null) {
  return useQuery({
    queryKey: [...learningKey, 'leader', organizationId],
    queryFn:
      organizationId === null
        ? skipToken
        : async () => {
            const { data } = await apiRequest(routes.getAllRankings, { query: { organization_id: organizationId, take: 1 } });
            return data.rankings[0]?.points ?? 0;
          },
  });
}
