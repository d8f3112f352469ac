import { useSession } from '../lib/session.ts';
import { MemberRoutes } from './member-routes.tsx';
import { PublicRoutes } from './public-routes.tsx';

/** Two route sets, switched on sign-in (member spec, section 4). */
export function AppRoutes() {
  return useSession() ? <MemberRoutes /> : <PublicRoutes />;
}
