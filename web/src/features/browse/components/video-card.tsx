import { Badge, Box, Card, Progress, Skeleton, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { VideoCard as Video } from '@mm/contract';
import { IconCircleCheckFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { describeDuration, formatDuration } from '../../../lib/duration.ts';
import { continueLabel } from '../../../lib/playback-position.ts';
import { videoProgressPercent } from '../progress.ts';
import { CatalogImage } from './catalog-image.tsx';

type VideoCardProps = { video: Video; onOpen: (video: Video) => void };

/** A video of a list or slider; pressing it opens the video detail panel. */
export function VideoCard({ video, onOpen }: VideoCardProps) {
  const { t, i18n } = useTranslation('browse');
  const watchedPercent = videoProgressPercent(video.progress, video.duration_seconds);
  const resumeLabel = continueLabel(video.resume_seconds, t);
  // Named by its visible title (no aria-label that would differ from it); the duration and state are spelt out after it.
  return (
    <UnstyledButton onClick={() => onOpen(video)} aria-haspopup="dialog" w="100%" h="100%" className="mm-video-card">
      <Card withBorder padding={0} radius="md" h="100%">
        <Box pos="relative">
          <CatalogImage src={video.default_image} alt="" radius={0} />
          <Badge pos="absolute" bottom={8} right={8} color="dark" variant="filled" size="sm" radius="sm" aria-hidden>
            {formatDuration(video.duration, { inList: true })}
          </Badge>
          {video.watched === 1 && (
            <Badge pos="absolute" top={8} left={8} color="teal.9" variant="filled" size="sm" leftSection={<IconCircleCheckFilled size={12} />} aria-hidden>
              {t('card.watched')}
            </Badge>
          )}
          {watchedPercent > 0 && video.watched !== 1 && (
            <Progress value={watchedPercent} size={4} radius={0} pos="absolute" bottom={0} left={0} right={0} aria-hidden />
          )}
        </Box>
        <Box p="sm">
          <Text fw={600} size="sm" lineClamp={2} translate="no">
            {video.title}
          </Text>
          <VisuallyHidden>
            {t(video.watched ? 'card.spokenWatched' : 'card.spoken', { duration: describeDuration(video.duration, i18n.language) })}
          </VisuallyHidden>
          {resumeLabel && (
            <Text size="xs" c="dimmed" mt={4} data-testid="card-resume-label">
              {resumeLabel}
            </Text>
          )}
        </Box>
      </Card>
    </UnstyledButton>
  );
}

export function VideoCardSkeleton() {
  return (
    <Card withBorder padding={0} radius="md" aria-hidden>
      <Skeleton style={{ aspectRatio: '16 / 9' }} radius={0} />
      <Stack gap={6} p="sm">
        <Skeleton h={12} />
        <Skeleton h={12} w="60%" />
      </Stack>
    </Card>
  );
}
