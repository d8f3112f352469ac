import type { Db } from '../../db/client.ts';
import { KeptByVersion } from '../../lib/kept-by-version.ts';
import { type HomeSectionRow, homeSectionRows, type ListFlag } from './browse.queries.ts';

/** Two lists (test and production) of the home and of each category: a few hundred entries at most. */
const keptSections = new KeptByVersion<HomeSectionRow[]>(500);

/**
 * The home sections' videos, the same for every member, kept by this instance under the catalog version the
 * caller read with its session (settings/catalog-version.ts): only an import changes them. Without a version
 * (a caller the server made up) they are read afresh. The kept rows are shared: read them only.
 */
export function keptHomeSectionRows(
  db: Db,
  version: string | undefined,
  flag: ListFlag,
  categoryId: number | undefined,
  perGroup: number,
): Promise<HomeSectionRow[]> {
  const read = () => homeSectionRows(db, flag, categoryId, perGroup);
  if (version === undefined) return read();
  return keptSections.get(db, version, `${flag}:${categoryId ?? ''}:${perGroup}`, read);
}
