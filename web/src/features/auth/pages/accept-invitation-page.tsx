import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { clearSession, useSession } from '../../../lib/session.ts';
import { logout } from '../api/logout.ts';
import { AcceptInvitationForm } from '../components/accept-invitation-form.tsx';
import { AuthCard } from '../components/auth-card.tsx';

/**
 * /accept-invitation?token=: an invited team member chooses a password. Someone signed in
 * on this browser is asked to sign out first, so the invitation never mixes two accounts.
 */
export function AcceptInvitationPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const session = useSession();
  const queryClient = useQueryClient();
  const [signingOut, setSigningOut] = useState(false);

  const signOut = () => {
    setSigningOut(true);
    logout()
      .catch(() => undefined)
      .finally(() => {
        queryClient.clear();
        // The URL (with its token) stays: the public route set shows the form.
        clearSession();
      });
  };

  return (
    <AuthCard title="Activate your account">
      {session ? (
        <Stack gap="sm">
          <Alert color="yellow" variant="light" title="You are signed in">
            You are signed in as {session.name}. Sign out to activate the invited account on this browser.
          </Alert>
          <Button onClick={signOut} disabled={signingOut}>
            Sign out and continue
          </Button>
        </Stack>
      ) : token ? (
        <AcceptInvitationForm token={token} />
      ) : (
        <Alert color="red" variant="light" title="Incomplete invitation link">
          Open the link from your invitation e-mail.
        </Alert>
      )}
      {!session && (
        <Text size="sm" ta="center">
          <Anchor component={Link} to={paths.login}>
            Back to sign in
          </Anchor>
        </Text>
      )}
    </AuthCard>
  );
}
