import { SUPPORT_EMAIL } from '../../config/app.ts';
import { paths } from '../../config/paths.ts';
import type { Session } from '../../lib/session.ts';

/** A menu entry: an app route, or an external address opened outside the app. */
export type NavEntry = { label: string; to: string; external?: boolean };

type Viewer = Pick<Session, 'isSuperUser' | 'isGuestUser' | 'kioskIdleSeconds'>;

const REQUEST_TOPIC = `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent('Topic request')}`;

function when(condition: boolean, ...entries: NavEntry[]): NavEntry[] {
  return condition ? entries : [];
}

/** Header links (member spec, section 2, "Header and menus"). */
export function headerEntries({ isSuperUser, isGuestUser }: Viewer): NavEntry[] {
  return [
    { label: 'Home', to: paths.home },
    ...when(isSuperUser, { label: 'Dashboard', to: paths.dashboard }, { label: 'Library', to: paths.library }),
    { label: 'Help', to: paths.help },
    ...when(isGuestUser, { label: 'Request Topic', to: REQUEST_TOPIC, external: true }),
  ];
}

/** The profile dropdown; on a shared kiosk no account screens, and signing out is "Done". */
export function profileEntries({ isSuperUser, isGuestUser, kioskIdleSeconds }: Viewer): NavEntry[] {
  const onKiosk = kioskIdleSeconds !== undefined;
  return [
    ...when(isSuperUser, { label: 'Manage', to: paths.manageOrganization }),
    ...when(!isGuestUser && !onKiosk, { label: 'User Account', to: paths.account.root }),
    { label: 'Certificates', to: paths.achievements },
    ...when(!isGuestUser, { label: 'Qualifications', to: paths.qualifications.root }),
    ...when(!isGuestUser && !onKiosk, { label: 'Our lessons', to: paths.ourLessons }),
    { label: onKiosk ? 'Done' : 'Sign out', to: paths.logout },
  ];
}

/** The mobile sidebar: the header and profile entries, plus Experts. */
export function sidebarEntries(viewer: Viewer): NavEntry[] {
  return [...headerEntries(viewer), { label: 'Experts', to: paths.experts }, ...profileEntries(viewer)];
}
