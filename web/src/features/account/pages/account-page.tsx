import { Alert, Container, Title } from '@mantine/core';
import { PageLoader } from '../../../components/page-loader.tsx';
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
      {profile.data && <AccountSummary profile={profile.data} showPlanLinks={!session.isGuestUser} />}
    </Container>
  );
}
