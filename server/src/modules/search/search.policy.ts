import type { AppContext } from '../../app-context.ts';
import { pathAccessOf } from '../learning/index.ts';
import { keptLearningPathFor } from '../organization/index.ts';
import type { Viewer } from '../videos/index.ts';
import type { SearchScope } from './search.queries.ts';

/**
 * What a member's search may show: the categories of their learning path that are available to them
 * (design.md's availability rule, the one every video call applies: locked categories cannot be opened, so
 * they are not found either) and their path's hidden videos. Without an organization the catalog path applies.
 */
export async function searchScopeOf(ctx: AppContext, viewer: Viewer): Promise<SearchScope> {
  const access = await pathAccessOf(ctx, viewer);
  const pathCategoryIds = access.categoryIds ?? (await keptLearningPathFor(ctx.db, viewer.catalogVersion, 0, null)).categories.map((c) => c.category_id);
  return { categoryIds: pathCategoryIds.filter((id) => !access.lockedCategoryIds.has(id)), hiddenVideoIds: access.hiddenVideoIds };
}

/** Transcripts are part of what a subscription plays: without access, cue results are not offered. */
export const maySearchTranscripts = (viewer: Viewer): boolean => viewer.canPlay;
