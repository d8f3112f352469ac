import { Anchor, Container, Loader, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { updateSession, useSignedInSession } from '../../../lib/session.ts';
import { useUserInfo } from '../api/get-user-info.ts';
import { EditInfoForm } from '../components/edit-info-form.tsx';

const AFTER_SAVE_MS = 1000;

/** /firstLogin: the member completes their profile on their first sign-in, then goes home (administration spec). */
export function FirstLoginPage() {
  const session = useSignedInSession();
  const info = useUserInfo(session.userId);
  const navigate = useNavigate();

  return (
    <Container size="sm" py="xl">
      <Stack gap="md">
        <Title order={1} size="h2">
          Welcome, {session.name}!
        </Title>
        <Text c="dimmed">Tell your colleagues who you are before you start your learning path.</Text>
        {info.data ? (
          <EditInfoForm
            info={info.data}
            canEditTeamAndRole={session.isSuperUser}
            firstLogin
            onSaved={() => {
              updateSession({ first_login: 0 });
              window.setTimeout(() => navigate(paths.home, { replace: true }), AFTER_SAVE_MS);
            }}
          />
        ) : (
          <Loader />
        )}
        <Text size="sm">
          Does your team share a tablet?{' '}
          <Anchor component={Link} to={paths.account.kioskPin}>
            Set your kiosk PIN
          </Anchor>{' '}
          to sign in there with 4 to 6 digits.
        </Text>
      </Stack>
    </Container>
  );
}
