import type { Db } from '../../db/client.ts';
import { KeptByVersion } from '../../lib/kept-by-version.ts';
import { type LearningPath, learningPathFor } from './learning-path.queries.ts';

/** One path per organization and team that asked, a few kilobytes each. */
const keptPaths = new KeptByVersion<LearningPath>(5000);

/**
 * `learningPathFor`, kept by this instance per organization and team under the catalog version the caller read
 * with its session (settings/catalog-version.ts): every member of a team follows the same path, and it changes
 * only through the writes that renew that version (path saves, hidden videos, team deletion, catalog imports).
 * Without a version (a caller the server made up) the path is read afresh. The kept path is shared: read it only.
 */
export function keptLearningPathFor(db: Db, version: string | undefined, organizationId: number, teamId: number | null): Promise<LearningPath> {
  return keptPaths.get(db, version, `${organizationId}:${teamId ?? ''}`, () => learningPathFor(db, organizationId, teamId));
}
