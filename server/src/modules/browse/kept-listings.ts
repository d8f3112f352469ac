import type { Db } from '../../db/client.ts';
import { KeptByVersion } from '../../lib/kept-by-version.ts';
import { type CategoryListingRow, categoryListing, type HomeSectionRow, homeSectionRows, type ListFlag } from './browse.queries.ts';

/*
 * Catalog listings, the same for every member, kept by this instance under the catalog version the caller read with
 * its session (settings/catalog-version.ts): only an import changes them. Without a version (a caller the server
 * made up) they are read afresh. The kept rows are shared: read them only.
 */

/** Two lists (test and production) of the home and of each category: a few hundred entries at most. */
const keptSections = new KeptByVersion<HomeSectionRow[]>(500);

/** The home sections' videos. */
export function keptHomeSectionRows(
  db: Db,
  version: string | undefined,
  flag: ListFlag,
  categoryId: number | undefined,
  perGroup: number,
): Promise<HomeSectionRow[]> {
  return keptSections.get(db, version, `${flag}:${categoryId ?? ''}:${perGroup}`, () => homeSectionRows(db, flag, categoryId, perGroup));
}

/** One listing per category: a few hundred at most. */
const keptCategoryListings = new KeptByVersion<CategoryListingRow[]>(500);

/** A category page's listed videos, before the caller's path hides any. */
export function keptCategoryListing(db: Db, version: string | undefined, categoryId: number): Promise<CategoryListingRow[]> {
  return keptCategoryListings.get(db, version, String(categoryId), () => categoryListing(db, categoryId));
}
