import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { ChangePasswordForm } from '../components/change-password-form.tsx';

export function AccountChangePasswordPage() {
  const { t } = useTranslation('auth');
  return (
    <AuthCard title={t('changePassword.submit')}>
      <ChangePasswordForm />
      <Text size="sm" ta="center">
        <Anchor component={Link} to={paths.account.root}>
          {t('changePassword.back')}
        </Anchor>
      </Text>
    </AuthCard>
  );
}
