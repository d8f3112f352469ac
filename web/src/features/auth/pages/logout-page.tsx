import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { PageLoader } from '../../../components/page-loader.tsx';
import { paths } from '../../../config/paths.ts';
import { getKioskDeviceToken } from '../../../lib/kiosk-device.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { endSessionOnServer } from '../../../lib/offline-queue.ts';
import { clearSession, getSession } from '../../../lib/session.ts';

/** Public pages a sign-out may end on instead of sign-in (the guest leaving for the plans). */
const PUBLIC_DESTINATIONS: readonly string[] = [paths.plans];

/** Where a sign-out ends: sign-in (a kiosk tablet: its team screen), or the public page asked with (`state.next`). */
function useSignOutDestination(): string {
  const next = (useLocation().state as { next?: string } | null)?.next;
  if (next && PUBLIC_DESTINATIONS.includes(next)) return next;
  return getKioskDeviceToken() ? paths.kiosk : paths.login;
}

/**
 * /logout once the session is gone: the signed-out route set takes over on this same path, and goes on where the
 * sign-out was heading (its fallback would always pick /login).
 */
export function AfterSignOut() {
  return <Navigate to={useSignOutDestination()} replace />;
}

/**
 * Revokes the token (without a network it waits in the offline queue, after the person's own writes, and is sent
 * when the network returns; any other failure changes nothing for the user), forgets everything, back to sign-in
 * (or `state.next`).
 */
export function LogoutPage() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const destination = useSignOutDestination();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const session = getSession();
    (session ? endSessionOnServer(session) : Promise.resolve())
      .catch(() => undefined)
      .finally(() => {
        clearSession();
        queryClient.clear();
        notifySuccess('Logout successful!!');
        navigate(destination, { replace: true });
      });
  }, [queryClient, navigate, destination]);

  return <PageLoader label="Signing out..." />;
}
