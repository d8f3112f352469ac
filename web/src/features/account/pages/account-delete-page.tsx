import { Alert, Anchor, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageLoader } from '../../../components/page-loader.tsx';
import { paths } from '../../../config/paths.ts';
import { useProfile } from '../../../lib/profile.ts';

export function AccountDeletePage() {
  const { t } = useTranslation('account');
  const profile = useProfile();

  return (
    <Container size="sm" py="xl">
      <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="md">
          <Title order={1} size="h2">
            {t('delete.title')}
          </Title>
          <Text>{t('delete.text')}</Text>
          {profile.isPending && <PageLoader label={t('delete.loading')} />}
          {profile.isError && (
            <Alert color="red" variant="light">
              {profile.error.message}
            </Alert>
          )}
          {profile.data && (
            <Text>
              <Trans
                t={t}
                i18nKey="delete.contact"
                values={{ email: profile.data.support_email }}
                components={{ mail: <Anchor href={`mailto:${profile.data.support_email}`} translate="no" /> }}
              />
            </Text>
          )}
          <Anchor component={Link} to={paths.account.root} size="sm">
            {t('delete.back')}
          </Anchor>
        </Stack>
      </Paper>
    </Container>
  );
}
