import type { TeamOverviewData, TeamSummary } from '@mm/contract';
import type { AppContext } from '../../app-context.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import type { Caller } from '../auth/index.ts';
import { assignMembers, releaseMembers } from '../users/index.ts';
import { learningPathFor } from './learning-path.queries.ts';
import { entriesFromLists, preparePathEntries, savePath, TEAM_NOT_FOUND, writePath } from './learning-path.service.ts';
import { assertCanManageOrganization, managedOrganizationOf, NOT_YOUR_ORGANIZATION } from './organization.policy.ts';
import { countOrganizationUsers, findTeam, insertTeam, listTeams, renameTeam, softDeleteTeam, teamMembers, teamNameTaken } from './teams.queries.ts';

export const USER_NOT_FOUND = 'User not found.';

type TeamInput = { name: string; organizationId?: number; teamCategories?: number[]; members?: number[] };

/** The body's organizationId, when sent, must name the caller's own organization. */
function assertSameOrganization(organizationId: number, bodyOrganizationId: number | undefined): void {
  if (bodyOrganizationId !== undefined && bodyOrganizationId !== organizationId) throw forbidden(NOT_YOUR_ORGANIZATION);
}

async function assertMembersOf(ctx: AppContext, organizationId: number, members: number[]): Promise<number[]> {
  const unique = [...new Set(members)];
  if ((await countOrganizationUsers(ctx.db, organizationId, unique)) !== unique.length) throw notFound(USER_NOT_FOUND);
  return unique;
}

async function assertNameFree(ctx: AppContext, organizationId: number, name: string, exceptTeamId?: number): Promise<void> {
  if (await teamNameTaken(ctx.db, organizationId, name, exceptTeamId)) throw conflict(`A team named ${name} already exists.`);
}

async function managedTeam(ctx: AppContext, caller: Caller, teamId: number) {
  const organizationId = managedOrganizationOf(caller);
  const team = await findTeam(ctx.db, organizationId, teamId);
  if (!team) throw notFound(TEAM_NOT_FOUND);
  return { organizationId, team };
}

export async function listOrganizationTeams(ctx: AppContext, caller: Caller, organizationId: number): Promise<TeamSummary[]> {
  assertCanManageOrganization(caller, organizationId);
  return listTeams(ctx.db, organizationId);
}

/** A new team with its members (moved from their previous team) and, optionally, its own learning path. */
export async function createTeam(ctx: AppContext, caller: Caller, organizationId: number, input: TeamInput & { members: number[] }) {
  assertCanManageOrganization(caller, organizationId);
  assertSameOrganization(organizationId, input.organizationId);
  await assertNameFree(ctx, organizationId, input.name);
  const members = await assertMembersOf(ctx, organizationId, input.members);
  const path = input.teamCategories?.length ? await preparePathEntries(ctx, entriesFromLists(input.teamCategories, undefined)) : null;
  const id = await ctx.db.transaction().execute(async (trx) => {
    const teamId = await insertTeam(trx, organizationId, input.name);
    await assignMembers(trx, organizationId, teamId, members);
    if (path) await writePath(trx, organizationId, teamId, path);
    return teamId;
  });
  return { id, name: input.name };
}

/** Renames a team, adds members, and replaces its learning path when categories are sent. */
export async function updateTeam(ctx: AppContext, caller: Caller, teamId: number, input: TeamInput) {
  const { organizationId } = await managedTeam(ctx, caller, teamId);
  assertSameOrganization(organizationId, input.organizationId);
  await assertNameFree(ctx, organizationId, input.name, teamId);
  const members = await assertMembersOf(ctx, organizationId, input.members ?? []);
  const path = input.teamCategories?.length ? await preparePathEntries(ctx, entriesFromLists(input.teamCategories, undefined)) : null;
  await ctx.db.transaction().execute(async (trx) => {
    await renameTeam(trx, organizationId, teamId, input.name);
    await assignMembers(trx, organizationId, teamId, members);
    if (path) await writePath(trx, organizationId, teamId, path);
  });
  return { id: teamId, name: input.name };
}

/** The team form: rename, optionally remove the current members first, then add the chosen ones. */
export async function saveTeamForm(
  ctx: AppContext,
  caller: Caller,
  teamId: number,
  input: { name: string; organizationId?: number; members: number[]; deleteTeam?: 0 | 1 },
) {
  const { organizationId } = await managedTeam(ctx, caller, teamId);
  assertSameOrganization(organizationId, input.organizationId);
  await assertNameFree(ctx, organizationId, input.name, teamId);
  const members = await assertMembersOf(ctx, organizationId, input.members);
  await ctx.db.transaction().execute(async (trx) => {
    await renameTeam(trx, organizationId, teamId, input.name);
    if (input.deleteTeam === 1) await releaseMembers(trx, organizationId, teamId);
    await assignMembers(trx, organizationId, teamId, members);
  });
  return { id: teamId, name: input.name };
}

/** Soft delete: the row stays for history (dashboards, certificates); its members are left without a team. */
export async function deleteTeam(ctx: AppContext, caller: Caller, teamId: number, teamName: string | undefined): Promise<void> {
  const { organizationId, team } = await managedTeam(ctx, caller, teamId);
  if (teamName && teamName !== team.name) throw badRequest('teamName: does not match the team');
  await ctx.db.transaction().execute(async (trx) => {
    await releaseMembers(trx, organizationId, teamId);
    await softDeleteTeam(trx, organizationId, teamId);
  });
}

/** A team's own path overrides the organization's for its members (see learningPathFor). */
export async function saveTeamPath(
  ctx: AppContext,
  caller: Caller,
  organizationId: number,
  input: { team_id: number; categories: number[]; essential_categories: number[] },
) {
  await savePath(ctx, caller, organizationId, input.team_id, entriesFromLists(input.categories, input.essential_categories));
}

export async function teamOverview(ctx: AppContext, caller: Caller, teamId: number, bodyOrganizationId: number | undefined): Promise<TeamOverviewData> {
  const { organizationId, team } = await managedTeam(ctx, caller, teamId);
  assertSameOrganization(organizationId, bodyOrganizationId);
  const [members, path] = await Promise.all([teamMembers(ctx.db, organizationId, teamId), learningPathFor(ctx.db, organizationId, teamId)]);
  return {
    id: team.id,
    name: team.name,
    members: members.map((m) => ({
      id: m.id,
      first_name: m.name,
      last_name: m.last_name,
      created_at: new Date(m.created_at).toISOString(),
      updated_at: new Date(m.updated_at).toISOString(),
    })),
    categories: path.categories.map((c) => ({ category_id: c.category_id, name: c.name, picture: c.picture, essential: c.essential })),
  };
}
