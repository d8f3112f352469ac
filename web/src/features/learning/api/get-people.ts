import { type PeopleData, routes } from '@mm/contract';
import { skipToken, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { learningKey } from './learning-keys.ts';

export type PeopleMode = 'Company' | 'Team' | 'Ranking';

export type PersonRow = PeopleData['users'][number];

/** People per page of the panel: it sits beside the path, so a plant of hundreds does not make home a long list. */
const PEOPLE_PAGE = 10;

async function peopleOf(mode: PeopleMode, organizationId: number, teamId: number | null, skip: number): Promise<PersonRow[]> {
  const query = { skip, take: PEOPLE_PAGE };
  if (mode === 'Ranking') {
    const { data } = await apiRequest(routes.getAllRankings, { query: { ...query, organization_id: organizationId } });
    return data.rankings.map((r) => r.user);
  }
  const { data } =
    mode === 'Team' && teamId !== null
      ? await apiRequest(routes.organizationTeamsUsers, { params: { teamId }, query })
      : await apiRequest(routes.getAllUsersOrganization, { params: { orgId: organizationId }, query });
  return data.users;
}

/** The People panel's three lists (the organization, the caller's team, the organization's ranking), a page at a time. */
export function usePeople(mode: PeopleMode, organizationId: number | null, teamId: number | null) {
  const ready = organizationId !== null && (mode !== 'Team' || teamId !== null);
  return useInfiniteQuery({
    queryKey: [...learningKey, 'people', mode, organizationId, teamId],
    queryFn: ready ? ({ pageParam }) => peopleOf(mode, organizationId, teamId, pageParam) : skipToken,
    initialPageParam: 0,
    // A full page may have more behind it; the lists carry no total.
    getNextPageParam: (last, pages) => (last.length === PEOPLE_PAGE ? pages.length * PEOPLE_PAGE : undefined),
  });
}
