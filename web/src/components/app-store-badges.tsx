import { Group, Paper, Text } from '@mantine/core';
import { IconBrandApple, IconBrandGooglePlay } from '@tabler/icons-react';
import type { ReactNode } from 'react';

function StoreBadge({ icon, caption, store }: { icon: ReactNode; caption: string; store: string }) {
  return (
    <Paper bg="dark.7" c="white" radius="md" px="sm" py={6}>
      <Group gap={8} wrap="nowrap">
        {icon}
        <div>
          <Text size="xs" lh={1.1} c="gray.4">
            {caption}
          </Text>
          <Text size="sm" fw={700} lh={1.2}>
            {store}
          </Text>
        </div>
      </Group>
    </Paper>
  );
}

/** The mobile apps, shown as text badges: no third-party images are loaded. */
export function AppStoreBadges() {
  return (
    <Group gap="sm">
      <StoreBadge icon={<IconBrandApple size={22} aria-hidden />} caption="Download on the" store="App Store" />
      <StoreBadge icon={<IconBrandGooglePlay size={22} aria-hidden />} caption="Get it on" store="Google Play" />
    </Group>
  );
}
