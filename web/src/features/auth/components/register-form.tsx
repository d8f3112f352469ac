import { Anchor, Button, Checkbox, PasswordInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { firstRegistrationError, REGISTRATION_MESSAGES } from '@mm/contract';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { browserTimezone } from '../../../lib/browser-timezone.ts';
import { createCheckout, INITIAL_PLAN_ID } from '../../../lib/checkout.ts';
import { notifyError, notifyErrorMessage, notifySuccess } from '../../../lib/notify.ts';
import { saveSession, sessionFromSignIn, storeSessionForNextPage } from '../../../lib/session.ts';
import { useLogin } from '../api/login.ts';
import { useRegister } from '../api/register.ts';

const EMPTY = { name: '', last_name: '', company: '', email: '', password: '' };
type Fields = typeof EMPTY;

export function RegisterForm() {
  const { t } = useTranslation('auth');
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [termsAccepted, setTermsAccepted] = useState(false);
  const navigate = useNavigate();
  const register = useRegister();
  const login = useLogin();
  // Until the browser leaves for the checkout page, the form stays busy (no second registration).
  const [startingCheckout, setStartingCheckout] = useState(false);
  const busy = register.isPending || login.isPending || startingCheckout;

  const bind = (key: keyof Fields) => ({
    value: fields[key],
    onChange: (event: ChangeEvent<HTMLInputElement>) => setFields({ ...fields, [key]: event.currentTarget.value }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = firstRegistrationError(fields, termsAccepted);
    if (problem) {
      const key = (Object.keys(REGISTRATION_MESSAGES) as Array<keyof typeof REGISTRATION_MESSAGES>).find((k) => REGISTRATION_MESSAGES[k] === problem);
      notifyErrorMessage(key ? t(`register.errors.${key}`) : problem);
      return;
    }
    const timezone = browserTimezone();
    // Registration answers a bare token; signing in with the entered credentials gives the whole
    // session, then the checkout of plan 1 starts the trial (member spec, section 4).
    register.mutate(
      { ...fields, is_super_user: 0, timezone, terms: 1 },
      {
        onSuccess: ({ message }) =>
          login.mutate(
            { email: fields.email, password: fields.password, timezone },
            {
              onSuccess: ({ data }) => {
                const session = sessionFromSignIn(data);
                if (message) notifySuccess(message);
                setStartingCheckout(true);
                createCheckout(data.user_id, INITIAL_PLAN_ID, session.accessToken)
                  .then((url) => {
                    storeSessionForNextPage(session);
                    window.location.assign(url);
                  })
                  .catch((error: unknown) => {
                    setStartingCheckout(false);
                    saveSession(session);
                    notifyError(error);
                    navigate(paths.plans, { replace: true });
                  });
              },
              onError: notifyError,
            },
          ),
        onError: notifyError,
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label={t('register.firstName')} autoComplete="given-name" {...bind('name')} />
          <TextInput label={t('register.lastName')} autoComplete="family-name" {...bind('last_name')} />
        </SimpleGrid>
        <TextInput label={t('register.company')} autoComplete="organization" {...bind('company')} />
        <TextInput label={t('email')} type="email" autoComplete="email" {...bind('email')} />
        <PasswordInput
          visibilityToggleButtonProps={{ 'aria-label': t('showPassword') }}
          label={t('password')}
          autoComplete="new-password"
          description={t('passwordRules')}
          {...bind('password')}
        />
        <Checkbox
          checked={termsAccepted}
          onChange={(event) => setTermsAccepted(event.currentTarget.checked)}
          label={<Trans t={t} i18nKey="register.agree" components={{ terms: <Anchor component={Link} to={paths.terms} inherit /> }} />}
        />
        <Button type="submit" disabled={busy} fullWidth>
          {busy ? t('register.loading') : t('register.start')}
        </Button>
      </Stack>
    </form>
  );
}
