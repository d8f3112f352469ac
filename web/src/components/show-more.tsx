import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * Under a list shown a part at a time: "Showing 20 of 60 members" and a button for the next part (nothing once all
 * is shown). `loading` while that part is on its way from the server.
 */
export function ShowMore(props: {
  shown: number;
  total: number;
  pageSize: number;
  /** What the list counts (a context of common's showMore.showing). */
  noun: 'member' | 'user';
  onMore: () => void;
  loading?: boolean;
}) {
  const { t } = useTranslation();
  if (props.shown >= props.total) return null;
  return (
    <Group justify="space-between">
      <Text size="sm" c="dimmed" role="status">
        {t('showMore.showing', { context: props.noun, shown: props.shown, count: props.total })}
      </Text>
      <Button variant="light" size="xs" loading={props.loading} onClick={props.onMore}>
        {t('showMore.more', { count: Math.min(props.pageSize, props.total - props.shown) })}
      </Button>
    </Group>
  );
}
