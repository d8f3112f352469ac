import { Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { browserTimezone } from '../../../lib/browser-timezone.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { scanReturnPath } from '../../../lib/scan-return.ts';
import { saveSession, sessionFromSignIn } from '../../../lib/session.ts';
import { useLogin } from '../api/login.ts';

type LoginFormProps = { initialEmail: string; initialPassword: string };

export function LoginForm({ initialEmail, initialPassword }: LoginFormProps) {
  const { t } = useTranslation('auth');
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState(initialPassword);
  const login = useLogin();
  const navigate = useNavigate();
  // A scanned QR label's page waits behind the sign-in (lib/scan-return.ts).
  const next = scanReturnPath(useLocation().state);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    login.mutate(
      { email, password, timezone: browserTimezone() },
      {
        onSuccess: ({ data, message }) => {
          saveSession(sessionFromSignIn(data));
          notifySuccess(message ?? t('loggedIn'));
          navigate(next ?? paths.home, { replace: true });
        },
        onError: notifyError,
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput label={t('email')} type="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
        <PasswordInput
          visibilityToggleButtonProps={{ 'aria-label': t('showPassword') }}
          label={t('password')}
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Anchor component={Link} to={paths.forgotPassword} size="sm">
            {t('login.forgot')}
          </Anchor>
        </Group>
        <Button type="submit" disabled={login.isPending} fullWidth>
          {login.isPending ? t('signingIn') : t('signIn')}
        </Button>
      </Stack>
    </form>
  );
}
