import type { Db } from '../../db/client.ts';
import type { LearningPath } from '../organization/index.ts';
import { keptLearningPathFor, organizationTeamNames } from '../organization/index.ts';
import { publishedOwnLessonIds } from '../studio/index.ts';
import type { MeasuredMembers } from './member-progress.queries.ts';
import { categoryCount, listedCatalog, subCategoryCounts } from './path-videos.ts';

/** Whose standing is measured: the whole organization, one team, or one member (of `teamId`'s path). */
export type Measuring = { organizationId: number; teamId: number | null; userId?: number; memberTeamId?: number | null };

const NONE: ReadonlySet<number> = new Set();

/**
 * What `memberStandingSql` needs to measure every member of the selection against the path they follow (their team's
 * when it has one of its own, else the organization's: `learningPathFor`), `pick` choosing the categories measured of
 * each path. The paths are the ones kept per catalog version (a few team paths; no statement per member), the visible
 * totals come from the kept listed catalog minus each path's hidden videos, as home counts them (path-videos.ts).
 * `ownLessons`: also own lessons (studio), one video each, as home counts the whole path: true for each path's own,
 * or those a function picks of each path (the dashboard's panels: one lesson, or the selection's path's); only the
 * organization's published ones are ever measured.
 */
export async function measuredMembers(
  db: Db,
  catalogVersion: string | undefined,
  who: Measuring,
  pick: (path: LearningPath) => number[],
  ownLessons: boolean | ((path: LearningPath) => readonly number[]) = false,
): Promise<MeasuredMembers> {
  const { organizationId } = who;
  const teamIds =
    who.userId !== undefined
      ? [who.memberTeamId ?? null]
      : who.teamId !== null
        ? [who.teamId]
        : [null, ...(await organizationTeamNames(db, organizationId)).map((t) => t.id)];
  const [catalog, paths] = await Promise.all([
    listedCatalog(db, catalogVersion),
    Promise.all(teamIds.map(async (teamId) => ({ teamId, path: await keptLearningPathFor(db, catalogVersion, organizationId, teamId) }))),
  ]);
  // A team without a path of its own follows the organization's: path key 0, measured once.
  const followed = new Map<number, LearningPath>();
  for (const { teamId, path } of paths) followed.set(path.source === 'team' && teamId !== null ? teamId : 0, path);
  const measured: MeasuredMembers['measured'] = [];
  const hidden: MeasuredMembers['hidden'] = [];
  for (const [pathKey, path] of followed) {
    const categoryIds = pick(path);
    const counts = subCategoryCounts(catalog, categoryIds, path.hiddenVideoIds, NONE);
    for (const categoryId of categoryIds) measured.push({ pathKey, categoryId, total: categoryCount(counts, categoryId).total });
    const inScope = new Set(categoryIds);
    for (const videoId of path.hiddenVideoIds) {
      const video = catalog.byId.get(videoId);
      if (video && inScope.has(video.category_id)) hidden.push({ pathKey, videoId, categoryId: video.category_id });
    }
  }
  const lessons: NonNullable<MeasuredMembers['lessons']> = [];
  if (ownLessons !== false) {
    const pickLessons = ownLessons === true ? (path: LearningPath) => path.lessonIds : ownLessons;
    const picked = new Map([...followed].map(([pathKey, path]) => [pathKey, [...new Set(pickLessons(path))]]));
    // One read for every path's lessons: a path may still list one unpublished or deleted since it was saved, and a
    // lesson asked for may be another organization's (never measured: it is not among this one's published lessons).
    const live = new Set(await publishedOwnLessonIds(db, organizationId, [...new Set([...picked.values()].flat())]));
    for (const [pathKey, ids] of picked) for (const lessonId of ids) if (live.has(lessonId)) lessons.push({ pathKey, lessonId });
  }
  return {
    organizationId,
    teamId: who.teamId,
    userId: who.userId,
    ownPathTeamIds: [...followed.keys()].filter((k) => k !== 0),
    measured,
    hidden,
    lessons,
  };
}
