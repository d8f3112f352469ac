import { Alert, Button, Stack, Text } from '@mantine/core';
import type { VideoCard } from '@mm/contract';
import { useTranslation } from 'react-i18next';
import { useSubCategoryVideos } from '../../api/get-sub-category-videos.ts';
import { VideoGrid, VideoGridSkeleton } from '../video-grid.tsx';

/**
 * Episodes of a series. The contract has no episode list; a series' episodes are taken to be the
 * videos of its sub-category, in catalog order.
 */
export function EpisodesTab({
  subCategoryId,
  subCategoryName,
  onOpen,
}: {
  subCategoryId: number;
  subCategoryName: string;
  onOpen: (video: VideoCard) => void;
}) {
  const { t } = useTranslation('browse');
  const episodes = useSubCategoryVideos(subCategoryId);
  if (episodes.isPending) return <VideoGridSkeleton count={4} />;
  if (episodes.isError)
    return (
      <Alert color="red" variant="light">
        {episodes.error.message}
      </Alert>
    );
  const videos = episodes.data.pages.flatMap((page) => page.videos);
  if (videos.length === 0) return <Text c="dimmed">{t('episodes.empty')}</Text>;
  return (
    <Stack gap="md">
      <VideoGrid videos={videos} label={t('episodes.label', { name: subCategoryName })} onOpen={onOpen} />
      {episodes.hasNextPage && (
        <Button variant="default" onClick={() => episodes.fetchNextPage()} loading={episodes.isFetchingNextPage} style={{ alignSelf: 'center' }}>
          {t('loadMore')}
        </Button>
      )}
    </Stack>
  );
}
