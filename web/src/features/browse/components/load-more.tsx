import { Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type LoadMoreProps = { shown: number; total: number; hasMore: boolean; loading: boolean; onLoadMore: () => void };

/** "Showing 20 of 45" and the button for the next page of 20. */
export function LoadMore({ shown, total, hasMore, loading, onLoadMore }: LoadMoreProps) {
  const { t } = useTranslation('browse');
  return (
    <Stack align="center" gap="xs" mt="lg">
      <Text size="sm" c="dimmed" role="status">
        {t('showing', { shown, count: total })}
      </Text>
      {hasMore && (
        <Button variant="default" onClick={onLoadMore} loading={loading}>
          {t('loadMore')}
        </Button>
      )}
    </Stack>
  );
}
