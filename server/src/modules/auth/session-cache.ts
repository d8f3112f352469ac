import type { ChangeListener } from '../../db/change-notices.ts';

/** What an instance keeps of a live session: the session and its member, as read with `findLiveSession`. */
export type KeptSession = {
  sessionId: number;
  userId: number;
  organizationId: number | null;
  teamId: number | null;
  kioskId: number | null;
  isSuperUser: boolean;
  isGuest: boolean;
  timezone: string | null;
  locale: string | null;
  lastUsedAt: number;
  expiresAt: number;
  /** When it was read from the database. */
  readAt: number;
};

/**
 * How long a kept session is used before it is read again. Revocations and changes to the member are announced and
 * drop it at once (db/change-notices.ts); this bounds what a write that announces nothing could leave stale.
 */
export const SESSION_FRESHNESS_MS = 5000;
/** Sessions kept per instance: the least recently used beyond this is dropped (a few hundred bytes each). */
export const KEPT_SESSIONS = 20_000;

export type SessionCache = ReturnType<typeof createSessionCache>;

/**
 * Live sessions kept in memory by token hash (issue 41: every request read its session from the database). Changes
 * heard from any instance drop the sessions they touch; when notices may have been missed (the listening connection
 * dropped) everything is dropped and nothing is kept until the instance listens again.
 */
export function createSessionCache(changes: ChangeListener, { freshness = SESSION_FRESHNESS_MS, size = KEPT_SESSIONS } = {}) {
  const kept = new Map<string, KeptSession>();
  // Every drop moves it on: a session read before a drop and arriving after it is not kept (it may predate the change).
  let generation = 0;
  const dropWhere = (match: (session: KeptSession) => boolean) => {
    generation++;
    // A scan of at most `size` entries, for a notice that comes with a sign-out or an administrator's change.
    for (const [hash, session] of kept) if (match(session)) kept.delete(hash);
  };
  changes.subscribe(
    (notice) => {
      const [kind, value] = notice.split(':');
      const id = Number(value);
      if (kind === 'session') dropWhere((s) => s.sessionId === id);
      else if (kind === 'user') dropWhere((s) => s.userId === id);
      else if (kind === 'kiosk') dropWhere((s) => s.kioskId === id);
      else if (kind === 'organization') dropWhere((s) => s.organizationId === id);
    },
    () => {
      generation++;
      kept.clear();
    },
  );
  return {
    /** Where a read starts: hand it back to `keep`. */
    get generation() {
      return generation;
    },
    /** The kept session of this token hash, still fresh and unexpired at `t`; else undefined (read it again). */
    get(tokenHash: string, t: number): KeptSession | undefined {
      const session = kept.get(tokenHash);
      if (!session) return undefined;
      if (t - session.readAt > freshness || session.expiresAt <= t || !changes.live()) {
        kept.delete(tokenHash);
        return undefined;
      }
      // Least recently used first in the map's order.
      kept.delete(tokenHash);
      kept.set(tokenHash, session);
      return session;
    },
    /** Keeps a session read from the database since `since` (a `generation`), unless a change was heard meanwhile. */
    keep(tokenHash: string, session: KeptSession, since: number): void {
      if (since !== generation || !changes.live()) return;
      kept.delete(tokenHash);
      if (kept.size >= size) kept.delete(kept.keys().next().value as string);
      kept.set(tokenHash, session);
    },
    get size() {
      return kept.size;
    },
  };
}
