import { Alert, Anchor, Button, Divider, Text } from '@mantine/core';
import { Link, Outlet, useSearchParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader.tsx';
import { paths } from '../../../config/paths.ts';
import { useGuestAccess } from '../api/get-guest-access.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { EmployeeLoginForm } from '../components/employee-login-form.tsx';
import { LoginForm } from '../components/login-form.tsx';
import { rememberedOrganizationCode } from '../remembered-organization-code.ts';

/**
 * /login, prefilled from ?email= and ?password=, or with the guest account from ?guest=1; ?with=employee-number is the
 * sign-in of people without e-mail (organization code + employee number + password, ?organization= and ?employee=
 * prefill it).
 */
export function LoginPage() {
  const [params] = useSearchParams();
  if (params.get('with') === 'employee-number') return <EmployeeNumberLogin />;
  return <EmailLogin />;
}

function EmployeeNumberLogin() {
  const [params] = useSearchParams();
  return (
    <AuthCard title="Sign in with employee number" subtitle="For people without a company e-mail: use what is printed on your sign-in sheet.">
      <EmployeeLoginForm
        initialOrganizationCode={params.get('organization') ?? rememberedOrganizationCode()}
        initialEmployeeNumber={params.get('employee') ?? ''}
      />
      <Text size="sm" ta="center">
        First time?{' '}
        <Anchor component={Link} to={paths.accountSetup}>
          Set up your account with your sheet's code
        </Anchor>
      </Text>
      <Divider label="or" labelPosition="center" />
      <Button component={Link} to={paths.login} variant="default" fullWidth>
        Sign in with e-mail
      </Button>
    </AuthCard>
  );
}

function EmailLogin() {
  const [params] = useSearchParams();
  const asGuest = params.get('guest') === '1';
  const guest = useGuestAccess({ enabled: asGuest });

  return (
    <AuthCard title="Welcome back" subtitle="Sign in to your Manufacturing Masters video library.">
      {asGuest && (
        <Alert title="Guest access" color="blue" variant="light">
          The shared guest account browses the library read-only: no progress, likes or lists are saved. Its e-mail and password are filled in below.
        </Alert>
      )}
      {asGuest && guest.isError && (
        <Alert color="red" variant="light">
          {guest.error.message}
        </Alert>
      )}
      {asGuest && guest.isPending ? (
        <PageLoader label="Loading the guest account..." />
      ) : (
        <LoginForm
          key={guest.data ? 'guest' : 'member'}
          initialEmail={guest.data?.email ?? params.get('email') ?? ''}
          initialPassword={guest.data?.password ?? params.get('password') ?? ''}
        />
      )}
      {/* What app/ composes under the form (public-routes.tsx): the company-account sign-in. */}
      <Outlet />
      <Divider label="or" labelPosition="center" />
      <Button component={Link} to={`${paths.login}?with=employee-number`} variant="default" fullWidth>
        Sign in with employee number
      </Button>
      <Text size="sm" ta="center">
        New to Manufacturing Masters?{' '}
        <Anchor component={Link} to={paths.register}>
          Create an account
        </Anchor>
      </Text>
    </AuthCard>
  );
}
