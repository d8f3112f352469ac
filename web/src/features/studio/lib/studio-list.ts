/**
 * The studio list's paging, as the app's other paged lists do it (Mantine's Pagination over skip/take): pages
 * count from 1, and a page left empty (its last lesson deleted, a narrower search) falls back to the last one there is.
 */

/** How many pages `total` lessons make, `take` a page (none for an empty list). */
export const pageCount = (total: number, take: number): number => Math.ceil(total / take);

/** The page (from 1) that starts at `skip`. */
export const pageAt = (skip: number, take: number): number => Math.floor(skip / take) + 1;

/** Where page `page` (from 1) starts. */
export const skipOf = (page: number, take: number): number => Math.max(0, page - 1) * take;

/**
 * The start of a page that still has lessons: `skip` itself when some lesson is at or after it, else the last page's
 * start (0 for an empty list), so deleting the last lesson of the last page shows the page before it.
 */
export function skipWithin(skip: number, total: number, take: number): number {
  if (skip < total) return skip;
  return skipOf(pageCount(total, take), take);
}
