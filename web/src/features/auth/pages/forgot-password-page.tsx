import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { ForgotPasswordForm } from '../components/forgot-password-form.tsx';

export function ForgotPasswordPage() {
  return (
    <AuthCard title="Forgot your password?" subtitle="We will send you an e-mail with instructions to reset your password.">
      <ForgotPasswordForm />
      <Text size="sm" ta="center">
        <Anchor component={Link} to={paths.login}>
          Back to sign in
        </Anchor>
      </Text>
    </AuthCard>
  );
}
