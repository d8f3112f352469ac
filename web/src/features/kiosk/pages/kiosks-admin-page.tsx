import { Alert, Badge, Button, Card, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import type { KiosksData, LockedPerson } from '@mm/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AdminPage } from '../../../components/admin-page.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { paths } from '../../../config/paths.ts';
import { formatDateTime } from '../../../lib/date.ts';
import { rememberKioskDevice } from '../../../lib/kiosk-device.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useEnrolKiosk } from '../api/enrol-kiosk.ts';
import { useKiosks } from '../api/get-kiosks.ts';
import { useRevokeKiosk } from '../api/revoke-kiosk.ts';
import { useUnlock } from '../api/unlock-kiosk.ts';
import { READABLE_ALERT } from '../components/pin-pad.tsx';

type KioskListed = KiosksData['kiosks'][number];

/** /manage-organization/kiosks: enrol this tablet as a team's shared kiosk; list and revoke the kiosks. */
export function KiosksAdminPage() {
  const { t } = useTranslation('kiosk');
  const kiosks = useKiosks();
  return (
    <AdminPage title={t('admin.title')} size="md">
      {kiosks.isPending && <PageLoader label={t('admin.loading')} />}
      {kiosks.isError && <Alert color="red">{kiosks.error.message}</Alert>}
      {kiosks.data && (
        <Stack gap="xl">
          {kiosks.data.locked_people.length > 0 && <LockedPeople people={kiosks.data.locked_people} />}
          <EnrolForm teams={kiosks.data.teams} />
          <Stack gap="sm">
            <Title order={2} size="h3">
              {t('admin.enrolled')}
            </Title>
            {kiosks.data.kiosks.length === 0 && <Text c="dimmed">{t('admin.none')}</Text>}
            {kiosks.data.kiosks.map((kiosk) => (
              <KioskCard key={kiosk.id} kiosk={kiosk} />
            ))}
          </Stack>
        </Stack>
      )}
    </AdminPage>
  );
}

function EnrolForm({ teams }: { teams: { id: number; name: string }[] }) {
  const { t } = useTranslation('kiosk');
  const enrol = useEnrolKiosk();
  const navigate = useNavigate();
  const [teamId, setTeamId] = useState<string | null>(null);
  const [name, setName] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!teamId) return;
    enrol.mutate(
      { team_id: Number(teamId), name },
      {
        onSuccess: ({ data, message }) => {
          // The tablet keeps its token; the super user is signed out and the tablet shows the team's kiosk.
          rememberKioskDevice(data.device_token);
          if (message) notifySuccess(message);
          navigate(paths.logout, { replace: true });
        },
        onError: notifyError,
      },
    );
  };
  return (
    <Card withBorder padding="lg">
      <form onSubmit={submit}>
        <Stack>
          <Title order={2} size="h3">
            {t('admin.enrol.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('admin.enrol.text')}
          </Text>
          <Select
            label={t('admin.enrol.team')}
            placeholder={t('admin.enrol.teamPlaceholder')}
            data={teams.map((team) => ({ value: String(team.id), label: team.name }))}
            value={teamId}
            onChange={setTeamId}
            required
          />
          <TextInput
            label={t('admin.enrol.name')}
            placeholder={t('admin.enrol.namePlaceholder')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            maxLength={100}
            required
          />
          <Group>
            <Button type="submit" size="md" loading={enrol.isPending} disabled={!teamId || name.trim() === ''}>
              {t('admin.enrol.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

/** Minutes left until an ISO time, for "locked, 42 min left". */
const minutesLeft = (iso: string) => Math.max(1, Math.ceil((Date.parse(iso) - Date.now()) / 60_000));

/** People locked out of every kiosk by wrong PINs (one of them, or a prankster): the super user lets them back in. */
function LockedPeople({ people }: { people: LockedPerson[] }) {
  const { t } = useTranslation('kiosk');
  const unlock = useUnlock();
  return (
    <Alert color="orange" title={t('admin.locked.title')} styles={READABLE_ALERT}>
      <Stack gap="xs">
        <Text size="sm">{t('admin.locked.text')}</Text>
        {people.map((person) => {
          const name = `${person.name} ${person.last_name}`;
          return (
            <Group key={person.user_id} justify="space-between" wrap="wrap" gap="xs">
              <Text size="sm">
                <Text span fw={600} inherit translate="no">
                  {name}
                </Text>
                {person.team && <span translate="no"> · {person.team}</span>} · {t('admin.locked.left', { minutes: minutesLeft(person.unlocks_at) })}
              </Text>
              <Button
                size="xs"
                variant="default"
                loading={unlock.isPending && unlock.variables && 'userId' in unlock.variables && unlock.variables.userId === person.user_id}
                aria-label={t('admin.locked.unlockWho', { name })}
                onClick={() =>
                  unlock.mutate({ userId: person.user_id }, { onSuccess: ({ message }) => message && notifySuccess(message), onError: notifyError })
                }
              >
                {t('admin.locked.unlock')}
              </Button>
            </Group>
          );
        })}
      </Stack>
    </Alert>
  );
}

function KioskCard({ kiosk }: { kiosk: KioskListed }) {
  const { t } = useTranslation('kiosk');
  const revoke = useRevokeKiosk();
  const unlock = useUnlock();
  const locked = kiosk.locked_until !== null && !kiosk.revoked_at;
  return (
    <Card withBorder padding="md">
      <Group justify="space-between" align="flex-start">
        <div>
          <Group gap="xs">
            <Text fw={600} translate="no">
              {kiosk.name}
            </Text>
            {/* Shades dark enough for the badges' small white text (4.5:1). */}
            {kiosk.revoked_at ? <Badge color="gray.8">{t('admin.card.revoked')}</Badge> : <Badge color="teal.9">{t('admin.card.active')}</Badge>}
            {locked && <Badge color="red.9">{t('admin.card.locked')}</Badge>}
          </Group>
          <Text size="sm">{t('admin.card.team', { team: kiosk.team })}</Text>
          <Text size="sm" c="dimmed">
            {t('admin.card.enrolledOn', { when: formatDateTime(kiosk.enrolled_at) })} ·{' '}
            {kiosk.last_used_at ? t('admin.card.lastSignIn', { when: formatDateTime(kiosk.last_used_at) }) : t('admin.card.neverUsed')}
          </Text>
          {locked && kiosk.locked_until && (
            <Text size="sm" c="red.9">
              {t('admin.card.lockedText', { minutes: minutesLeft(kiosk.locked_until) })}
            </Text>
          )}
        </div>
        {!kiosk.revoked_at && (
          <Group gap="xs">
            {locked && (
              <Button
                variant="default"
                loading={unlock.isPending}
                aria-label={t('admin.locked.unlockWho', { name: kiosk.name })}
                onClick={() => unlock.mutate({ kioskId: kiosk.id }, { onSuccess: ({ message }) => message && notifySuccess(message), onError: notifyError })}
              >
                {t('admin.locked.unlock')}
              </Button>
            )}
            <Button
              color="red"
              variant="light"
              loading={revoke.isPending}
              aria-label={t('admin.card.revokeWho', { name: kiosk.name })}
              onClick={() => revoke.mutate(kiosk.id, { onSuccess: ({ message }) => message && notifySuccess(message), onError: notifyError })}
            >
              {t('admin.card.revoke')}
            </Button>
          </Group>
        )}
      </Group>
    </Card>
  );
}
