import { Alert, Text } from '@mantine/core';
import type { VideoCard } from '@mm/contract';
import { useTranslation } from 'react-i18next';
import { useSuggestions } from '../../api/get-suggestions.ts';
import { type PerView, VideoSlider, VideoSliderSkeleton } from '../video-slider.tsx';

/** The suggestion slider shows 4 items when there are more than 3 (member spec, section 2). */
export function suggestionsPerView(count: number): PerView {
  return count > 3 ? { base: 2, sm: 4, md: 4 } : { base: 2, sm: 3, md: 3 };
}

/** More Like This: suggestions, loaded the first time the tab opens for a video. */
export function RelatedTab({ videoId, onOpen }: { videoId: number; onOpen: (video: VideoCard) => void }) {
  const { t } = useTranslation('browse');
  const suggestions = useSuggestions(videoId, { enabled: true });
  if (suggestions.isPending) return <VideoSliderSkeleton perView={suggestionsPerView(4)} />;
  if (suggestions.isError)
    return (
      <Alert color="red" variant="light">
        {suggestions.error.message}
      </Alert>
    );
  const videos = suggestions.data.videos;
  if (videos.length === 0) return <Text c="dimmed">{t('related.empty')}</Text>;
  return <VideoSlider videos={videos} label={t('related.label')} onOpen={onOpen} perView={suggestionsPerView(videos.length)} />;
}
