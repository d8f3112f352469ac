import type { Db } from '../../db/client.ts';
import { type LearningPath, learningPathFor } from './learning-path.queries.ts';

/** Paths kept per instance: one per organization and team that asked, a few kilobytes each. */
const KEPT_PATHS = 5000;

type Kept = { version: string; path: Promise<LearningPath> };
const keptByDatabase = new WeakMap<Db, Map<string, Kept>>();

/**
 * `learningPathFor`, kept by this instance per organization and team under the catalog version the caller read
 * with its session (settings/catalog-version.ts): every member of a team follows the same path, and it changes
 * only through the writes that renew that version (path saves, hidden videos, team deletion, catalog imports).
 * Without a version (a caller the server made up) the path is read afresh. The kept path is shared: read it only.
 */
export function keptLearningPathFor(db: Db, version: string | undefined, organizationId: number, teamId: number | null): Promise<LearningPath> {
  if (version === undefined) return learningPathFor(db, organizationId, teamId);
  let kept = keptByDatabase.get(db);
  if (!kept) {
    kept = new Map();
    keptByDatabase.set(db, kept);
  }
  const key = `${organizationId}:${teamId ?? ''}`;
  const found = kept.get(key);
  // Deleted and set again either way: the map's first key is the least recently used.
  kept.delete(key);
  if (found && found.version === version) {
    kept.set(key, found);
    return found.path;
  }
  const path = learningPathFor(db, organizationId, teamId);
  const entry = { version, path };
  kept.set(key, entry);
  // A failed read is not kept: the next call asks again.
  path.catch(() => {
    if (kept.get(key) === entry) kept.delete(key);
  });
  if (kept.size > KEPT_PATHS) kept.delete(kept.keys().next().value as string);
  return path;
}
