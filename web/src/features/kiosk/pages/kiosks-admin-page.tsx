import { Alert, Badge, Button, Card, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import type { KiosksData, LockedPerson } from '@mm/contract';
import { type FormEvent, useState } from 'react';
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
  const kiosks = useKiosks();
  return (
    <AdminPage title="Kiosks" size="md">
      {kiosks.isPending && <PageLoader label="Loading kiosks..." />}
      {kiosks.isError && <Alert color="red">{kiosks.error.message}</Alert>}
      {kiosks.data && (
        <Stack gap="xl">
          {kiosks.data.locked_people.length > 0 && <LockedPeople people={kiosks.data.locked_people} />}
          <EnrolForm teams={kiosks.data.teams} />
          <Stack gap="sm">
            <Title order={2} size="h3">
              Enrolled kiosks
            </Title>
            {kiosks.data.kiosks.length === 0 && <Text c="dimmed">No kiosk yet.</Text>}
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
            Enrol this tablet
          </Title>
          <Text size="sm" c="dimmed">
            Do this on the shared tablet itself. You are then signed out, and the tablet shows the team: each member taps their name and enters their PIN.
          </Text>
          <Select
            label="Team"
            placeholder="Pick a team"
            data={teams.map((t) => ({ value: String(t.id), label: t.name }))}
            value={teamId}
            onChange={setTeamId}
            required
          />
          <TextInput
            label="Kiosk name"
            placeholder="Press line tablet"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            maxLength={100}
            required
          />
          <Group>
            <Button type="submit" size="md" loading={enrol.isPending} disabled={!teamId || name.trim() === ''}>
              Enrol this tablet as a kiosk
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
  const unlock = useUnlock();
  return (
    <Alert color="orange" title="Locked out of the kiosks" styles={READABLE_ALERT}>
      <Stack gap="xs">
        <Text size="sm">Too many wrong PINs were entered for these people. Unlock them once you know who is at the tablet.</Text>
        {people.map((person) => {
          const name = `${person.name} ${person.last_name}`;
          return (
            <Group key={person.user_id} justify="space-between" wrap="wrap" gap="xs">
              <Text size="sm">
                <Text span fw={600} inherit>
                  {name}
                </Text>
                {person.team ? ` · ${person.team}` : ''} · {minutesLeft(person.unlocks_at)} min left
              </Text>
              <Button
                size="xs"
                variant="default"
                loading={unlock.isPending && unlock.variables && 'userId' in unlock.variables && unlock.variables.userId === person.user_id}
                aria-label={`Unlock ${name}`}
                onClick={() =>
                  unlock.mutate({ userId: person.user_id }, { onSuccess: ({ message }) => message && notifySuccess(message), onError: notifyError })
                }
              >
                Unlock
              </Button>
            </Group>
          );
        })}
      </Stack>
    </Alert>
  );
}

function KioskCard({ kiosk }: { kiosk: KioskListed }) {
  const revoke = useRevokeKiosk();
  const unlock = useUnlock();
  const locked = kiosk.locked_until !== null && !kiosk.revoked_at;
  return (
    <Card withBorder padding="md">
      <Group justify="space-between" align="flex-start">
        <div>
          <Group gap="xs">
            <Text fw={600}>{kiosk.name}</Text>
            {/* Shades dark enough for the badges' small white text (4.5:1). */}
            {kiosk.revoked_at ? <Badge color="gray.8">Revoked</Badge> : <Badge color="teal.9">Active</Badge>}
            {locked && <Badge color="red.9">Locked</Badge>}
          </Group>
          <Text size="sm">Team: {kiosk.team}</Text>
          <Text size="sm" c="dimmed">
            Enrolled {formatDateTime(kiosk.enrolled_at)}
            {kiosk.last_used_at ? ` · last sign-in ${formatDateTime(kiosk.last_used_at)}` : ' · never used'}
          </Text>
          {locked && kiosk.locked_until && (
            <Text size="sm" c="red.9">
              Too many wrong PINs on this tablet: it takes none for {minutesLeft(kiosk.locked_until)} more min.
            </Text>
          )}
        </div>
        {!kiosk.revoked_at && (
          <Group gap="xs">
            {locked && (
              <Button
                variant="default"
                loading={unlock.isPending}
                aria-label={`Unlock ${kiosk.name}`}
                onClick={() => unlock.mutate({ kioskId: kiosk.id }, { onSuccess: ({ message }) => message && notifySuccess(message), onError: notifyError })}
              >
                Unlock
              </Button>
            )}
            <Button
              color="red"
              variant="light"
              loading={revoke.isPending}
              aria-label={`Revoke ${kiosk.name}`}
              onClick={() => revoke.mutate(kiosk.id, { onSuccess: ({ message }) => message && notifySuccess(message), onError: notifyError })}
            >
              Revoke
            </Button>
          </Group>
        )}
      </Group>
    </Card>
  );
}
