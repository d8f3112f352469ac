import { Alert, Button, Container, Group, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PageLoader } from '../../../components/page-loader.tsx';
import { paths } from '../../../config/paths.ts';
import { useProfile } from '../../../lib/profile.ts';
import { useSignedInSession } from '../../../lib/session.ts';
import { AccountSummary } from '../components/account-summary.tsx';

export function AccountPage() {
  const session = useSignedInSession();
  const profile = useProfile();

  return (
    <Container size="md" py="xl">
      <Title order={1} mb="lg">
        Account
      </Title>
      {profile.isPending && <PageLoader label="Loading your account..." />}
      {profile.isError && (
        <Alert color="red" variant="light">
          {profile.error.message}
        </Alert>
      )}
      {profile.data && <AccountSummary profile={profile.data} readOnly={session.isGuestUser} />}
      {!session.isGuestUser && (
        <Group mt="lg">
          <Button component={Link} to={paths.account.kioskPin} variant="default">
            Kiosk PIN
          </Button>
        </Group>
      )}
    </Container>
  );
}
