import { Alert, Button, Checkbox, Group, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { MAX_QR_LABELS } from '@mm/contract';
import { useMemo, useState } from 'react';
import { AdminPage } from '../../../components/admin-page.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { notifyError } from '../../../lib/notify.ts';
import { downloadVideoQrSheet, useQrCodeChoices } from '../api/qr-codes.ts';

/** /manage-organization/qr-codes: print labels to stick at machines; a phone camera opens the video after sign-in. */
export function QrCodesPage() {
  const choices = useQrCodeChoices();
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const [filter, setFilter] = useState('');
  const [busy, setBusy] = useState(false);
  const shown = useMemo(() => (choices.data?.videos ?? []).filter((v) => v.title.toLowerCase().includes(filter.trim().toLowerCase())), [choices.data, filter]);

  const toggle = (id: number) =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else if (next.size < MAX_QR_LABELS) next.add(id);
      return next;
    });

  const download = () => {
    setBusy(true);
    downloadVideoQrSheet([...chosen])
      .catch(notifyError)
      .finally(() => setBusy(false));
  };

  return (
    <AdminPage title="QR codes" size="md">
      <Text c="dimmed" mb="lg">
        Print a sheet of labels, six per A4 page, to stick at the machines. Scanning one with a phone camera opens the video after sign-in; a label reveals
        nothing to someone outside your organization, and reprinting gives the same codes.
      </Text>
      {choices.isPending && <PageLoader label="Loading videos..." />}
      {choices.isError && <Alert color="red">{choices.error.message}</Alert>}
      {choices.data && (
        <Stack>
          <TextInput label="Find a video" value={filter} onChange={(e) => setFilter(e.currentTarget.value)} />
          <ScrollArea.Autosize mah={420} type="auto" offsetScrollbars>
            <Stack gap="xs" py="xs">
              {shown.map((video) => (
                <Checkbox key={video.id} size="md" label={video.title} checked={chosen.has(video.id)} onChange={() => toggle(video.id)} />
              ))}
            </Stack>
          </ScrollArea.Autosize>
          <Group>
            <Button size="md" disabled={chosen.size === 0} loading={busy} onClick={download}>
              Download QR sheet (PDF){chosen.size > 0 ? `: ${chosen.size} video${chosen.size === 1 ? '' : 's'}` : ''}
            </Button>
          </Group>
        </Stack>
      )}
    </AdminPage>
  );
}
