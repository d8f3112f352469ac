import { Alert, AspectRatio, Card, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useHls } from '../../../components/video-player/use-hls.ts';
import { adminNotify } from '../../../lib/notify.ts';
import { usePreviewVideo } from '../api/get-preview-video.ts';

const PREVIEW_FAILED = 'Erro ao buscar video';

function HlsVideo({ src }: { src: string }) {
  const ref = useRef<HTMLVideoElement>(null);
  const hls = useHls(ref, { src, preferredHeight: 480, autoPlay: false });
  return (
    <>
      <AspectRatio ratio={16 / 9}>
        {/* biome-ignore lint/a11y/useMediaCaption: catalog videos carry no caption tracks */}
        <video ref={ref} controls style={{ width: '100%', background: '#000' }} data-testid="preview-video" />
      </AspectRatio>
      {hls.error && <Text c="red">{hls.error}</Text>}
    </>
  );
}

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
            <HlsVideo key={stream} src={stream} />
            <Text fw={600}>{video.data?.title}</Text>
          </>
        )}
      </Stack>
    </Card>
  );
}
