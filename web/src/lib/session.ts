import type { SessionData } from '@mm/contract';
import { useSyncExternalStore } from 'react';
import { getKioskDeviceToken, rememberKioskDevice } from './kiosk-device.ts';

/** The session values the browser keeps after sign-in (member spec, section 3). */
export type Session = {
  userId: number;
  accessToken: string;
  organizationId: number | null;
  organizationName: string | null;
  teamId: number | null;
  team: string | null;
  role: string | null;
  userType: number;
  push_status: number;
  name: string;
  isSuperUser: boolean;
  isGuestUser: boolean;
  active_profile_id: number;
  active_profile_image: string | null;
  logged_in_account: number;
  first_login: number;
  last_login: string | null;
  lang: 'en';
  /** Set for a session opened with a PIN on a shared kiosk: it ends after this many seconds without a touch. */
  kioskIdleSeconds?: number;
};

const STORAGE_KEY = 'mm.session';
const listeners = new Set<() => void>();
let current: Session | null = readStored();

function readStored(): Session | null {
  const raw = localStorage.getItem(STORAGE_KEY);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<Session>;
    return typeof value.accessToken === 'string' && typeof value.userId === 'number' ? (value as Session) : null;
  } catch {
    return null;
  }
}

function publish(next: Session | null): void {
  current = next;
  for (const listener of listeners) listener();
}

// Signing in or out in another tab switches this tab too.
window.addEventListener('storage', (event) => {
  if (event.key === STORAGE_KEY || event.key === null) publish(readStored());
});

export function sessionFromSignIn(data: SessionData): Session {
  return {
    userId: data.user_id,
    accessToken: data.token,
    organizationId: data.organization_id,
    organizationName: data.organization_name,
    teamId: data.team_id,
    team: data.team,
    role: data.role,
    userType: data.user_type,
    push_status: data.push_status,
    name: data.name,
    isSuperUser: data.is_super_user === 1,
    isGuestUser: data.is_guest === 1,
    active_profile_id: data.sub_profile_id,
    active_profile_image: data.picture,
    logged_in_account: data.logged_in_account,
    first_login: data.first_login,
    last_login: data.last_login,
    lang: 'en',
  };
}

export function getSession(): Session | null {
  return current;
}

export function saveSession(session: Session): void {
  localStorage.setItem(STORAGE_KEY, JSON.stringify(session));
  publish(session);
}

/**
 * Stores a session for the next page load only: this page is about to leave (to the checkout), and
 * switching it to the signed-in screens now would flash /home first.
 */
export function storeSessionForNextPage(session: Session): void {
  localStorage.setItem(STORAGE_KEY, JSON.stringify(session));
}

export function updateSession(changes: Partial<Omit<Session, 'accessToken' | 'userId'>>): void {
  if (current) saveSession({ ...current, ...changes });
}

/** Sign-out forgets everything this app stored in the browser, but the tablet's own kiosk enrolment. */
const KEPT_KEYS = ['mm-locale', 'mm-pseudo-locale'];

export function clearSession(): void {
  const kioskDevice = getKioskDeviceToken();
  // The browser's language choice (and a test's pseudo-locale) outlive the session: they are the browser's, not the member's.
  const kept = KEPT_KEYS.map((key) => [key, localStorage.getItem(key)] as const);
  localStorage.clear();
  for (const [key, value] of kept) if (value !== null) localStorage.setItem(key, value);
  // The member's reads kept for offline use (the service worker's copies) leave with the session.
  if (typeof caches !== 'undefined') for (const name of ['mm-data', 'mm-media']) void caches.delete(name).catch(() => undefined);
  if (kioskDevice) rememberKioskDevice(kioskDevice);
  publish(null);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): Session | null {
  return useSyncExternalStore(subscribe, getSession);
}

/** For screens that only render inside the signed-in route set. */
export function useSignedInSession(): Session {
  const session = useSession();
  if (!session) throw new Error('useSignedInSession is used outside the signed-in routes');
  return session;
}
