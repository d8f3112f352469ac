import { Anchor, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';

const COUNTDOWN_SECONDS = 10;

/** Home's loading screen: a spinner and a 10-second countdown (member spec, section 2). */
export function LoadingCountdown({ firstLogin }: { firstLogin: boolean }) {
  const { t } = useTranslation('home');
  const [secondsLeft, setSecondsLeft] = useState(COUNTDOWN_SECONDS);

  useEffect(() => {
    if (secondsLeft === 0) return;
    const timer = window.setTimeout(() => setSecondsLeft(secondsLeft - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [secondsLeft]);

  if (secondsLeft === 0) {
    return (
      <Stack align="center" gap="sm" py={64} ta="center">
        <Title order={1} size="h3">
          {t('loading.title')}
        </Title>
        <Anchor component={Link} to={paths.logout}>
          {t('loading.signIn')}
        </Anchor>
      </Stack>
    );
  }

  return (
    <Stack align="center" gap="sm" py={64} ta="center" role="status">
      <Loader size="lg" />
      <Text fw={600}>{firstLogin ? t('loading.building') : t('loading.path')}</Text>
      <Text c="gray.7" size="sm">
        {t('loading.seconds', { count: secondsLeft })}
      </Text>
    </Stack>
  );
}
