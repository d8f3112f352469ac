import { Container, Stack } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useProfile } from '../../../lib/profile.ts';
import { updateSession, useSignedInSession } from '../../../lib/session.ts';
import { HomeGreeting } from '../components/home-greeting.tsx';
import { LearningPathNotice } from '../components/learning-path-notice.tsx';
import { LoadingCountdown } from '../components/loading-countdown.tsx';

const FIRST_LOGIN_RESET_MS = 3000;

export function HomePage() {
  const session = useSignedInSession();
  const [firstLogin] = useState(session.first_login === 1);
  const profile = useProfile();
  const navigate = useNavigate();
  const welcomed = useRef(false);

  useEffect(() => {
    if (!firstLogin) return;
    const timer = window.setTimeout(() => updateSession({ first_login: 0 }), FIRST_LOGIN_RESET_MS);
    return () => window.clearTimeout(timer);
  }, [firstLogin]);

  const forcedPasswordChange = profile.data?.is_change_password === 1;

  useEffect(() => {
    // Home signs out when its data cannot be loaded (member spec, section 4).
    if (profile.isError && !(profile.error instanceof ApiError && profile.error.sessionEnded)) navigate(paths.logout, { replace: true });
  }, [profile.isError, profile.error, navigate]);

  useEffect(() => {
    if (!profile.data) return;
    if (forcedPasswordChange) {
      navigate(paths.forcedChangePassword, { replace: true });
    } else if (!welcomed.current) {
      welcomed.current = true;
      notifySuccess(`Welcome, ${profile.data.name}!`);
    }
  }, [profile.data, forcedPasswordChange, navigate]);

  if (!profile.data || forcedPasswordChange) return <LoadingCountdown firstLogin={firstLogin} />;

  return (
    <Container size="lg" py="xl">
      <Stack gap="xl">
        <HomeGreeting profile={profile.data} />
        <LearningPathNotice />
      </Stack>
    </Container>
  );
}
