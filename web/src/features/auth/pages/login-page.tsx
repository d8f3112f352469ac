import { Alert, Anchor, Text } from '@mantine/core';
import { Link, Outlet, useSearchParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader.tsx';
import { paths } from '../../../config/paths.ts';
import { useGuestAccess } from '../api/get-guest-access.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { LoginForm } from '../components/login-form.tsx';

/** /login, prefilled from ?email= and ?password=, or with the guest account from ?guest=1. */
export function LoginPage() {
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
      <Text size="sm" ta="center">
        New to Manufacturing Masters?{' '}
        <Anchor component={Link} to={paths.register}>
          Create an account
        </Anchor>
      </Text>
    </AuthCard>
  );
}
