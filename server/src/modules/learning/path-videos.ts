import type { Db } from '../../db/client.ts';
import { KeptByVersion } from '../../lib/kept-by-version.ts';
import { catalogNames, type ListedVideo, listedVideos, type SubCategoryCount } from './learning.queries.ts';

/**
 * What a member's progress is counted against, kept by each instance under the catalog version (renewed by every
 * catalog and path write): the catalog's listed videos, by id and per sub-category. A member's figures are then
 * their own watch rows laid over it (one small statement) instead of the catalog joined with their history on every
 * call; a path's hidden videos are taken off the kept totals at read time. The names a path card shows (categories'
 * challenges, sub-categories' names) are kept with it.
 */
type ListedCatalog = {
  byId: Map<number, ListedVideo>;
  /** Keyed `category:sub-category`. */
  bySubCategory: Map<string, SubCategoryCount>;
  challenges: Map<number, string>;
  subCategoryNames: Map<number, string>;
};

const keyOf = (v: { category_id: number; sub_category_id: number }) => `${v.category_id}:${v.sub_category_id}`;

const keptCatalog = new KeptByVersion<ListedCatalog>(4);

async function buildListedCatalog(db: Db): Promise<ListedCatalog> {
  const [videos, names] = await Promise.all([listedVideos(db), catalogNames(db)]);
  const byId = new Map(videos.map((v) => [v.id, v]));
  const bySubCategory = new Map<string, SubCategoryCount>();
  for (const v of videos) {
    const sub = bySubCategory.get(keyOf(v)) ?? { category_id: v.category_id, sub_category_id: v.sub_category_id, total: 0, watched: 0, seconds: 0 };
    sub.total += 1;
    sub.seconds += Number(v.duration_seconds);
    bySubCategory.set(keyOf(v), sub);
  }
  return { byId, bySubCategory, ...names };
}

/** The listed catalog under `version`; read afresh without one (a caller the server made up). */
export function listedCatalog(db: Db, version: string | undefined): Promise<ListedCatalog> {
  return keptCatalog.get(db, version, 'listed', () => buildListedCatalog(db));
}

/**
 * Per sub-category of `categoryIds`: its listed videos the path does not hide (count and seconds) and how many of them
 * the member watched, ordered by category and sub-category; a sub-category left without a visible video is absent.
 */
export function subCategoryCounts(
  catalog: ListedCatalog,
  categoryIds: readonly number[],
  hiddenVideoIds: readonly number[],
  watched: ReadonlySet<number>,
): SubCategoryCount[] {
  const inPath = new Set(categoryIds);
  const counts = new Map<string, SubCategoryCount>();
  for (const [key, sub] of catalog.bySubCategory) if (inPath.has(sub.category_id)) counts.set(key, { ...sub });
  const hidden = new Set(hiddenVideoIds);
  for (const id of hidden) {
    const video = catalog.byId.get(id);
    const sub = video && counts.get(keyOf(video));
    if (!video || !sub) continue;
    sub.total -= 1;
    sub.seconds -= video.duration_seconds;
  }
  for (const id of watched) {
    const video = catalog.byId.get(id);
    const sub = video && !hidden.has(id) ? counts.get(keyOf(video)) : undefined;
    if (sub) sub.watched += 1;
  }
  return [...counts.values()].filter((s) => s.total > 0).sort((a, b) => a.category_id - b.category_id || a.sub_category_id - b.sub_category_id);
}

/** A category's visible videos and those the member watched: the sum of its sub-categories' counts. */
export function categoryCount(counts: readonly SubCategoryCount[], categoryId: number): { subs: SubCategoryCount[]; total: number; watched: number } {
  const subs = counts.filter((s) => s.category_id === categoryId);
  return { subs, total: subs.reduce((n, s) => n + s.total, 0), watched: subs.reduce((n, s) => n + s.watched, 0) };
}
