import '../browse.css';
import { ActionIcon, Box } from '@mantine/core';
import type { VideoCard as Video } from '@mm/contract';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { type CSSProperties, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VideoCard, VideoCardSkeleton } from './video-card.tsx';

/** Cards per view at 425px (base), 768px (sm) and desktop (md). */
export type PerView = { base: number; sm: number; md: number };

export const SECTION_PER_VIEW: PerView = { base: 1.4, sm: 2.5, md: 4 };

type VideoSliderProps = {
  videos: Video[];
  /** Names the list and its scroll buttons ("Lean Foundations videos"). */
  label: string;
  onOpen: (video: Video) => void;
  perView?: PerView;
};

const perViewStyle = (perView: PerView) =>
  ({ '--mm-per-view-base': perView.base, '--mm-per-view-sm': perView.sm, '--mm-per-view-md': perView.md }) as CSSProperties;

/** A horizontal row of video cards: scrolls by touch, wheel, keyboard (Tab) or the arrow buttons. */
export function VideoSlider({ videos, label, onOpen, perView = SECTION_PER_VIEW }: VideoSliderProps) {
  const { t } = useTranslation('browse');
  const listRef = useRef<HTMLUListElement>(null);
  const [edges, setEdges] = useState({ start: true, end: true });

  const measure = useCallback(() => {
    const list = listRef.current;
    if (!list) return;
    setEdges({ start: list.scrollLeft <= 4, end: list.scrollLeft + list.clientWidth >= list.scrollWidth - 4 });
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: measure again when the videos change.
  useEffect(() => {
    measure();
    const list = listRef.current;
    if (!list) return;
    const observer = new ResizeObserver(measure);
    observer.observe(list);
    return () => observer.disconnect();
  }, [measure, videos.length]);

  const scrollBy = (direction: 1 | -1) => {
    const list = listRef.current;
    if (list) list.scrollBy({ left: direction * list.clientWidth * 0.9 });
  };

  return (
    <Box pos="relative">
      <ul ref={listRef} className="mm-slider" style={perViewStyle(perView)} aria-label={label} onScroll={measure}>
        {videos.map((video) => (
          <li key={video.admin_video_id} className="mm-slide">
            <VideoCard video={video} onOpen={onOpen} />
          </li>
        ))}
      </ul>
      {!edges.start && (
        <ActionIcon
          className="mm-slider-control"
          pos="absolute"
          top="calc(50% - 34px)"
          left={-8}
          variant="default"
          radius="xl"
          size="lg"
          aria-label={t('slider.previous', { label })}
          onClick={() => scrollBy(-1)}
        >
          <IconChevronLeft size={18} aria-hidden />
        </ActionIcon>
      )}
      {!edges.end && (
        <ActionIcon
          className="mm-slider-control"
          pos="absolute"
          top="calc(50% - 34px)"
          right={-8}
          variant="default"
          radius="xl"
          size="lg"
          aria-label={t('slider.next', { label })}
          onClick={() => scrollBy(1)}
        >
          <IconChevronRight size={18} aria-hidden />
        </ActionIcon>
      )}
    </Box>
  );
}

export function VideoSliderSkeleton({ perView = SECTION_PER_VIEW }: { perView?: PerView }) {
  return (
    <ul className="mm-slider" style={{ ...perViewStyle(perView), overflow: 'hidden' }} aria-hidden>
      {[0, 1, 2, 3, 4].map((n) => (
        <li key={n} className="mm-slide">
          <VideoCardSkeleton />
        </li>
      ))}
    </ul>
  );
}
