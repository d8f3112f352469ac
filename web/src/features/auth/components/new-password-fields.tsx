import { Button, PasswordInput, Stack } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';

export type NewPassword = { password: string; password_confirmation: string };

type NewPasswordFieldsProps = { value: NewPassword; onChange: (value: NewPassword) => void };

/** 'New password' and 'Confirm password': the server judges the rules and the match. */
export function NewPasswordFields({ value, onChange }: NewPasswordFieldsProps) {
  const { t } = useTranslation('auth');
  return (
    <>
      <PasswordInput
        visibilityToggleButtonProps={{ 'aria-label': t('showPassword') }}
        label={t('reset.newPassword')}
        description={t('passwordRules')}
        autoComplete="new-password"
        value={value.password}
        onChange={(e) => onChange({ ...value, password: e.currentTarget.value })}
      />
      <PasswordInput
        visibilityToggleButtonProps={{ 'aria-label': t('showPassword') }}
        label={t('reset.confirmPassword')}
        autoComplete="new-password"
        value={value.password_confirmation}
        onChange={(e) => onChange({ ...value, password_confirmation: e.currentTarget.value })}
      />
    </>
  );
}

type NewPasswordFormProps = { submitLabel: string; pending: boolean; onSubmit: (value: NewPassword) => void };

/** A form that only sets a new password (reset link, invitation): the fields and one submit button. */
export function NewPasswordForm({ submitLabel, pending, onSubmit }: NewPasswordFormProps) {
  const { t } = useTranslation('auth');
  const [value, setValue] = useState<NewPassword>({ password: '', password_confirmation: '' });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(value);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <NewPasswordFields value={value} onChange={setValue} />
        <Button type="submit" disabled={pending} fullWidth>
          {pending ? t('pleaseWait') : submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
