import { Anchor, List, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { RegisterForm } from '../components/register-form.tsx';

export function RegisterPage() {
  return (
    <AuthCard title="Create your account" subtitle="30 days free, cancel anytime. $149 per month after the trial.">
      <List size="sm" spacing={4}>
        <List.Item>500+ tactical best-practice videos from manufacturing experts</List.Item>
        <List.Item>Sign up to 4 additional staff to share videos across your team</List.Item>
      </List>
      <RegisterForm />
      <Text size="sm" ta="center">
        Already have an account?{' '}
        <Anchor component={Link} to={paths.login}>
          Sign in
        </Anchor>
      </Text>
    </AuthCard>
  );
}
