import { ActionIcon, Box, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconMaximize, IconMinimize } from '@tabler/icons-react';
import { type MouseEvent, useCallback, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { QualityMenu, SpeedMenu } from './player-menus.tsx';
import { useHls } from './use-hls.ts';

/** Default rendition: 720p, or 480p on screens 768px wide or less (member spec, section 9). */
export function defaultQualityHeight(width = window.innerWidth): number {
  return width <= 768 ? 480 : 720;
}

type FullScreenPlayerProps = {
  title: string;
  src: string;
  poster?: string | null;
  /** Where Back goes when the player was opened directly (no earlier page in this tab). */
  fallbackPath: string;
  requestHeaders?: () => Record<string, string>;
  /** Playing (true) or paused/ended/gone (false), for watch-time counting. */
  onPlayingChange?: (playing: boolean) => void;
};

type FullscreenCapableVideo = HTMLVideoElement & { webkitEnterFullscreen?: () => void };

/**
 * The whole-window player of /video/{id} and /trailer: a back link with the title, the video with
 * the browser's own controls (play, seek, volume), and quality, speed and full-screen controls.
 */
export function FullScreenPlayer({ title, src, poster, fallbackPath, requestHeaders, onPlayingChange }: FullScreenPlayerProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const [preferredHeight] = useState(() => defaultQualityHeight());
  const hls = useHls(videoRef, { src, requestHeaders, preferredHeight, autoPlay: true });
  const [rate, setRate] = useState(1);
  const [waiting, setWaiting] = useState(true);
  const [isFullscreen, setIsFullscreen] = useState(false);
  const navigate = useNavigate();
  const location = useLocation();

  const playingChange = useRef(onPlayingChange);
  playingChange.current = onPlayingChange;

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const playing = () => playingChange.current?.(true);
    const stopped = () => playingChange.current?.(false);
    const busy = () => setWaiting(true);
    const ready = () => setWaiting(false);
    const events: Array<[string, () => void]> = [
      ['playing', playing],
      ['pause', stopped],
      ['ended', stopped],
      ['waiting', busy],
      ['canplay', ready],
      ['playing', ready],
    ];
    for (const [name, handler] of events) video.addEventListener(name, handler);
    return () => {
      for (const [name, handler] of events) video.removeEventListener(name, handler);
      playingChange.current?.(false);
    };
  }, []);

  useEffect(() => {
    const onChange = () => setIsFullscreen(document.fullscreenElement === containerRef.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  const changeRate = useCallback((next: number) => {
    setRate(next);
    const video = videoRef.current;
    if (video) {
      video.playbackRate = next;
      video.defaultPlaybackRate = next;
    }
  }, []);

  const toggleFullscreen = () => {
    const container = containerRef.current;
    const video = videoRef.current as FullscreenCapableVideo | null;
    if (document.fullscreenElement) {
      void document.exitFullscreen();
    } else if (container?.requestFullscreen) {
      void container.requestFullscreen().catch(() => undefined);
    } else {
      // iPhone Safari only lets the video element itself go full screen.
      video?.webkitEnterFullscreen?.();
    }
  };

  const goBack = (event: MouseEvent<HTMLAnchorElement>) => {
    // Back to the page the player was opened from; the fallback link serves a direct visit.
    if (location.key !== 'default') {
      event.preventDefault();
      navigate(-1);
    }
  };

  return (
    <Box ref={containerRef} bg="black" c="white" h="100dvh" style={{ display: 'flex', flexDirection: 'column', overflow: 'hidden' }}>
      <Group component="header" justify="space-between" wrap="wrap" gap="xs" px="md" py="xs" style={{ flexShrink: 0 }}>
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 240px' }}>
          <ActionIcon component={Link} to={fallbackPath} onClick={goBack} aria-label="Back" variant="subtle" color="gray.0" size="lg">
            <IconArrowLeft size={22} aria-hidden />
          </ActionIcon>
          <Title order={1} size="h4" c="white" lineClamp={1} style={{ minWidth: 0 }}>
            {title}
          </Title>
        </Group>
        <Group gap={4} wrap="nowrap" role="toolbar" aria-label="Player settings">
          {hls.engine === 'hls' && hls.levels.length > 0 && (
            <QualityMenu levels={hls.levels} selected={hls.selectedLevel} playingHeight={hls.playingHeight} onSelect={hls.setLevel} />
          )}
          <SpeedMenu rate={rate} onSelect={changeRate} />
          <ActionIcon variant="subtle" color="gray.0" size="lg" onClick={toggleFullscreen} aria-label={isFullscreen ? 'Exit fullscreen' : 'Fullscreen'}>
            {isFullscreen ? <IconMinimize size={20} aria-hidden /> : <IconMaximize size={20} aria-hidden />}
          </ActionIcon>
        </Group>
      </Group>

      <Box pos="relative" style={{ flex: 1, minHeight: 0 }}>
        {/* biome-ignore lint/a11y/useMediaCaption: the catalog's videos carry no caption tracks yet. */}
        <video
          ref={videoRef}
          controls
          playsInline
          poster={poster ?? undefined}
          aria-label={title}
          controlsList="nofullscreen noplaybackrate"
          disablePictureInPicture
          onLoadedMetadata={(event) => {
            event.currentTarget.playbackRate = rate;
          }}
          style={{ width: '100%', height: '100%', objectFit: 'contain', background: 'black', display: 'block' }}
        />
        {waiting && !hls.error && (
          <Loader
            color="gray.0"
            pos="absolute"
            top="50%"
            left="50%"
            style={{ transform: 'translate(-50%, -50%)', pointerEvents: 'none' }}
            aria-label="Loading video"
          />
        )}
        {hls.error && (
          <Stack pos="absolute" inset={0} align="center" justify="center" gap="sm" bg="rgba(0, 0, 0, 0.8)" role="alert" p="md" ta="center">
            <Text fw={600}>{hls.error}</Text>
            <Button variant="white" onClick={hls.retry}>
              Try again
            </Button>
          </Stack>
        )}
      </Box>
    </Box>
  );
}
