import type { TFunction } from 'i18next';
import { SUPPORT_EMAIL } from '../../config/app.ts';
import { paths } from '../../config/paths.ts';
import type { Session } from '../../lib/session.ts';

/** A menu entry: an app route, or an external address opened outside the app. `key` is stable across languages. */
export type NavEntry = { key: string; label: string; to: string; external?: boolean };

type Viewer = Pick<Session, 'isSuperUser' | 'isGuestUser' | 'kioskIdleSeconds'>;

const REQUEST_TOPIC = `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent('Topic request')}`;

function when(condition: boolean, ...entries: NavEntry[]): NavEntry[] {
  return condition ? entries : [];
}

const entry = (t: TFunction, key: string, to: string, external?: boolean): NavEntry => ({ key, label: t(`nav.${key}`), to, ...(external ? { external } : {}) });

/** Header links (member spec, section 2, "Header and menus"). */
export function headerEntries({ isSuperUser, isGuestUser }: Viewer, t: TFunction): NavEntry[] {
  return [
    entry(t, 'home', paths.home),
    ...when(isSuperUser, entry(t, 'dashboard', paths.dashboard), entry(t, 'library', paths.library)),
    entry(t, 'help', paths.help),
    ...when(isGuestUser, entry(t, 'requestTopic', REQUEST_TOPIC, true)),
  ];
}

/** The profile dropdown; on a shared kiosk no account screens, and signing out is "Done". */
export function profileEntries({ isSuperUser, isGuestUser, kioskIdleSeconds }: Viewer, t: TFunction): NavEntry[] {
  const onKiosk = kioskIdleSeconds !== undefined;
  return [
    ...when(isSuperUser, entry(t, 'manage', paths.manageOrganization)),
    ...when(!isGuestUser && !onKiosk, entry(t, 'account', paths.account.root)),
    entry(t, 'certificates', paths.achievements),
    ...when(!isGuestUser, entry(t, 'qualifications', paths.qualifications.root)),
    ...when(!isGuestUser && !onKiosk, entry(t, 'ourLessons', paths.ourLessons)),
    entry(t, onKiosk ? 'done' : 'signOut', paths.logout),
  ];
}

/** The mobile sidebar: the header and profile entries, plus Experts. */
export function sidebarEntries(viewer: Viewer, t: TFunction): NavEntry[] {
  return [...headerEntries(viewer, t), entry(t, 'experts', paths.experts), ...profileEntries(viewer, t)];
}
