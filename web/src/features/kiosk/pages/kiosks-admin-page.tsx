import { Alert, Badge, Button, Card, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import type { KioskSummary } from '@mm/contract';
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

/** /manage-organization/kiosks: enrol this tablet as a team's shared kiosk; list and revoke the kiosks. */
export function KiosksAdminPage() {
  const kiosks = useKiosks();
  return (
    <AdminPage title="Kiosks" size="md">
      {kiosks.isPending && <PageLoader label="Loading kiosks..." />}
      {kiosks.isError && <Alert color="red">{kiosks.error.message}</Alert>}
      {kiosks.data && (
        <Stack gap="xl">
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

function KioskCard({ kiosk }: { kiosk: KioskSummary }) {
  const revoke = useRevokeKiosk();
  return (
    <Card withBorder padding="md">
      <Group justify="space-between" align="flex-start">
        <div>
          <Group gap="xs">
            <Text fw={600}>{kiosk.name}</Text>
            {kiosk.revoked_at ? <Badge color="gray">Revoked</Badge> : <Badge color="green">Active</Badge>}
          </Group>
          <Text size="sm">Team: {kiosk.team}</Text>
          <Text size="sm" c="dimmed">
            Enrolled {formatDateTime(kiosk.enrolled_at)}
            {kiosk.last_used_at ? ` · last sign-in ${formatDateTime(kiosk.last_used_at)}` : ' · never used'}
          </Text>
        </div>
        {!kiosk.revoked_at && (
          <Button
            color="red"
            variant="light"
            loading={revoke.isPending}
            aria-label={`Revoke ${kiosk.name}`}
            onClick={() => revoke.mutate(kiosk.id, { onSuccess: ({ message }) => message && notifySuccess(message), onError: notifyError })}
          >
            Revoke
          </Button>
        )}
      </Group>
    </Card>
  );
}
