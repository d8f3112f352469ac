import '../browse.css';
import { SimpleGrid } from '@mantine/core';
import type { VideoCard as Video } from '@mm/contract';
import { VideoCard, VideoCardSkeleton } from './video-card.tsx';

/** Columns at 425px, 768px, 992px and 1200px: 5 per row on desktop (member spec, section 9). */
export const GRID_COLUMNS = { base: 2, sm: 3, md: 4, lg: 5 } as const;

type VideoGridProps = { videos: Video[]; label: string; onOpen: (video: Video) => void };

/** Videos in rows. */
export function VideoGrid({ videos, label, onOpen }: VideoGridProps) {
  return (
    <SimpleGrid component="ul" cols={GRID_COLUMNS} spacing="md" verticalSpacing="lg" aria-label={label} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {videos.map((video) => (
        <li key={video.admin_video_id}>
          <VideoCard video={video} onOpen={onOpen} />
        </li>
      ))}
    </SimpleGrid>
  );
}

export function VideoGridSkeleton({ count = 10 }: { count?: number }) {
  return (
    <SimpleGrid cols={GRID_COLUMNS} spacing="md" verticalSpacing="lg" aria-hidden>
      {Array.from({ length: count }, (_, n) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to tell them apart.
        <VideoCardSkeleton key={n} />
      ))}
    </SimpleGrid>
  );
}
