import { AspectRatio, Text } from '@mantine/core';
import { useRef } from 'react';
import { useHls } from './use-hls.ts';

/** Seconds of the video actually played (the ranges the browser played, not where it was sought to). */
const playedSeconds = (video: HTMLVideoElement) => {
  let total = 0;
  for (let i = 0; i < video.played.length; i++) total += video.played.end(i) - video.played.start(i);
  return total;
};

/**
 * A stream in the page with the browser's own controls (previews, a toolbox talk's clip). `onPlayed` hears how much
 * of it has played so far, for a caller whose server decides whether that counts as watched.
 */
export function InlineVideo({
  src,
  testId,
  onPlayed,
  startAt,
}: {
  src: string;
  testId: string;
  onPlayed?: (seconds: number) => void;
  /** Where to start (seconds), e.g. a caption's moment found by the search. */
  startAt?: number;
}) {
  const ref = useRef<HTMLVideoElement>(null);
  const hls = useHls(ref, { src, preferredHeight: 480, autoPlay: false });
  return (
    <>
      <AspectRatio ratio={16 / 9}>
        {/* biome-ignore lint/a11y/useMediaCaption: catalog videos carry no caption tracks */}
        <video
          ref={ref}
          controls
          style={{ width: '100%', background: '#000' }}
          data-testid={testId}
          onLoadedMetadata={startAt ? (e) => (e.currentTarget.currentTime = startAt) : undefined}
          onTimeUpdate={onPlayed ? (e) => onPlayed(playedSeconds(e.currentTarget)) : undefined}
        />
      </AspectRatio>
      {hls.error && <Text c="red">{hls.error}</Text>}
    </>
  );
}
