import type { ChangeListener } from '../../db/change-notices.ts';
import { createKeptRows } from '../../db/kept-rows.ts';

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

/** Live sessions kept in memory by token hash (issue 41: every request read its session from the database). */
export function createSessionCache(changes: ChangeListener, { freshness = SESSION_FRESHNESS_MS, size = KEPT_SESSIONS } = {}) {
  return createKeptRows<KeptSession>(changes, {
    freshness,
    size,
    namedBy: (session, kind, id) =>
      (kind === 'session' && session.sessionId === id) ||
      (kind === 'user' && session.userId === id) ||
      (kind === 'kiosk' && session.kioskId === id) ||
      (kind === 'organization' && session.organizationId === id),
    expired: (session, t) => session.expiresAt <= t,
  });
}
