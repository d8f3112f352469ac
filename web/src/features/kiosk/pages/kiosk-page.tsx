import { Alert, Anchor, Box, Button, Container, Group, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { KIOSK_MESSAGES, type KioskRosterMember } from '@mm/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitcher } from '../../../components/language-switcher.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { PersonTile } from '../../../components/person-tile.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { forgetKioskDevice, getKioskDeviceToken } from '../../../lib/kiosk-device.ts';
import { saveSession, sessionFromSignIn } from '../../../lib/session.ts';
import { useKioskRoster } from '../api/get-kiosk-roster.ts';
import { useKioskSignIn } from '../api/kiosk-sign-in.ts';
import { BadgeScan } from '../components/badge-scan.tsx';
import { PinPad } from '../components/pin-pad.tsx';
import '../kiosk.css';

/** /kiosk: a tablet enrolled as a shared kiosk shows its team; a member taps their name and enters their PIN. */
export function KioskPage() {
  const { t } = useTranslation('kiosk');
  const [deviceToken, setDeviceToken] = useState(getKioskDeviceToken);
  const roster = useKioskRoster(deviceToken);
  const [chosen, setChosen] = useState<KioskRosterMember | null>(null);
  const revoked = roster.error instanceof ApiError && roster.error.status === 401;

  // A revoked enrolment is forgotten: the tablet is an ordinary browser again.
  useEffect(() => {
    if (revoked) {
      forgetKioskDevice();
      setDeviceToken(null);
    }
  }, [revoked]);

  return (
    <Box component="main" className="mm-kiosk" py="xl">
      <Container size="lg">
        {/* The tablet's own language, kept on it: each member's session starts in their own. */}
        <Group justify="flex-end" mb="sm">
          <LanguageSwitcher size="lg" />
        </Group>
        {deviceToken === null ? (
          <NotEnrolled revoked={revoked} />
        ) : roster.isPending ? (
          <PageLoader label={t('page.loading')} />
        ) : roster.isError ? (
          <Alert color="red" title={t('page.cannotLoad')}>
            {roster.error.message}
          </Alert>
        ) : (
          <>
            <Title order={1}>{t('page.who')}</Title>
            <Text size="lg" c="dimmed" mb="md">
              {t('page.intro', { team: roster.data.kiosk.team, organization: roster.data.kiosk.organization })}
            </Text>
            <BadgeScan deviceToken={deviceToken} onMember={setChosen} disabled={chosen !== null} />
            <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="lg">
              {roster.data.members.map((member) => (
                <PersonTile key={member.user_id} name={`${member.name} ${member.last_name}`} picture={member.picture} onClick={() => setChosen(member)} />
              ))}
            </SimpleGrid>
            {roster.data.members.length === 0 && <Text>{t('page.empty')}</Text>}
            <Group mt="xl">
              <Button component={Link} to={paths.kioskPractical} variant="default" size="lg">
                {t('page.practical')}
              </Button>
            </Group>
            <Text size="sm" c="dimmed" mt="md">
              {t('page.idle', { kiosk: roster.data.kiosk.name, count: Math.round(roster.data.idle_seconds / 60) })}
            </Text>
          </>
        )}
      </Container>
      {deviceToken !== null && chosen !== null && <PinDialog deviceToken={deviceToken} member={chosen} onClose={() => setChosen(null)} />}
    </Box>
  );
}

function PinDialog({ deviceToken, member, onClose }: { deviceToken: string; member: KioskRosterMember; onClose: () => void }) {
  const { t } = useTranslation('kiosk');
  const [pin, setPin] = useState('');
  const signIn = useKioskSignIn();
  // After the third wrong PIN the server holds the next try back (Retry-After); the pad counts it down.
  const [waitUntil, setWaitUntil] = useState(0);
  const waitSeconds = useCountdown(waitUntil);
  const queryClient = useQueryClient();
  const submit = () => {
    signIn.mutate(
      { deviceToken, body: { user_id: member.user_id, pin } },
      {
        onSuccess: (data) => {
          queryClient.clear();
          // The first-sign-in profile step belongs to the member's own device: the kiosk goes straight to the path.
          saveSession({ ...sessionFromSignIn(data), logged_in_account: Math.max(2, data.logged_in_account), kioskIdleSeconds: data.idle_seconds });
        },
        onError: (error) => {
          setPin('');
          // A wait (after a wrong PIN, or a try refused during one) is counted down; a lock of up to an hour is said in words.
          const wait = error instanceof ApiError && (error.status === 401 || error.message === KIOSK_MESSAGES.pinWait) ? error.retryAfterSeconds : null;
          if (wait !== null) setWaitUntil(Date.now() + wait * 1000);
        },
      },
    );
  };
  return (
    <Modal opened onClose={onClose} title={t('page.hello', { name: member.name })} size="sm" centered closeButtonProps={{ 'aria-label': t('page.close') }}>
      {member.has_pin ? (
        <PinPad
          value={pin}
          onChange={setPin}
          onSubmit={submit}
          busy={signIn.isPending}
          // A refused early try is said by the countdown; a wrong PIN or a lock by the server's message.
          error={waitSeconds > 0 && signIn.error?.message === KIOSK_MESSAGES.pinWait ? null : (signIn.error?.message ?? null)}
          waitSeconds={waitSeconds}
        />
      ) : (
        <Stack>
          <Text>{t('page.noPin')}</Text>
          <Button size="lg" onClick={onClose}>
            {t('page.ok')}
          </Button>
        </Stack>
      )}
    </Modal>
  );
}

/** Whole seconds left until `until` (epoch ms), ticking every second; 0 once passed. */
const secondsUntil = (until: number) => Math.max(0, Math.ceil((until - Date.now()) / 1000));

function useCountdown(until: number): number {
  const [seconds, setSeconds] = useState(() => secondsUntil(until));
  useEffect(() => {
    setSeconds(secondsUntil(until));
    const timer = window.setInterval(() => {
      const next = secondsUntil(until);
      setSeconds(next);
      if (next === 0) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [until]);
  return seconds;
}

function NotEnrolled({ revoked }: { revoked: boolean }) {
  const { t } = useTranslation('kiosk');
  return (
    <Stack maw={560}>
      <Title order={1}>{t('page.title')}</Title>
      {revoked && (
        <Alert color="orange" title={t('page.revoked')}>
          {t('page.revokedText')}
        </Alert>
      )}
      <Text>{t('page.notEnrolled')}</Text>
      <Anchor component={Link} to={paths.login}>
        {t('page.signIn')}
      </Anchor>
    </Stack>
  );
}
