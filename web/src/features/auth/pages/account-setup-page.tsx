import { Anchor, Text } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { AccountSetupForm } from '../components/account-setup-form.tsx';
import { AuthCard } from '../components/auth-card.tsx';

/** /set-up-account?organization=&employee=: the address on a printed sign-in sheet (its QR code fills both in). */
export function AccountSetupPage() {
  const [params] = useSearchParams();
  return (
    <AuthCard title="Set up your account" subtitle="Type what is printed on your sign-in sheet, then choose your password.">
      <AccountSetupForm initialOrganizationCode={params.get('organization') ?? ''} initialEmployeeNumber={params.get('employee') ?? ''} />
      <Text size="sm" ta="center">
        Already set up?{' '}
        <Anchor component={Link} to={`${paths.login}?with=employee-number`}>
          Sign in with employee number
        </Anchor>
      </Text>
    </AuthCard>
  );
}
