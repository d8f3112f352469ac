import { Alert, Anchor, Button, Divider, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useSearchParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader.tsx';
import { paths } from '../../../config/paths.ts';
import { useGuestAccess } from '../api/get-guest-access.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { LoginForm } from '../components/login-form.tsx';
import { rememberedOrganizationCode } from '../remembered-organization-code.ts';

/**
 * /login, prefilled from ?email= and ?password=, or with the guest account from ?guest=1; ?with=employee-number is the
 * sign-in of people without e-mail (organization code + employee number + password, ?organization= and ?employee=
 * prefill it).
 */
// Loaded only for the employee-number sign-in: the e-mail sign-in comes with the app's first script, whose offline
// shell must stay under its size budget (e2e/offline.e2e.ts).
const EmployeeLoginForm = lazy(() => import('../components/employee-login-form.tsx').then((m) => ({ default: m.EmployeeLoginForm })));

export function LoginPage() {
  const [params] = useSearchParams();
  if (params.get('with') === 'employee-number') return <EmployeeNumberLogin />;
  return <EmailLogin />;
}

function EmployeeNumberLogin() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  return (
    <AuthCard title={t('employee.title')} subtitle={t('employee.subtitle')}>
      <Suspense fallback={<PageLoader label={t('employee.title')} />}>
        <EmployeeLoginForm
          initialOrganizationCode={params.get('organization') ?? rememberedOrganizationCode()}
          initialEmployeeNumber={params.get('employee') ?? ''}
        />
      </Suspense>
      <Text size="sm" ta="center">
        {t('employee.firstTime')}{' '}
        <Anchor component={Link} to={paths.accountSetup}>
          {t('employee.setUp')}
        </Anchor>
      </Text>
      <Divider label={t('or')} labelPosition="center" />
      <Button component={Link} to={paths.login} variant="default" fullWidth>
        {t('employee.withEmail')}
      </Button>
    </AuthCard>
  );
}

function EmailLogin() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const asGuest = params.get('guest') === '1';
  const guest = useGuestAccess({ enabled: asGuest });

  return (
    <AuthCard title={t('login.title')} subtitle={t('login.subtitle')}>
      {asGuest && (
        <Alert title={t('login.guestTitle')} color="blue" variant="light">
          {t('login.guestText')}
        </Alert>
      )}
      {asGuest && guest.isError && (
        <Alert color="red" variant="light">
          {guest.error.message}
        </Alert>
      )}
      {asGuest && guest.isPending ? (
        <PageLoader label={t('login.guestLoading')} />
      ) : (
        <LoginForm
          key={guest.data ? 'guest' : 'member'}
          initialEmail={guest.data?.email ?? params.get('email') ?? ''}
          initialPassword={guest.data?.password ?? params.get('password') ?? ''}
        />
      )}
      {/* What app/ composes under the form (public-routes.tsx): the company-account sign-in. */}
      <Outlet />
      <Divider label={t('or')} labelPosition="center" />
      <Button component={Link} to={`${paths.login}?with=employee-number`} variant="default" fullWidth>
        {t('login.withEmployeeNumber')}
      </Button>
      <Text size="sm" ta="center">
        {t('login.newHere')}{' '}
        <Anchor component={Link} to={paths.register}>
          {t('login.createAccount')}
        </Anchor>
      </Text>
    </AuthCard>
  );
}
