import { Alert, Card, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { InlineVideo } from '../../../components/video-player/inline-video.tsx';
import { adminNotify } from '../../../lib/notify.ts';
import { usePreviewVideo } from '../../../lib/preview-video.ts';

/** The side panel of the learning path creator: plays the clicked video (POST videos/view). */
export function VideoPreview({ videoId }: { videoId: number | null }) {
  const { t } = useTranslation('organization');
  const video = usePreviewVideo(videoId);
  const stream = video.data?.main_resolutions.original;
  const failed = video.isError || (video.data !== undefined && !stream);

  useEffect(() => {
    if (failed) adminNotify.errorMessage(t('path.previewFailed'));
  }, [failed, t]);

  return (
    <Card withBorder padding="md" style={{ position: 'sticky', top: 16 }}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('path.preview')}
        </Title>
        {videoId === null && <Text c="dimmed">{t('path.noVideo')}</Text>}
        {videoId !== null && video.isPending && <Loader size="sm" />}
        {videoId !== null && failed && <Alert color="red">{t('path.previewFailed')}</Alert>}
        {stream && (
          <>
            <InlineVideo key={stream} src={stream} testId="preview-video" />
            <Text fw={600} translate="no">
              {video.data?.title}
            </Text>
          </>
        )}
      </Stack>
    </Card>
  );
}
