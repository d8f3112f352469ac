import { type PeopleData, routes } from '@mm/contract';
import { skipToken, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { learningKey } from './learning-keys.ts';

export type PeopleMode = 'Company' | 'Team' | 'Ranking';

export type PersonRow = PeopleData['users'][number];

async function peopleOf(mode: PeopleMode, organizationId: number, teamId: number | null): Promise<PersonRow[]> {
  if (mode === 'Ranking') {
    const { data } = await apiRequest(routes.getAllRankings, { query: { organization_id: organizationId } });
    return data.rankings.map((r) => r.user);
  }
  const { data } =
    mode === 'Team' && teamId !== null
      ? await apiRequest(routes.organizationTeamsUsers, { params: { teamId } })
      : await apiRequest(routes.getAllUsersOrganization, { params: { orgId: organizationId } });
  return data.users;
}

/** The People panel's three lists: the organization, the caller's team, the organization's ranking. */
export function usePeople(mode: PeopleMode, organizationId: number | null, teamId: number | null) {
  const ready = organizationId !== null && (mode !== 'Team' || teamId !== null);
  return useQuery({
    queryKey: [...learningKey, 'people', mode, organizationId, teamId],
    queryFn: ready ? () => peopleOf(mode, organizationId, teamId) : skipToken,
  });
}
