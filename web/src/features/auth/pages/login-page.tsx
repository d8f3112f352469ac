import { Alert, Anchor, Text } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { LoginForm } from '../components/login-form.tsx';

export function LoginPage() {
  const [params] = useSearchParams();
  const asGuest = params.get('guest') === '1';

  return (
    <AuthCard title="Sign in to Manufacturing Masters" subtitle="Welcome back to your video-training library.">
      {asGuest && (
        <Alert title="Guest access" color="blue" variant="light">
          The shared guest account lets you browse the library read-only. Sign in with the guest e-mail and password you were given.
        </Alert>
      )}
      <LoginForm initialEmail={params.get('email') ?? ''} initialPassword={params.get('password') ?? ''} />
      <Text size="sm" ta="center">
        New to Manufacturing Masters?{' '}
        <Anchor component={Link} to={paths.register}>
          Create an account
        </Anchor>
      </Text>
    </AuthCard>
  );
}
