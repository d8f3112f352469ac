import type { Db, Dialect } from '../../db/client.ts';
import { findSetting } from '../settings/settings.queries.ts';
import { bestCueIds } from './search.queries.ts';
import { SEARCH_INDEX_VERSION } from './search-index.queries.ts';
import type { ParsedQuery } from './search-text.ts';

/** How many of the catalog's best cues a query keeps; members' pages are cut from them. */
export const CUE_CANDIDATES = 1000;
/** Distinct queries kept per instance (a few kilobytes each). */
const KEPT_QUERIES = 500;

type Kept = { version: string; ids: number[] };
const keptByDatabase = new WeakMap<Db, Map<string, Kept>>();

/**
 * The catalog's best cues for a query, ranked once per version of the index and kept by this instance:
 * ranking every match of a common word (a tenth of three million words) costs a few hundred milliseconds,
 * and the members of a plant search the same words. The ranking is the same for everyone (each member's
 * scope filters it afterwards); the version, renewed in the database by every rebuild of the index, makes
 * every instance rank again after an import.
 */
export async function cueCandidates(db: Db, dialect: Dialect, query: ParsedQuery): Promise<number[]> {
  const version = (await findSetting(db, SEARCH_INDEX_VERSION)) ?? 'none';
  let kept = keptByDatabase.get(db);
  if (!kept) {
    kept = new Map();
    keptByDatabase.set(db, kept);
  }
  const key = `${query.prefix ? 'prefix' : 'words'}:${query.words.join(' ')}`;
  const found = kept.get(key);
  // Deleted and set again either way: the map's first key is the least recently used.
  kept.delete(key);
  if (found && found.version === version) {
    kept.set(key, found);
    return found.ids;
  }
  const ids = await bestCueIds(db, dialect, query, CUE_CANDIDATES);
  kept.set(key, { version, ids });
  if (kept.size > KEPT_QUERIES) kept.delete(kept.keys().next().value as string);
  return ids;
}
