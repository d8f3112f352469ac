import { Navigate, Outlet } from 'react-router';
import { paths } from '../config/paths.ts';
import { useSignedInSession } from '../lib/session.ts';

/** Administration screens: anyone whose isSuperUser is not 1 goes to /home (administration spec, section 2). */
export function SuperUserOnly() {
  const session = useSignedInSession();
  if (!session.isSuperUser || session.organizationId === null) return <Navigate to={paths.home} replace />;
  return <Outlet />;
}

/** The organization of the signed-in super user (SuperUserOnly has checked it exists). */
export function useManagedOrganization(): { organizationId: number; organizationName: string; userId: number } {
  const session = useSignedInSession();
  return { organizationId: session.organizationId ?? 0, organizationName: session.organizationName ?? '', userId: session.userId };
}
