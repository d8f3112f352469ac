import { Alert, Button, Container, Group, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageLoader } from '../../../components/page-loader.tsx';
import { paths } from '../../../config/paths.ts';
import { useProfile } from '../../../lib/profile.ts';
import { useSignedInSession } from '../../../lib/session.ts';
import { AccountSummary } from '../components/account-summary.tsx';
import { LanguageSettings } from '../components/language-settings.tsx';

export function AccountPage() {
  const session = useSignedInSession();
  const profile = useProfile();
  const { t } = useTranslation('account');

  return (
    <Container size="md" py="xl">
      <Title order={1} mb="lg">
        {t('title')}
      </Title>
      {profile.isPending && <PageLoader label={t('loading')} />}
      {profile.isError && (
        <Alert color="red" variant="light">
          {profile.error.message}
        </Alert>
      )}
      {profile.data && (
        <AccountSummary profile={profile.data} readOnly={session.isGuestUser}>
          {!session.isGuestUser && <LanguageSettings profile={profile.data} isSuperUser={session.isSuperUser} />}
        </AccountSummary>
      )}
      {!session.isGuestUser && (
        <Group mt="lg">
          <Button component={Link} to={paths.account.kioskPin} variant="default">
            {t('kioskPin')}
          </Button>
        </Group>
      )}
    </Container>
  );
}
