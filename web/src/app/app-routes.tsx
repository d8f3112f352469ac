import { Suspense } from 'react';
import { useSession } from '../lib/session.ts';
import { MemberRoutes } from './member-routes.tsx';
import { PublicRoutes } from './public-routes.tsx';
import { RouteFallback } from './route-fallback.tsx';

/** Two route sets, switched on sign-in (member spec, section 4). */
export function AppRoutes() {
  return (
    // Pages load lazily; the layouts wait for theirs inside <main>, this boundary serves the full-window players.
    <Suspense fallback={<RouteFallback />}>{useSession() ? <MemberRoutes /> : <PublicRoutes />}</Suspense>
  );
}
