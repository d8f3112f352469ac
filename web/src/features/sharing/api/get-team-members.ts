import { type PersonInfo, routes } from '@mm/contract';
import { skipToken, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** The most a people call answers at once. */
const PEOPLE_CALL_MAX = 500;

/** Every member of the team, a call per 500: whom a supervisor may pick to share a video with. */
async function everyTeamMember(teamId: number): Promise<PersonInfo[]> {
  const members: PersonInfo[] = [];
  for (;;) {
    const { data } = await apiRequest(routes.organizationTeamsUsers, { params: { teamId }, query: { skip: members.length, take: PEOPLE_CALL_MAX } });
    members.push(...data.users);
    if (data.users.length < PEOPLE_CALL_MAX) return members;
  }
}

/** The chosen team's members (nothing is asked before a team is chosen). */
export const useTeamMembers = (teamId: number | null) =>
  useQuery({
    queryKey: ['sharing', 'team-members', teamId],
    queryFn: teamId === null ? skipToken : () => everyTeamMember(teamId),
  });
