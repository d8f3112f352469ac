import { Alert, Code, List, Stack, Text } from '@mantine/core';
import { AdminPage } from '../../../components/admin-page.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { formatDateTime } from '../../../lib/date.ts';
import { useEvidenceVerification } from '../api/get-evidence-verification.ts';
import { qualificationPaths } from '../paths.ts';

/** /qualifications/verify: the evidence chain checked record by record, as an auditor would ask. */
export function VerifyEvidencePage() {
  const check = useEvidenceVerification();
  return (
    <AdminPage title="Verify evidence" back={qualificationPaths.root}>
      <Text mb="md">
        Every training completion, assignment, sign-off and expiry is stored as a record whose SHA-256 hash covers the record before it. Changing or removing
        any stored record breaks the chain from that record on, and every sign-off and qualification on file is compared with the chain.
      </Text>
      {check.isPending && <PageLoader label="Checking every record..." />}
      {check.isError && <Alert color="red">{check.error.message}</Alert>}
      {check.data &&
        (check.data.intact ? (
          <Alert color="green" title={`Evidence chain intact: ${check.data.records} records`}>
            <Stack gap={4}>
              <Text size="sm">
                {check.data.head
                  ? `Head: record #${check.data.head.sequence} of ${formatDateTime(check.data.head.at)}, to compare with a printed audit pack:`
                  : 'No records yet.'}
              </Text>
              {check.data.head && <Code style={{ overflowWrap: 'anywhere' }}>{check.data.head.hash}</Code>}
            </Stack>
          </Alert>
        ) : (
          <Alert color="red" title={`Evidence broken: ${check.data.breaks.length} stored item(s) no longer match the chain`}>
            <Text size="sm" mb="xs">
              These were changed in the database after the chain recorded them; what they say is not vouched for.
            </Text>
            <List size="sm" spacing={4}>
              {check.data.breaks.map((b) => (
                <List.Item key={`${b.kind}-${b.sequence}-${b.message}`}>{b.message}</List.Item>
              ))}
            </List>
          </Alert>
        ))}
    </AdminPage>
  );
}
