import type { OrganizationCategoriesData, TeamSettingsData } from '@mm/contract';
import type { AppContext } from '../../app-context.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import type { Caller } from '../auth/index.ts';
import { learningPathFor } from './learning-path.queries.ts';
import { findTeam } from './teams.queries.ts';

// The path an organization or a team follows, as its settings screens and the category pickers read it.

/**
 * The organization's categories: the learning path of the team (team_id, else the caller's team) when it has
 * its own, else the organization's default path, else the catalog, in path order with the path's essential flags.
 */
export async function organizationCategories(
  ctx: AppContext,
  caller: Caller,
  organizationId: number,
  teamId: number | undefined,
): Promise<OrganizationCategoriesData> {
  if (caller.organizationId !== organizationId) throw forbidden("You cannot see another organization's categories.");
  if (teamId !== undefined && !(await findTeam(ctx.db, organizationId, teamId))) throw notFound('Team not found.');
  const path = await learningPathFor(ctx.db, organizationId, teamId ?? caller.teamId);
  return {
    data: path.categories.map((c) => ({
      category_id: c.category_id,
      category: { id: c.category_id, name: c.name, picture: c.picture },
      essential: c.essential,
      sort: c.position,
    })),
  };
}

/**
 * The learning path the members of a team of the caller's organization follow (`learningPathFor`): the team's own, else the
 * organization's, else the catalog, with `source` saying which. A team of another organization, or none, is 404.
 */
export async function teamSettings(ctx: AppContext, caller: Caller, teamId: number): Promise<TeamSettingsData> {
  if (caller.organizationId === null || !(await findTeam(ctx.db, caller.organizationId, teamId))) throw notFound('Team not found.');
  const path = await learningPathFor(ctx.db, caller.organizationId, teamId);
  return {
    team_id: teamId,
    source: path.source,
    data: path.categories.map((c) => ({
      category_id: c.category_id,
      category: { id: c.category_id, name: c.name, picture: c.picture },
      essential: c.essential,
      sort: c.position,
      position: c.position,
    })),
    hidden_video_ids: path.hiddenVideoIds,
  };
}
