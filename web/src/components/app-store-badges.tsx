import { Group, Paper, Text } from '@mantine/core';
import { IconBrandApple, IconBrandGooglePlay } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

function StoreBadge({ icon, caption, store }: { icon: ReactNode; caption: string; store: string }) {
  return (
    <Paper bg="dark.7" c="white" radius="md" px="sm" py={6}>
      <Group gap={8} wrap="nowrap">
        {icon}
        <div>
          <Text size="xs" lh={1.1} c="gray.4">
            {caption}
          </Text>
          <Text size="sm" fw={700} lh={1.2} translate="no">
            {store}
          </Text>
        </div>
      </Group>
    </Paper>
  );
}

/** The mobile apps, shown as text badges: no third-party images are loaded. */
export function AppStoreBadges() {
  const { t } = useTranslation();
  return (
    <Group gap="sm">
      <StoreBadge icon={<IconBrandApple size={22} aria-hidden />} caption={t('footer.appStoreCaption')} store="App Store" />
      <StoreBadge icon={<IconBrandGooglePlay size={22} aria-hidden />} caption={t('footer.playCaption')} store="Google Play" />
    </Group>
  );
}
