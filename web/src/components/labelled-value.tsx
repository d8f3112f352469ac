import { Text } from '@mantine/core';

/** A small uppercase label over its value, for read-only summaries (account, payment records). */
export function LabelledValue({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" tt="uppercase" fw={700} c="dimmed">
        {label}
      </Text>
      {/* A value is data (an address, a plan, an amount), never a message of the app. */}
      <Text translate="no">{value}</Text>
    </div>
  );
}
