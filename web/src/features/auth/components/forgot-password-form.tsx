import { Button, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useRequestPasswordReset } from '../api/forgot-password.ts';

export function ForgotPasswordForm() {
  const { t } = useTranslation('auth');
  const [email, setEmail] = useState('');
  const requestReset = useRequestPasswordReset();
  const navigate = useNavigate();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    requestReset.mutate(
      { email },
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
        <TextInput label={t('email')} type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
        <Button type="submit" disabled={requestReset.isPending} fullWidth>
          {requestReset.isPending ? t('forgot.sending') : t('forgot.send')}
        </Button>
      </Stack>
    </form>
  );
}
