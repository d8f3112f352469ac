import type { AppContext } from '../../app-context.ts';
import { learningPathHome } from '../learning/learning.service.ts';
import { learningPathFor } from '../organization/learning-path.queries.ts';
import type { Viewer } from '../videos/playback-access.ts';
import type { SearchScope } from './search.queries.ts';

/**
 * What a member's search may show: the categories of their learning path that are available to them
 * (design.md's availability rule, as home computes it: locked categories cannot be opened, so they
 * are not found either) and their path's hidden videos. The guest follows the catalog path like any
 * member of an organization without one.
 */
export async function searchScopeOf(ctx: AppContext, viewer: Viewer): Promise<SearchScope> {
  const [home, path] = await Promise.all([learningPathHome(ctx, viewer), learningPathFor(ctx.db, viewer.organizationId ?? 0, viewer.teamId)]);
  return { categoryIds: home.categories.filter((c) => c.available).map((c) => c.category_id), hiddenVideoIds: path.hiddenVideoIds };
}

/** Transcripts are part of what a subscription plays: without access, cue results are not offered. */
export const maySearchTranscripts = (viewer: Viewer): boolean => viewer.canPlay;
