import { Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { BRAND } from '../../../config/app.ts';
import { paths } from '../../../config/paths.ts';

/** The public front door: sign in, guest access, start a trial. */
export function LandingPage() {
  return (
    <Container size="md" py={{ base: 'xl', sm: 64 }}>
      <Stack gap="xl" align="center" ta="center">
        <Title order={1} fz={{ base: 32, sm: 48 }}>
          {BRAND}
        </Title>
        <Text size="lg" c="dimmed" maw={620}>
          500+ tactical best-practice videos from manufacturing experts, organized into a learning path for your whole team.
        </Text>
        <Group justify="center">
          <Button component={Link} to={paths.login} size="md">
            Sign in
          </Button>
          <Button component={Link} to={paths.register} size="md" variant="outline">
            Get started
          </Button>
        </Group>
        <Paper withBorder radius="md" p="lg" maw={560} w="100%">
          <Stack gap="xs" align="center">
            <Title order={2} size="h4">
              Guest access
            </Title>
            <Text size="sm" c="dimmed">
              Want to look around first? The shared guest account browses the library read-only: no progress, likes or lists are saved.
            </Text>
            <Button component={Link} to={`${paths.login}?guest=1`} variant="subtle">
              Continue as a guest
            </Button>
          </Stack>
        </Paper>
      </Stack>
    </Container>
  );
}
