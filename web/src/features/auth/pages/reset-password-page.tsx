import { Alert, Anchor, Text } from '@mantine/core';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { ResetPasswordForm } from '../components/reset-password-form.tsx';

export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const token = params.get('token');

  return (
    <AuthCard title={t('reset.title')}>
      {token ? (
        <ResetPasswordForm token={token} />
      ) : (
        <Alert color="red" variant="light" title={t('reset.incomplete')}>
          <Trans t={t} i18nKey="reset.incompleteText" components={{ requestLink: <Anchor component={Link} to={paths.forgotPassword} inherit /> }} />
        </Alert>
      )}
      <Text size="sm" ta="center">
        <Anchor component={Link} to={paths.login}>
          {t('backToSignIn')}
        </Anchor>
      </Text>
    </AuthCard>
  );
}
