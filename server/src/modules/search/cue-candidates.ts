import type { Db, Dialect } from '../../db/client.ts';
import { KeptByVersion } from '../../lib/kept-by-version.ts';
import type { ParsedQuery } from '../../lib/search-text.ts';
import { CATALOG_VERSION, FIRST_CATALOG_VERSION, findSetting } from '../settings/index.ts';
import { bestCues, type CueCandidate, type Page, type SearchScope } from './search.queries.ts';
import { oneMomentEach } from './search.rules.ts';

/** How many of the catalog's best cues a query keeps; members' pages are cut from them. */
export const CUE_CANDIDATES = 1000;
/** Distinct queries kept per instance (a few tens of kilobytes each). */
const keptRankings = new KeptByVersion<CueCandidate[]>(500);

/**
 * The catalog's best cues for a query, ranked once per catalog version and kept by this instance:
 * ranking every match of a common word (a tenth of three million words) costs a few hundred milliseconds,
 * and the members of a plant search the same words. The ranking is the same for everyone (each member's
 * scope filters it afterwards); the catalog version (read with the caller's session, else here), renewed by
 * every import, makes every instance rank again after one.
 */
export async function cueCandidates(db: Db, dialect: Dialect, query: ParsedQuery, catalogVersion: string | undefined): Promise<CueCandidate[]> {
  const version = catalogVersion ?? (await findSetting(db, CATALOG_VERSION)) ?? FIRST_CATALOG_VERSION;
  const key = `${query.prefix ? 'prefix' : 'words'}:${query.words.join(' ')}`;
  return keptRankings.get(db, version, key, () => bestCues(db, dialect, query, CUE_CANDIDATES));
}

/**
 * The page of the candidates the scope may see (listed, in a category of the scope, not hidden) as moments, one per
 * lesson and second, the member's `language` first (search.rules.ts), and how many of them there are: worked out
 * here, each candidate carrying its video's category and listing, its start and its track's language.
 */
export function candidatesInScope(candidates: CueCandidate[], scope: SearchScope, page: Page, language: string): { cueIds: number[]; total: number } {
  const categories = new Set(scope.categoryIds);
  const hidden = new Set(scope.hiddenVideoIds);
  const visible = oneMomentEach(
    candidates.filter((c) => c.listed && categories.has(c.category_id) && !hidden.has(c.video_id)),
    language,
  );
  return { cueIds: visible.slice(page.skip, page.skip + page.take).map((c) => c.cue_id), total: visible.length };
}
