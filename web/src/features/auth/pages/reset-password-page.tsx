import { Alert, Anchor, Text } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { ResetPasswordForm } from '../components/reset-password-form.tsx';

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');

  return (
    <AuthCard title="Choose a new password">
      {token ? (
        <ResetPasswordForm token={token} />
      ) : (
        <Alert color="red" variant="light" title="Incomplete reset link">
          Open the link from your reset e-mail, or{' '}
          <Anchor component={Link} to={paths.forgotPassword} inherit>
            ask for a new one
          </Anchor>
          .
        </Alert>
      )}
      <Text size="sm" ta="center">
        <Anchor component={Link} to={paths.login}>
          Back to sign in
        </Anchor>
      </Text>
    </AuthCard>
  );
}
