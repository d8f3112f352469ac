import { Alert, Button, Code, Group, List, Stack, Text, TextInput } from '@mantine/core';
import { countOf, evidenceBreaksText } from '@mm/contract';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { AdminPage } from '../../../components/admin-page.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { formatDateTime } from '../../../lib/date.ts';
import { useEvidenceVerification } from '../api/get-evidence-verification.ts';
import { qualificationPaths } from '../paths.ts';

/**
 * /qualifications/verify: the evidence chain checked record by record, as an auditor would ask, and optionally
 * against a head the organization kept (from an audit pack or the weekly e-mail, whose link fills it in).
 */
export function VerifyEvidencePage() {
  const [search, setSearch] = useSearchParams();
  const kept = { head: search.get('head') ?? undefined, head_at: search.get('head_at') ?? undefined };
  const check = useEvidenceVerification(kept.head || kept.head_at ? kept : {});
  const [head, setHead] = useState(kept.head ?? '');
  const [headAt, setHeadAt] = useState(kept.head_at ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSearch(head.trim() || headAt.trim() ? { head: head.trim(), head_at: headAt.trim() } : {});
  };
  return (
    <AdminPage title="Verify evidence" back={qualificationPaths.root}>
      <Text mb="md">
        Every training completion, assignment, sign-off and expiry is stored as a record whose hash, keyed with a secret kept outside the database, covers the
        record before it. Changing or removing any stored record breaks the chain from that record on, and every sign-off and qualification on file is compared
        with the chain.
      </Text>
      <form onSubmit={submit}>
        <Stack gap="xs" mb="md">
          <Text fw={600}>Check against a head you kept</Text>
          <Text size="sm" c="dimmed">
            Each audit pack prints the chain head and its time, and your super users receive it by e-mail every week. If the chain still contains it, nothing
            recorded before that time has changed.
          </Text>
          <Group align="flex-end" wrap="wrap">
            <TextInput
              label="Head hash"
              value={head}
              onChange={(e) => setHead(e.currentTarget.value)}
              placeholder="64 characters"
              style={{ flex: '2 1 18rem' }}
            />
            <TextInput
              label="Head time"
              value={headAt}
              onChange={(e) => setHeadAt(e.currentTarget.value)}
              placeholder="2026-11-26T09:30:00.000Z"
              style={{ flex: '1 1 12rem' }}
            />
            <Button type="submit">Check</Button>
          </Group>
        </Stack>
      </form>
      {check.isPending && <PageLoader label="Checking every record..." />}
      {check.isError && <Alert color="red">{check.error.message}</Alert>}
      {check.data &&
        (check.data.intact ? (
          <Alert
            color="green"
            title={`Evidence chain intact: ${countOf(check.data.records, 'record')}${kept.head ? ', and it still contains the head you kept' : ''}`}
          >
            <Stack gap={4}>
              <Text size="sm">
                {check.data.head
                  ? `Head: record #${check.data.head.sequence} of ${formatDateTime(check.data.head.at)}. Keep a copy to check against later:`
                  : 'No records yet.'}
              </Text>
              {check.data.head && (
                <Code block style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
                  {`${check.data.head.hash}\n${check.data.head.at}`}
                </Code>
              )}
            </Stack>
          </Alert>
        ) : (
          <Alert color="red" title={`Evidence broken: ${evidenceBreaksText(check.data.breaks.length)}`}>
            <Text size="sm" mb="xs">
              These were changed in the database after the chain recorded them; what they say is not vouched for.
            </Text>
            <List size="sm" spacing={4}>
              {check.data.breaks.map((b) => (
                <List.Item key={`${b.kind}-${b.sequence}-${b.message}`} style={{ overflowWrap: 'anywhere' }}>
                  {b.message}
                </List.Item>
              ))}
            </List>
          </Alert>
        ))}
    </AdminPage>
  );
}
