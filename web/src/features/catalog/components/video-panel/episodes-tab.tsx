import { Alert, Button, Stack, Text } from '@mantine/core';
import type { VideoCard } from '@mm/contract';
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
  const episodes = useSubCategoryVideos(subCategoryId);
  if (episodes.isPending) return <VideoGridSkeleton count={4} />;
  if (episodes.isError)
    return (
      <Alert color="red" variant="light">
        {episodes.error.message}
      </Alert>
    );
  const videos = episodes.data.pages.flatMap((page) => page.videos);
  if (videos.length === 0) return <Text c="dimmed">No episodes yet.</Text>;
  return (
    <Stack gap="md">
      <VideoGrid videos={videos} label={`Episodes of ${subCategoryName}`} onOpen={onOpen} />
      {episodes.hasNextPage && (
        <Button variant="default" onClick={() => episodes.fetchNextPage()} loading={episodes.isFetchingNextPage} style={{ alignSelf: 'center' }}>
          Load more
        </Button>
      )}
    </Stack>
  );
}
