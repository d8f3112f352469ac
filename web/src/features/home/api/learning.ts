import type { FirstLoginPushData, LearningPathHomeData, PeopleData, RankingsData, UserActivityData } from '@mm/contract';
import { useQuery } from '@tanstack/react-query';
import { untypedApiRequest } from '../../../lib/api-client.ts';

export const learningKey = ['learning'] as const;

export function useLearningPathHome() {
  return useQuery({
    queryKey: [...learningKey, 'home'],
    queryFn: async () => (await untypedApiRequest<LearningPathHomeData>('/api/learning_path_home', { method: 'POST', json: {} })).data,
  });
}

export function useUserActivity(userId: number) {
  return useQuery({
    queryKey: [...learningKey, 'activity', userId],
    queryFn: async () => (await untypedApiRequest<UserActivityData>(`/api/get_user_activity/${userId}`)).data,
  });
}

export type PeopleMode = 'Company' | 'Team' | 'Ranking';

export type PersonRow = PeopleData['users'][number];

/** The People panel's three lists: the organization, the caller's team, the organization's ranking. */
export function usePeople(mode: PeopleMode, organizationId: number | null, teamId: number | null) {
  return useQuery({
    queryKey: [...learningKey, 'people', mode, organizationId, teamId],
    enabled: organizationId !== null && (mode !== 'Team' || teamId !== null),
    queryFn: async (): Promise<PersonRow[]> => {
      if (mode === 'Ranking') {
        const { data } = await untypedApiRequest<RankingsData>(`/api/get_all_rankings?organization_id=${organizationId}`);
        return data.rankings.map((r) => r.user);
      }
      const path = mode === 'Team' ? `/api/organization/teams/${teamId}/users` : `/api/get_all_users_organization/${organizationId}`;
      return (await untypedApiRequest<PeopleData>(path)).data.users;
    },
  });
}

/** The points of the organization's first place, to tell a tie with the leader from a real gap. */
export function useRankingLeaderPoints(organizationId: number | null) {
  return useQuery({
    queryKey: [...learningKey, 'leader', organizationId],
    enabled: organizationId !== null,
    queryFn: async () => {
      const { data } = await untypedApiRequest<RankingsData>(`/api/get_all_rankings?organization_id=${organizationId}&take=1`);
      return data.rankings[0]?.points ?? 0;
    },
  });
}

export async function pushFirstLogin(userId: number): Promise<FirstLoginPushData> {
  return (await untypedApiRequest<FirstLoginPushData>(`/api/user/${userId}/updateFirstLoginInLibraryPush`, { method: 'POST', json: {} })).data;
}
