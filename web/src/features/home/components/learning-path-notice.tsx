import { Card, Group, Text, ThemeIcon } from '@mantine/core';
import { IconRoute } from '@tabler/icons-react';

export function LearningPathNotice() {
  return (
    <Card withBorder radius="md" padding="lg">
      <Group gap="md" wrap="nowrap" align="flex-start">
        <ThemeIcon size="lg" variant="light" aria-hidden>
          <IconRoute size={20} />
        </ThemeIcon>
        <div>
          <Text fw={700}>Your learning path</Text>
          <Text c="dimmed">Your learning path will appear here once your organization's catalog is set up.</Text>
        </div>
      </Group>
    </Card>
  );
}
