import { Anchor, Box, Container, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { BRAND, SUPPORT_EMAIL, VERSION_LABEL } from '../config/app.ts';
import { paths } from '../config/paths.ts';
import { AppStoreBadges } from './app-store-badges.tsx';

const PAGE_LINKS = [
  { label: 'Terms', to: paths.terms },
  { label: 'Help', to: paths.help },
];

/** `roomForQuickMenu` keeps the last line clear of the floating button of the signed-in layout. */
export function SiteFooter({ roomForQuickMenu = false }: { roomForQuickMenu?: boolean }) {
  return (
    <Box component="footer" bg="gray.0" pt="xl" pb={roomForQuickMenu ? 96 : 'xl'} style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
      <Container size="lg">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          <Stack gap={6}>
            <Text fw={700}>{BRAND}</Text>
            <Anchor href={`mailto:${SUPPORT_EMAIL}`} size="sm">
              Contact us
            </Anchor>
          </Stack>
          <Stack gap={6} component="nav" aria-label="Information pages">
            {PAGE_LINKS.map((page) => (
              <Anchor key={page.to} component={Link} to={page.to} size="sm">
                {page.label}
              </Anchor>
            ))}
          </Stack>
          <AppStoreBadges />
        </SimpleGrid>
        <Group justify="space-between" mt="lg" gap="xs">
          <Text size="sm" c="dimmed">
            © {BRAND}
          </Text>
          <Anchor component={Link} to={paths.version} size="sm" c="dimmed">
            {VERSION_LABEL}
          </Anchor>
        </Group>
      </Container>
    </Box>
  );
}
