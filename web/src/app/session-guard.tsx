import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../config/paths.ts';
import { setSessionEndedHandler } from '../lib/api-client.ts';
import { getKioskDeviceToken } from '../lib/kiosk-device.ts';
import { notifyErrorMessage } from '../lib/notify.ts';
import { clearSession } from '../lib/session.ts';

/** A 401 on any signed-in call ends the session: forget it and go to /login (a kiosk tablet: back to its team). */
export function SessionGuard() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  useEffect(() => {
    setSessionEndedHandler((message) => {
      clearSession();
      queryClient.clear();
      notifyErrorMessage(message);
      navigate(getKioskDeviceToken() ? paths.kiosk : paths.login, { replace: true });
    });
  }, [navigate, queryClient]);

  return null;
}
