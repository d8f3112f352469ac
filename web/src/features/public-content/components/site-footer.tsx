import { Anchor, Box, Container, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { APP_VERSION } from '@mm/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AppStoreBadges } from '../../../components/app-store-badges.tsx';
import { BRAND, SUPPORT_EMAIL } from '../../../config/app.ts';
import { pagePath, paths } from '../../../config/paths.ts';
import { usePages } from '../api/get-pages.ts';

/** `roomForQuickMenu` keeps the last line clear of the floating button of the signed-in layout (from 768px: on phones it does not float). */
export function SiteFooter({ roomForQuickMenu = false }: { roomForQuickMenu?: boolean }) {
  const pages = usePages();
  const { t } = useTranslation();
  return (
    <Box
      component="footer"
      bg="gray.0"
      pt="xl"
      pb={roomForQuickMenu ? { base: 'xl', sm: 96 } : 'xl'}
      style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
    >
      <Container size="lg">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          <Stack gap={6}>
            <Text fw={700} translate="no">
              {BRAND}
            </Text>
            <Anchor href={`mailto:${SUPPORT_EMAIL}`} size="sm">
              {t('footer.contact')}
            </Anchor>
          </Stack>
          <Stack gap={6} component="nav" aria-label={t('footer.pages')}>
            {(pages.data ?? []).map((page) => (
              <Anchor key={page.unique_id} component={Link} to={pagePath(page.unique_id)} size="sm" translate="no">
                {page.title}
              </Anchor>
            ))}
          </Stack>
          <AppStoreBadges />
        </SimpleGrid>
        <Group justify="space-between" mt="lg" gap="xs">
          <Text size="sm" c="dimmed" translate="no">
            © {BRAND}
          </Text>
          <Anchor component={Link} to={paths.version} size="sm" c="dimmed">
            {t('footer.version', { version: APP_VERSION })}
          </Anchor>
        </Group>
      </Container>
    </Box>
  );
}
