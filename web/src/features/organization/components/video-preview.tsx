import { Alert, Card, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { InlineVideo } from '../../../components/video-player/inline-video.tsx';
import { adminNotify } from '../../../lib/notify.ts';
import { usePreviewVideo } from '../../../lib/preview-video.ts';

const PREVIEW_FAILED = 'Erro ao buscar video';

/** The side panel of the learning path creator: plays the clicked video (POST videos/view). */
export function VideoPreview({ videoId }: { videoId: number | null }) {
  const video = usePreviewVideo(videoId);
  const stream = video.data?.main_resolutions.original;
  const failed = video.isError || (video.data !== undefined && !stream);

  useEffect(() => {
    if (failed) adminNotify.errorMessage(PREVIEW_FAILED);
  }, [failed]);

  return (
    <Card withBorder padding="md" style={{ position: 'sticky', top: 16 }}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          Preview
        </Title>
        {videoId === null && <Text c="dimmed">No video selected</Text>}
        {videoId !== null && video.isPending && <Loader size="sm" />}
        {videoId !== null && failed && <Alert color="red">{PREVIEW_FAILED}</Alert>}
        {stream && (
          <>
            <InlineVideo key={stream} src={stream} testId="preview-video" />
            <Text fw={600}>{video.data?.title}</Text>
          </>
        )}
      </Stack>
    </Card>
  );
}
