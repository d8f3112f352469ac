import { Anchor, List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { RegisterForm } from '../components/register-form.tsx';

export function RegisterPage() {
  const { t } = useTranslation('auth');
  return (
    <AuthCard title={t('register.title')} subtitle={t('register.subtitle')}>
      <List size="sm" spacing={4}>
        <List.Item>{t('register.videos')}</List.Item>
        <List.Item>{t('register.staff')}</List.Item>
      </List>
      <RegisterForm />
      <Text size="sm" ta="center">
        {t('register.haveAccount')}{' '}
        <Anchor component={Link} to={paths.login}>
          {t('signIn')}
        </Anchor>
      </Text>
    </AuthCard>
  );
}
