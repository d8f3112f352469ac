import { AspectRatio, Text } from '@mantine/core';
import { useRef } from 'react';
import { useHls } from './use-hls.ts';

/** A stream in the page with the browser's own controls (previews, a toolbox talk's clip). */
export function InlineVideo({ src, testId }: { src: string; testId: string }) {
  const ref = useRef<HTMLVideoElement>(null);
  const hls = useHls(ref, { src, preferredHeight: 480, autoPlay: false });
  return (
    <>
      <AspectRatio ratio={16 / 9}>
        {/* biome-ignore lint/a11y/useMediaCaption: catalog videos carry no caption tracks */}
        <video ref={ref} controls style={{ width: '100%', background: '#000' }} data-testid={testId} />
      </AspectRatio>
      {hls.error && <Text c="red">{hls.error}</Text>}
    </>
  );
}
