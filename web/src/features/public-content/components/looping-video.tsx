import { ActionIcon, Badge } from '@mantine/core';
import type { Preparation } from '@mm/contract';
import { IconPlayerPauseFilled, IconPlayerPlayFilled } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHls } from '../../../components/video-player/use-hls.ts';

/**
 * `poster`: none when the page draws its own still behind the clip (the landing's banner). `preparing`: the clip's
 * streams are still being prepared (a first start): its still shows with a note instead of a play button that
 * would load a stream the server cannot send yet.
 */
type Props = { src: string; poster?: string; label: string; preparing: Preparation | null };

/**
 * A muted, looping HLS clip of the landing (banner and sections). It shows its poster until the visitor
 * presses play: the stream and hls.js (180 KB) load only then, so the landing stays light on a phone, and
 * moving pictures never start on their own (WCAG 2.2.2 asks for a way to stop them anyway).
 */
export function LoopingVideo({ src, poster, label, preparing }: Props) {
  const { t } = useTranslation('public');
  const ref = useRef<HTMLVideoElement>(null);
  const [started, setStarted] = useState(false);
  const [playing, setPlaying] = useState(false);
  useHls(ref, { src: started ? src : '', preferredHeight: 720, autoPlay: true });

  const toggle = () => {
    const video = ref.current;
    if (!started) setStarted(true);
    else if (video?.paused) void video.play();
    else video?.pause();
  };

  if (preparing) {
    return (
      <div className="mm-looping-video">
        {poster && <img src={poster} alt="" className="mm-looping-video-still" />}
        <Badge className="mm-looping-video-toggle" size="lg" color="dark" variant="filled" role="status" data-testid="landing-video-preparing">
          {preparing.state === 'failed' ? t('preview.unavailable') : t('preview.preparing')}
        </Badge>
      </div>
    );
  }

  return (
    <div className="mm-looping-video">
      <video
        ref={ref}
        poster={poster}
        muted
        loop
        playsInline
        aria-label={label}
        translate="no"
        data-testid="landing-video"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
      />
      <ActionIcon
        className="mm-looping-video-toggle"
        size="xl"
        radius="xl"
        variant="white"
        color="dark"
        onClick={toggle}
        aria-label={playing ? t('preview.pause', { label }) : t('preview.play', { label })}
        data-testid="landing-video-toggle"
      >
        {playing ? <IconPlayerPauseFilled size={20} aria-hidden /> : <IconPlayerPlayFilled size={20} aria-hidden />}
      </ActionIcon>
    </div>
  );
}
