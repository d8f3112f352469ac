import { Button, Stack } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { type NewPassword, NewPasswordFields } from './new-password-fields.tsx';

export function ResetPasswordForm({ token }: { token: string }) {
  const [newPassword, setNewPassword] = useState<NewPassword>({ password: '', password_confirmation: '' });
  const resetPassword = useResetPassword();
  const navigate = useNavigate();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    resetPassword.mutate(
      { token, ...newPassword },
      {
        onSuccess: ({ message }) => {
          if (message) notifySuccess(message);
          navigate(paths.login);
        },
        onError: notifyError,
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <NewPasswordFields value={newPassword} onChange={setNewPassword} />
        <Button type="submit" disabled={resetPassword.isPending} fullWidth>
          {resetPassword.isPending ? 'Loading... Please wait..' : 'Reset password'}
        </Button>
      </Stack>
    </form>
  );
}
