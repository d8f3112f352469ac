// The organization's people: the ranking by points and the lists by name (all, or one team).
import type { PeopleData, RankingsData } from '@mm/contract';
import type { AppContext } from '../../app-context.ts';
import { notFound } from '../../lib/errors.ts';
import type { Caller } from '../auth/index.ts';
import { findTeam } from '../organization/index.ts';
import { assertSameOrganization } from './learning.policy.ts';
import { peopleByName, type RankedUser, rankingPage } from './learning.queries.ts';

const person = (u: RankedUser) => ({
  id: u.id,
  picture: u.picture,
  name: u.name,
  last_name: u.last_name,
  role: u.role,
  team: u.team,
  bio: u.bio,
  mobile: u.mobile,
  ranking: u.ranking,
  points: u.points,
});

const DEFAULT_TAKE = 100;

export async function rankings(ctx: AppContext, caller: Caller, organizationId: number, page: { skip?: number; take?: number }): Promise<RankingsData> {
  assertSameOrganization(caller, organizationId);
  const skip = page.skip ?? 0;
  const take = page.take ?? DEFAULT_TAKE;
  const rows = await rankingPage(ctx.db, organizationId, { skip, take });
  return { rankings: rows.map((u) => ({ position: u.ranking, points: u.points, user: person(u) })), skip, take };
}

export async function organizationPeople(
  ctx: AppContext,
  caller: Caller,
  organizationId: number,
  team: number | string | undefined,
  page: { skip?: number; take?: number },
): Promise<PeopleData> {
  assertSameOrganization(caller, organizationId);
  let teamId: number | undefined;
  if (team !== undefined) {
    const found = await findTeam(ctx.db, organizationId, team);
    if (!found) throw notFound('Team not found.');
    teamId = found.id;
  }
  const skip = page.skip ?? 0;
  const take = page.take ?? DEFAULT_TAKE;
  const rows = await peopleByName(ctx.db, organizationId, { teamId, skip, take });
  return { users: rows.map(person), skip, take };
}

export async function teamPeople(ctx: AppContext, caller: Caller, teamId: number, page: { skip?: number; take?: number }): Promise<PeopleData> {
  // organizationPeople looks the team up within the caller's organization: another organization's is not found.
  if (caller.organizationId === null) throw notFound('Team not found.');
  return organizationPeople(ctx, caller, caller.organizationId, teamId, page);
}
