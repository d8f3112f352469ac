import { type FirstLoginPushData, type PeopleData, routes } from '@mm/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const learningKey = ['learning'] as const;

export function useLearningPathHome() {
  return useQuery({
    queryKey: [...learningKey, 'home'],
    queryFn: async () => (await apiRequest(routes.learningPathHomeByPost, { body: {} })).data,
  });
}

export function useUserActivity(userId: number) {
  return useQuery({
    queryKey: [...learningKey, 'activity', userId],
    queryFn: async () => (await apiRequest(routes.getUserActivity, { params: { userId } })).data,
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
        const { data } = await apiRequest(routes.getAllRankings, { query: { organization_id: Number(organizationId) } });
        return data.rankings.map((r) => r.user);
      }
      const { data } =
        mode === 'Team'
          ? await apiRequest(routes.organizationTeamsUsers, { params: { teamId: Number(teamId) } })
          : await apiRequest(routes.getAllUsersOrganization, { params: { orgId: Number(organizationId) } });
      return data.users;
    },
  });
}

/** The points of the organization's first place, to tell a tie with the leader from a real gap. */
export function useRankingLeaderPoints(organizationId: number | null) {
  return useQuery({
    queryKey: [...learningKey, 'leader', organizationId],
    enabled: organizationId !== null,
    queryFn: async () => {
      const { data } = await apiRequest(routes.getAllRankings, { query: { organization_id: Number(organizationId), take: 1 } });
      return data.rankings[0]?.points ?? 0;
    },
  });
}

export async function pushFirstLogin(userId: number): Promise<FirstLoginPushData> {
  return (await apiRequest(routes.userUpdateFirstLoginInLibraryPush, { params: { userId } })).data;
}
