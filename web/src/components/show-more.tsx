import { Button, Group, Text } from '@mantine/core';
import { countOf } from '@mm/contract';

const count = (n: number) => n.toLocaleString('en-US');

/**
 * Under a list shown a part at a time: "Showing 20 of 60 members" and a button for the next part (nothing once all
 * is shown). `loading` while that part is on its way from the server.
 */
export function ShowMore(props: {
  shown: number;
  total: number;
  pageSize: number /** The singular: "member". */;
  noun: string;
  onMore: () => void;
  loading?: boolean;
}) {
  if (props.shown >= props.total) return null;
  return (
    <Group justify="space-between">
      <Text size="sm" c="dimmed" role="status">
        Showing {count(props.shown)} of {countOf(props.total, props.noun)}
      </Text>
      <Button variant="light" size="xs" loading={props.loading} onClick={props.onMore}>
        Show {count(Math.min(props.pageSize, props.total - props.shown))} more
      </Button>
    </Group>
  );
}
