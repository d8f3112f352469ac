import { Affix, Button, Group, Paper, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useNavigate } from 'react-router';
import { LanguageSwitcher } from '../../../components/language-switcher.tsx';
import { paths } from '../../../config/paths.ts';
import { useSession } from '../../../lib/session.ts';

/** Touches, keys and a playing video all count as someone still at the tablet. */
const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart', 'timeupdate'] as const;
/** The bar warns this long before the automatic sign-out. */
const WARNING_SECONDS = 30;

/**
 * A kiosk session's bar: who is signed in, a big "Done", and the automatic sign-out after `idleSeconds` without a
 * touch (the server ends the session after the same time without a call).
 */
export function KioskSessionBar({ name, idleSeconds }: { name: string; idleSeconds: number }) {
  const navigate = useNavigate();
  const { t } = useTranslation('kiosk');
  const secondsLeft = useIdleSignOut(idleSeconds);

  return (
    <Paper component="aside" aria-label={t('bar.label')} radius={0} px="md" py="xs" bg="var(--mantine-color-blue-light)">
      <Group justify="space-between" wrap="nowrap">
        <div>
          <Text fw={600}>{t('bar.signedIn', { name })}</Text>
          <Text size="sm" c={secondsLeft <= WARNING_SECONDS ? 'red.8' : 'dimmed'} aria-live="polite" data-testid="kiosk-countdown">
            {secondsLeft <= WARNING_SECONDS ? t('bar.signingOut', { seconds: secondsLeft }) : t('bar.hint', { count: Math.round(idleSeconds / 60) })}
          </Text>
        </div>
        {/* This session's language: the next person at the tablet starts in the tablet's own. */}
        <Group gap="xs" wrap="nowrap">
          <LanguageSwitcher size="lg" />
          <Button size="lg" onClick={() => navigate(paths.logout, { replace: true })}>
            {t('bar.done')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

/**
 * Full-window screens (the players) have no bar: on a kiosk they still sign out after the idle time, with the
 * same warning and Done in a corner for the last seconds.
 */
export function KioskIdleOutlet() {
  const idleSeconds = useSession()?.kioskIdleSeconds;
  return (
    <>
      <Outlet />
      {idleSeconds !== undefined && <KioskIdleCorner idleSeconds={idleSeconds} />}
    </>
  );
}

function KioskIdleCorner({ idleSeconds }: { idleSeconds: number }) {
  const navigate = useNavigate();
  const { t } = useTranslation('kiosk');
  const secondsLeft = useIdleSignOut(idleSeconds);
  if (secondsLeft > WARNING_SECONDS) return null;
  return (
    <Affix position={{ top: 12, left: 12 }} zIndex={400}>
      <Paper shadow="md" p="sm" withBorder>
        <Group>
          <Text c="red.8" aria-live="polite" data-testid="kiosk-countdown">
            {t('bar.signingOut', { seconds: secondsLeft })}
          </Text>
          <Button onClick={() => navigate(paths.logout, { replace: true })}>{t('bar.done')}</Button>
        </Group>
      </Paper>
    </Affix>
  );
}

/** Seconds left before `idleSeconds` pass without activity (restarting at every touch); at 0 the kiosk signs out. */
function useIdleSignOut(idleSeconds: number): number {
  const navigate = useNavigate();
  const secondsLeft = useIdleCountdown(idleSeconds);
  useEffect(() => {
    if (secondsLeft <= 0) navigate(paths.logout, { replace: true });
  }, [secondsLeft, navigate]);
  return secondsLeft;
}

function useIdleCountdown(idleSeconds: number): number {
  const [secondsLeft, setSecondsLeft] = useState(idleSeconds);
  useEffect(() => {
    let lastActivity = Date.now();
    const onActivity = () => {
      lastActivity = Date.now();
    };
    // Capture: media events do not bubble, and a page may stop the propagation of its own clicks.
    for (const event of ACTIVITY_EVENTS) document.addEventListener(event, onActivity, { capture: true, passive: true });
    const timer = window.setInterval(() => {
      setSecondsLeft(Math.max(0, idleSeconds - Math.floor((Date.now() - lastActivity) / 1000)));
    }, 1000);
    return () => {
      window.clearInterval(timer);
      for (const event of ACTIVITY_EVENTS) document.removeEventListener(event, onActivity, { capture: true });
    };
  }, [idleSeconds]);
  return secondsLeft;
}
