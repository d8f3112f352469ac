import { Container, Stack } from '@mantine/core';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useProfile } from '../../../lib/profile.ts';
import { updateSession, useSignedInSession } from '../../../lib/session.ts';
import { pushFirstLogin } from '../api/push-first-login.ts';
import { LearningDashboard } from '../components/learning-dashboard.tsx';
import { LoadingCountdown } from '../components/loading-countdown.tsx';
import { takeWelcome } from '../welcome.ts';

const FIRST_LOGIN_RESET_MS = 3000;

/** `below`: what the app composes under the learning path (the organization's own lessons, from the studio). */
export function HomePage({ below }: { below?: ReactNode } = {}) {
  const session = useSignedInSession();
  const [firstLogin] = useState(session.first_login === 1);
  const profile = useProfile();
  const navigate = useNavigate();
  const { t } = useTranslation('home');

  useEffect(() => {
    if (!firstLogin) return;
    const timer = window.setTimeout(() => updateSession({ first_login: 0 }), FIRST_LOGIN_RESET_MS);
    return () => window.clearTimeout(timer);
  }, [firstLogin]);

  const goLogout = useCallback(() => navigate(paths.logout, { replace: true }), [navigate]);

  // A member on their first sign-in (logged_in_account 1) completes their profile first (administration spec).
  // The shared guest never completes a profile (it may write nothing): it is never sent there.
  const firstAccount = session.logged_in_account === 1 && !session.isGuestUser;
  // Fixed for this visit: the flag flips before the move to /firstLogin, which must not be welcomed over.
  const [goingToFirstLogin] = useState(firstAccount);
  // The latest navigate, read when the push answers. Home may be mounted again meanwhile (each navigation to /home, as
  // a sign-in's redirects make, is a new page), so the move depends on where the member is when the push answers, not
  // on this mount still being there: still on home, they go on to /firstLogin; a member who moved on is not pulled back.
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  useEffect(() => {
    if (!firstAccount) return;
    pushFirstLogin(session.userId)
      .then(() => {
        updateSession({ logged_in_account: 2 });
        if (window.location.pathname === paths.home) navigateRef.current(paths.firstLogin, { replace: true });
      })
      .catch(() => updateSession({ logged_in_account: 2 }));
  }, [firstAccount, session.userId]);

  const forcedPasswordChange = profile.data?.is_change_password === 1;

  useEffect(() => {
    // Home signs out when its data cannot be loaded (member spec, section 4).
    if (profile.isError && !(profile.error instanceof ApiError && profile.error.sessionEnded)) navigate(paths.logout, { replace: true });
  }, [profile.isError, profile.error, navigate]);

  useEffect(() => {
    if (!profile.data) return;
    if (forcedPasswordChange) {
      navigate(paths.forcedChangePassword, { replace: true });
    } else if (!goingToFirstLogin && takeWelcome(session.accessToken)) {
      // A first sign-in is welcomed by the profile page; the toast waits for the return home.
      notifySuccess(t('welcome', { name: profile.data.name }));
    }
  }, [profile.data, forcedPasswordChange, navigate, session.accessToken, goingToFirstLogin, t]);

  if (!profile.data || forcedPasswordChange) return <LoadingCountdown firstLogin={firstLogin} />;

  return (
    <Container size="lg" py="xl">
      <Stack gap="xl">
        <LearningDashboard onFailure={goLogout} />
        {below}
      </Stack>
    </Container>
  );
}
