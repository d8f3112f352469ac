import { Navigate, Outlet } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useSignedInSession } from '../../../lib/session.ts';

/** Account, billing and sharing screens are not for a shared tablet (the server refuses their calls too). */
export function NotOnKiosk() {
  const session = useSignedInSession();
  if (session.kioskIdleSeconds !== undefined) return <Navigate to={paths.home} replace />;
  return <Outlet />;
}
