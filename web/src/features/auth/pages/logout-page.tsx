import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { PageLoader } from '../../../components/page-loader.tsx';
import { paths } from '../../../config/paths.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { clearSession } from '../../../lib/session.ts';
import { logout } from '../api/logout.ts';

/** Revokes the token (a failure changes nothing for the user), forgets everything, back to sign-in. */
export function LogoutPage() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    logout()
      .catch(() => undefined)
      .finally(() => {
        clearSession();
        queryClient.clear();
        notifySuccess('Logout successful!!');
        navigate(paths.login, { replace: true });
      });
  }, [queryClient, navigate]);

  return <PageLoader label="Signing out..." />;
}
