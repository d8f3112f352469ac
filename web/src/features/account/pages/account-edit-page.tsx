import { Alert, Container, Paper, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageLoader } from '../../../components/page-loader.tsx';
import { paths } from '../../../config/paths.ts';
import { useProfile } from '../../../lib/profile.ts';
import { EditProfileForm } from '../components/edit-profile-form.tsx';

export function AccountEditPage() {
  const { t } = useTranslation('account');
  const profile = useProfile();
  const navigate = useNavigate();

  return (
    <Container size={460} py="xl">
      <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', sm: 'xl' }}>
        <Title order={1} size="h2" mb="md">
          {t('edit.title')}
        </Title>
        {profile.isPending && <PageLoader label={t('edit.loading')} />}
        {profile.isError && (
          <Alert color="red" variant="light">
            {profile.error.message}
          </Alert>
        )}
        {profile.data && <EditProfileForm profile={profile.data} onSaved={() => navigate(paths.account.root)} />}
      </Paper>
    </Container>
  );
}
