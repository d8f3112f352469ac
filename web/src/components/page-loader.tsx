import { Loader, Stack, Text } from '@mantine/core';

/** A centred spinner with a line saying what is happening. */
export function PageLoader({ label }: { label: string }) {
  return (
    <Stack align="center" gap="sm" py={64} role="status">
      <Loader />
      <Text c="dimmed">{label}</Text>
    </Stack>
  );
}
