import { lazy, Suspense } from 'react';
import { useSession } from '../lib/session.ts';
import { PublicRoutes } from './public-routes.tsx';
import { RouteFallback } from './route-fallback.tsx';

/**
 * The member side (its layout, header, menus, notices and the kiosk bar) loads with the first signed-in screen, not
 * with the landing page a visitor opens first (issue 40: the first route at most 200 KB of JavaScript, gzip).
 */
const MemberRoutes = lazy(() => import('./member-routes.tsx').then((m) => ({ default: m.MemberRoutes })));

/** Two route sets, switched on sign-in (member spec, section 4). */
export function AppRoutes() {
  return (
    // Pages load lazily; the layouts wait for theirs inside <main>, this boundary serves the full-window players.
    <Suspense fallback={<RouteFallback />}>{useSession() ? <MemberRoutes /> : <PublicRoutes />}</Suspense>
  );
}
