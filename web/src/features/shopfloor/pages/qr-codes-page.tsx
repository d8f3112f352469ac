import { Alert, Anchor, Button, Checkbox, Group, ScrollArea, Select, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { countOf, MAX_QR_LABELS } from '@mm/contract';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { AdminPage } from '../../../components/admin-page.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { paths } from '../../../config/paths.ts';
import { notifyError } from '../../../lib/notify.ts';
import { downloadBadgeSheet } from '../api/download-badge-sheet.ts';
import { downloadStationQrSheet } from '../api/download-station-qr-sheet.ts';
import { downloadVideoQrSheet } from '../api/download-video-qr-sheet.ts';
import { useQrCodeChoices } from '../api/get-qr-code-choices.ts';

type Choice = { id: number; label: string };

/** A filterable list of checkboxes and the download of their sheet. */
function LabelPicker({ items, noun, download }: { items: Choice[]; noun: { one: string; many: string }; download: (ids: number[]) => Promise<void> }) {
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const [filter, setFilter] = useState('');
  const [busy, setBusy] = useState(false);
  const shown = useMemo(() => items.filter((i) => i.label.toLowerCase().includes(filter.trim().toLowerCase())), [items, filter]);

  const toggle = (id: number) =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else if (next.size < MAX_QR_LABELS) next.add(id);
      return next;
    });

  const run = () => {
    setBusy(true);
    download([...chosen])
      .catch(notifyError)
      .finally(() => setBusy(false));
  };

  return (
    <Stack>
      <TextInput label={`Find a ${noun.one}`} value={filter} onChange={(e) => setFilter(e.currentTarget.value)} />
      <ScrollArea.Autosize mah={420} type="auto" offsetScrollbars>
        <Stack gap="xs" py="xs">
          {shown.map((item) => (
            <Checkbox key={item.id} size="md" label={item.label} checked={chosen.has(item.id)} onChange={() => toggle(item.id)} />
          ))}
        </Stack>
      </ScrollArea.Autosize>
      <Group>
        <Button size="md" disabled={chosen.size === 0} loading={busy} onClick={run}>
          Download QR sheet (PDF){chosen.size > 0 ? `: ${countOf(chosen.size, noun.one, noun.many)}` : ''}
        </Button>
      </Group>
    </Stack>
  );
}

/** /manage-organization/qr-codes: print labels to stick at machines; a phone camera opens the station or video after sign-in. */
export function QrCodesPage() {
  const choices = useQrCodeChoices();
  return (
    <AdminPage title="QR codes" size="md">
      <Text c="dimmed" mb="lg">
        Print a sheet of labels, six per A4 page, to stick at the machines. Scanning one with a phone camera opens it after sign-in; a label reveals nothing to
        someone outside your organization, and reprinting gives the same codes.
      </Text>
      {choices.isPending && <PageLoader label="Loading stations and videos..." />}
      {choices.isError && <Alert color="red">{choices.error.message}</Alert>}
      {choices.data && (
        <Tabs defaultValue="stations" keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="stations">Stations</Tabs.Tab>
            <Tabs.Tab value="videos">Videos</Tabs.Tab>
            <Tabs.Tab value="badges">Badges</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="stations">
            <Text size="sm" mb="sm">
              A station label tells the operator who scans it whether they are cleared to run the machine, why not, and the clips to watch.
            </Text>
            {choices.data.stations.length === 0 ? (
              <Alert color="gray" title="No stations yet">
                Define your stations under{' '}
                <Anchor component={Link} to={paths.qualifications.root}>
                  Qualifications
                </Anchor>{' '}
                first.
              </Alert>
            ) : (
              <LabelPicker
                items={choices.data.stations.map((s) => ({ id: s.id, label: s.name }))}
                noun={{ one: 'station', many: 'stations' }}
                download={downloadStationQrSheet}
              />
            )}
          </Tabs.Panel>
          <Tabs.Panel value="videos">
            <LabelPicker
              items={choices.data.videos.map((v) => ({ id: v.id, label: v.title }))}
              noun={{ one: 'video', many: 'videos' }}
              download={downloadVideoQrSheet}
            />
          </Tabs.Panel>
          <Tabs.Panel value="badges">
            <BadgeSheet teams={choices.data.teams} />
          </Tabs.Panel>
        </Tabs>
      )}
    </AdminPage>
  );
}

/** Badges for toolbox talks: the leader scans one (or types its code) to mark its holder present. */
function BadgeSheet({ teams }: { teams: { id: number; name: string }[] }) {
  const [teamId, setTeamId] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = () => {
    setBusy(true);
    downloadBadgeSheet(teamId === null ? null : Number(teamId))
      .catch(notifyError)
      .finally(() => setBusy(false));
  };
  return (
    <Stack maw={480}>
      <Text size="sm">
        A badge per person, with their name and team: at a toolbox talk the leader scans it (or types the code under it) to mark its holder present.
      </Text>
      <Select
        label="Team"
        placeholder="Everyone"
        clearable
        data={teams.map((t) => ({ value: String(t.id), label: t.name }))}
        value={teamId}
        onChange={setTeamId}
      />
      <Group>
        <Button size="md" loading={busy} onClick={run}>
          Download badges (PDF)
        </Button>
      </Group>
    </Stack>
  );
}
