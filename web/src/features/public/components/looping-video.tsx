import { useRef } from 'react';
import { useHls } from '../../../components/video-player/use-hls.ts';

type Props = { src: string; poster: string; label: string };

/** A muted, looping, autoplaying HLS clip (landing banner and sections): decorative, no controls. */
export function LoopingVideo({ src, poster, label }: Props) {
  const ref = useRef<HTMLVideoElement>(null);
  useHls(ref, { src, preferredHeight: 720, autoPlay: true });
  return <video ref={ref} poster={poster} muted loop autoPlay playsInline aria-label={label} data-testid="landing-video" />;
}
