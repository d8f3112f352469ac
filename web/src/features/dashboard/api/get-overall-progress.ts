import { routes, type TeamUserProgress } from '@mm/contract';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { filterQuery, type TrackerFilter } from '../lib/dashboard-rules.ts';
import { dashboardKey, scopeOf } from './dashboard-keys.ts';

export type { TrackerFilter };

/** Members per page of the tracker: a plant's whole organization is hundreds of bars. */
export const TRACKER_PAGE = 20;

const progressQuery = (organizationId: number, team: number | null, filter: TrackerFilter) => ({ ...scopeOf(organizationId, team), ...filterQuery(filter) });

/**
 * GET get_organization_team_overall_progress: the tracker's team figure and its members a page at a time, found by
 * name on the server. The members found before stay on screen while a new search is on its way.
 */
export function useOverallProgress(organizationId: number, team: number | null, filter: TrackerFilter, search: string) {
  const q = search.trim();
  return useInfiniteQuery({
    queryKey: [...dashboardKey, 'progress', organizationId, team, filter, q],
    queryFn: async ({ pageParam }) =>
      (
        await apiRequest(routes.getOrganizationTeamOverallProgress, {
          query: { ...progressQuery(organizationId, team, filter), ...(q && { q }), skip: pageParam, take: TRACKER_PAGE },
        })
      ).data.overallProgress,
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const shown = pages.reduce((n, page) => n + page.teamUsersProgress.length, 0);
      return shown < last.teamUsersTotal ? shown : undefined;
    },
    placeholderData: keepPreviousData,
  });
}

/** Every member of the selection, for the CSV export (the spec's answer, unpaged). */
export async function everyMemberProgress(organizationId: number, team: number | null, filter: TrackerFilter): Promise<TeamUserProgress[]> {
  return (await apiRequest(routes.getOrganizationTeamOverallProgress, { query: progressQuery(organizationId, team, filter) })).data.overallProgress
    .teamUsersProgress;
}
