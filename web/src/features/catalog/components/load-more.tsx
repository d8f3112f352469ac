import { Button, Stack, Text } from '@mantine/core';
import { countOf } from '@mm/contract';

type LoadMoreProps = { shown: number; total: number; hasMore: boolean; loading: boolean; onLoadMore: () => void };

/** "Showing 20 of 45" and the button for the next page of 20. */
export function LoadMore({ shown, total, hasMore, loading, onLoadMore }: LoadMoreProps) {
  return (
    <Stack align="center" gap="xs" mt="lg">
      <Text size="sm" c="dimmed" role="status">
        Showing {shown} of {countOf(total, 'video')}
      </Text>
      {hasMore && (
        <Button variant="default" onClick={onLoadMore} loading={loading}>
          Load more
        </Button>
      )}
    </Stack>
  );
}
