import { Alert, Card, Container, Loader, Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { formatDate } from '../../../lib/date.ts';
import { useVerification } from '../api/get-verification.ts';

/** /verify/:code: anyone checks a certificate by its verification code. */
export function VerifyPage() {
  const { code = '' } = useParams();
  const verification = useVerification(code);
  return (
    <Container size="sm" py="xl">
      <Stack gap="md">
        <Title order={1} size="h2">
          Certificate verification
        </Title>
        {verification.isPending && <Loader />}
        {verification.isError && (
          <Alert color="red" title="Not valid">
            No certificate has the code {code}.
          </Alert>
        )}
        {verification.data && (
          <Card withBorder radius="md" padding="lg">
            <Stack gap={4}>
              {verification.data.valid ? (
                <Text fw={700} c="green.9" size="lg">
                  Valid certificate
                </Text>
              ) : (
                <Text fw={700} c="red.9" size="lg">
                  Expired certificate
                </Text>
              )}
              <Text>Member: {verification.data.member}</Text>
              <Text>
                {verification.data.kind === 'category' ? 'Category' : 'Micro-certificate'}: {verification.data.category}
                {verification.data.sub_category ? ` - ${verification.data.sub_category}` : ''}
              </Text>
              <Text>Organization: {verification.data.organization ?? '-'}</Text>
              <Text>Date: {formatDate(verification.data.issued_at)}</Text>
              {verification.data.valid_until && (
                <Text fw={600}>
                  {verification.data.valid ? 'Valid until' : 'Expired on'} {formatDate(verification.data.valid_until)}
                </Text>
              )}
              <Text size="sm" c="dimmed">
                Code: {verification.data.verification_code}
              </Text>
            </Stack>
          </Card>
        )}
      </Stack>
    </Container>
  );
}
