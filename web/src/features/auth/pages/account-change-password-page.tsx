import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { ChangePasswordForm } from '../components/change-password-form.tsx';

export function AccountChangePasswordPage() {
  return (
    <AuthCard title="Change password">
      <ChangePasswordForm />
      <Text size="sm" ta="center">
        <Anchor component={Link} to={paths.account.root}>
          Back to account
        </Anchor>
      </Text>
    </AuthCard>
  );
}
