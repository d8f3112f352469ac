import { Button, PasswordInput, Stack } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useChangePassword } from '../api/change-password.ts';
import { type NewPassword, NewPasswordFields } from './new-password-fields.tsx';

const EMPTY = { password: '', password_confirmation: '' };

/** Old, new and confirm password; no client rule, the server judges (member spec, section 5). */
export function ChangePasswordForm({ onChanged }: { onChanged?: () => void }) {
  const { t } = useTranslation('auth');
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState<NewPassword>(EMPTY);
  const changePassword = useChangePassword();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    changePassword.mutate(
      { old_password: oldPassword, ...newPassword },
      {
        onSuccess: ({ message }) => {
          if (message) notifySuccess(message);
          setOldPassword('');
          setNewPassword(EMPTY);
          onChanged?.();
        },
        onError: notifyError,
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <PasswordInput
          visibilityToggleButtonProps={{ 'aria-label': t('showPassword') }}
          label={t('changePassword.oldPassword')}
          autoComplete="current-password"
          value={oldPassword}
          onChange={(e) => setOldPassword(e.currentTarget.value)}
        />
        <NewPasswordFields value={newPassword} onChange={setNewPassword} />
        <Button type="submit" disabled={changePassword.isPending} fullWidth>
          {changePassword.isPending ? t('pleaseWait') : t('changePassword.submit')}
        </Button>
      </Stack>
    </form>
  );
}
