import { Button, Stack } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { saveSession, sessionFromSignIn } from '../../../lib/session.ts';
import { useAcceptInvitation } from '../api/accept-invitation.ts';
import { type NewPassword, NewPasswordFields } from './new-password-fields.tsx';

export function AcceptInvitationForm({ token }: { token: string }) {
  const [newPassword, setNewPassword] = useState<NewPassword>({ password: '', password_confirmation: '' });
  const accept = useAcceptInvitation();
  const navigate = useNavigate();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    accept.mutate(
      { token, ...newPassword },
      {
        onSuccess: ({ data, message }) => {
          // Same render: the signed-in route set opens directly on /home.
          navigate(paths.home, { replace: true });
          saveSession(sessionFromSignIn(data));
          if (message) notifySuccess(message);
        },
        onError: notifyError,
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <NewPasswordFields value={newPassword} onChange={setNewPassword} />
        <Button type="submit" disabled={accept.isPending} fullWidth>
          {accept.isPending ? 'Loading... Please wait..' : 'Activate account'}
        </Button>
      </Stack>
    </form>
  );
}
