import { Alert, Code, Stack, Text } from '@mantine/core';
import { countOf } from '@mm/contract';
import { AdminPage } from '../../../components/admin-page.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { useEvidenceVerification } from '../api/get-evidence-verification.ts';
import { qualificationPaths } from '../paths.ts';

/** /qualifications/verify: the evidence chain checked record by record, as an auditor would ask. */
export function VerifyEvidencePage() {
  const check = useEvidenceVerification();
  return (
    <AdminPage title="Verify evidence" back={qualificationPaths.root}>
      <Text mb="md">
        Every training completion, assignment, sign-off and expiry is stored as a record whose SHA-256 hash covers the record before it. Changing or removing
        any stored record breaks the chain from that record on.
      </Text>
      {check.isPending && <PageLoader label="Checking every record..." />}
      {check.isError && <Alert color="red">{check.error.message}</Alert>}
      {check.data &&
        (check.data.intact ? (
          <Alert color="green" title={`Evidence chain intact: ${countOf(check.data.records, 'record')}`}>
            <Stack gap={4}>
              <Text size="sm">Last hash, to compare with a printed audit pack:</Text>
              <Code style={{ overflowWrap: 'anywhere' }}>{check.data.last_hash ?? 'no records yet'}</Code>
            </Stack>
          </Alert>
        ) : (
          <Alert color="red" title={`Evidence changed at record #${check.data.first_broken_sequence}`}>
            A stored record no longer matches its hash: it was edited or removed after it was written. Records before #{check.data.first_broken_sequence} are
            intact.
          </Alert>
        ))}
    </AdminPage>
  );
}
