import { Alert, Button, Divider, Stack, Text, TextInput } from '@mantine/core';
import { IconBuilding } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStartSso } from '../api/start-sso.ts';
import { keepBrowserKey } from '../browser-key.ts';

/**
 * "Continue with your company account" under the sign-in form: the member types their work e-mail, its domain finds
 * the organization's identity provider, and the browser goes there (it comes back to /sso/callback).
 */
export function CompanyAccountSignIn() {
  const { t } = useTranslation('sso');
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const start = useStartSso();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    start.mutate(
      { email },
      {
        onSuccess: ({ data }) => {
          keepBrowserKey(data.browser_key);
          window.location.assign(data.url);
        },
      },
    );
  };

  return (
    <Stack gap="sm">
      <Divider label={t('signIn.or')} labelPosition="center" />
      {open ? (
        <form onSubmit={submit} noValidate aria-label={t('signIn.formLabel')}>
          <Stack gap="sm">
            <Text size="sm">{t('signIn.intro')}</Text>
            <TextInput
              label={t('signIn.email')}
              type="email"
              autoComplete="username"
              data-autofocus
              autoFocus
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
            />
            {start.isError && (
              <Alert color="red" variant="light" role="alert">
                {start.error.message}
              </Alert>
            )}
            <Button type="submit" variant="light" loading={start.isPending || start.isSuccess} fullWidth>
              {t('signIn.continue')}
            </Button>
          </Stack>
        </form>
      ) : (
        <Button variant="default" leftSection={<IconBuilding size={18} aria-hidden />} onClick={() => setOpen(true)} fullWidth>
          {t('signIn.open')}
        </Button>
      )}
    </Stack>
  );
}
