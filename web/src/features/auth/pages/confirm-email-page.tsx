import { Alert, Anchor, Button, Loader, Stack, Text } from '@mantine/core';
import { CONFIRMATION_MESSAGES } from '@mm/contract';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useSession } from '../../../lib/session.ts';
import { useConfirmationState, useConfirmEmail } from '../api/confirm-email.ts';
import { AuthCard } from '../components/auth-card.tsx';

/**
 * /confirm-email?token=: the registration's e-mailed link. Confirms only when the owner presses the button, so a
 * mail scanner that opens the link first spends nothing; a link already used says so calmly.
 */
export function ConfirmEmailPage() {
  const token = useSearchParams()[0].get('token')?.trim() ?? '';
  const session = useSession();
  const state = useConfirmationState(token);
  const confirm = useConfirmEmail();
  const onward = session ? paths.home : paths.login;

  const outcome = confirm.data ?? (state.data === 'confirmed' ? 'already_confirmed' : undefined);
  let body: ReactNode;
  if (outcome === 'confirmed') {
    body = (
      <Alert color="green" variant="light" role="status">
        {CONFIRMATION_MESSAGES.confirmed}
      </Alert>
    );
  } else if (outcome === 'already_confirmed') {
    body = (
      <Alert color="blue" variant="light" role="status">
        {CONFIRMATION_MESSAGES.alreadyConfirmed}
      </Alert>
    );
  } else if (!token || state.data === 'invalid' || state.isError || confirm.isError) {
    body = (
      <Alert color="red" variant="light" role="alert">
        {confirm.error?.message ?? CONFIRMATION_MESSAGES.linkInvalid}{' '}
        {session ? 'Invite your team from the app: it offers to send a new link.' : 'Sign in: the app offers to send a new link.'}
      </Alert>
    );
  } else if (state.isPending) {
    body = <Loader size="sm" aria-label="Loading" />;
  } else {
    body = (
      <Stack gap="sm">
        <Text>{CONFIRMATION_MESSAGES.pageIntro}</Text>
        <Button onClick={() => confirm.mutate(token)} loading={confirm.isPending}>
          {CONFIRMATION_MESSAGES.button}
        </Button>
      </Stack>
    );
  }

  return (
    <AuthCard title={CONFIRMATION_MESSAGES.pageTitle}>
      {body}
      {outcome && (
        <Button component={Link} to={onward}>
          {CONFIRMATION_MESSAGES.continue}
        </Button>
      )}
      {!outcome && (
        <Text size="sm" ta="center">
          <Anchor component={Link} to={onward}>
            {session ? 'Back to home' : 'Back to sign in'}
          </Anchor>
        </Text>
      )}
    </AuthCard>
  );
}
