import { Alert, Anchor, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PageLoader } from '../../../components/page-loader.tsx';
import { paths } from '../../../config/paths.ts';
import { useProfile } from '../../../lib/profile.ts';

export function AccountDeletePage() {
  const profile = useProfile();

  return (
    <Container size="sm" py="xl">
      <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="md">
          <Title order={1} size="h2">
            Delete account
          </Title>
          <Text>Deleting your account permanently removes your viewing history and your wish-list.</Text>
          {profile.isPending && <PageLoader label="Loading..." />}
          {profile.isError && (
            <Alert color="red" variant="light">
              {profile.error.message}
            </Alert>
          )}
          {profile.data && (
            <Text>
              To delete your account, contact your administrator at <Anchor href={`mailto:${profile.data.support_email}`}>{profile.data.support_email}</Anchor>
            </Text>
          )}
          <Anchor component={Link} to={paths.account.root} size="sm">
            Back to account
          </Anchor>
        </Stack>
      </Paper>
    </Container>
  );
}
