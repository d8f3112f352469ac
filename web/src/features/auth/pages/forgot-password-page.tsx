import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { ForgotPasswordForm } from '../components/forgot-password-form.tsx';

export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  return (
    <AuthCard title={t('forgot.title')} subtitle={t('forgot.subtitle')}>
      <ForgotPasswordForm />
      <Text size="sm" ta="center">
        <Anchor component={Link} to={paths.login}>
          {t('backToSignIn')}
        </Anchor>
      </Text>
    </AuthCard>
  );
}
