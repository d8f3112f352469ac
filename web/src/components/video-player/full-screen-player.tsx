import { ActionIcon, Box, Button, Loader, Stack, Text, Title } from '@mantine/core';
import type { CaptionTrack } from '@mm/contract';
import { IconArrowLeft } from '@tabler/icons-react';
import { type KeyboardEvent, type MouseEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { CaptionLine } from '../captions/caption-line.tsx';
import { TranscriptPanel } from '../captions/transcript-panel.tsx';
import { type PlayerActions, PlayerControls } from './player-controls.tsx';
import { SEEK_STEP_SECONDS } from './seek-bar.tsx';
import { startPlayback, useHls } from './use-hls.ts';
import { useMediaState } from './use-media-state.ts';
import './player.css';

/** Default rendition: 720p, or 480p on screens 768px wide or less (member spec, section 9). */
export function defaultQualityHeight(width = window.innerWidth): number {
  return width <= 768 ? 480 : 720;
}

/** From this width the transcript opens beside the video by default; narrower screens open it on demand, below the video. */
const TRANSCRIPT_BESIDE_MIN_WIDTH = 992;

/** How long the controls stay after the last movement or key while the video plays. */
const CONTROLS_IDLE_MS = 3000;

type FullScreenPlayerProps = {
  title: string;
  /** The title is a machine translation no author has reviewed (a small note follows it). */
  titleMachine?: boolean;
  src: string;
  poster?: string | null;
  /** Where Back goes when the player was opened directly (no earlier page in this tab). */
  fallbackPath: string;
  requestHeaders?: () => Record<string, string>;
  /** Second to start at (resume, a search result's moment); 0 or absent starts from the beginning. */
  startAt?: number;
  /** Playing or not (paused, ended, gone) and the position in seconds, on every change and time update: watch time and resuming. */
  onPlaybackChange?: (playback: PlaybackReport) => void;
  /** The video's caption tracks (signed WebVTT URLs): a captions menu and a transcript when there are any. */
  captions?: CaptionTrack[];
  /** The captions language shown at start ('off' or a track's lang); the member's remembered choice. */
  initialCaptionLang?: string;
  onCaptionLangChange?: (lang: string) => void;
  /** 2 when the player sits under a page's own h1 (the shared-video page), else its title is the page's h1. */
  headingLevel?: 1 | 2;
};

export type PlaybackReport = { playing: boolean; position: number };

type FullscreenCapableVideo = HTMLVideoElement & { webkitEnterFullscreen?: () => void };

/** Keys handled by the element that has focus, not by the player's shortcuts. */
const OWNS_SPACE = 'button, a, input, textarea, select, [role="menu"], [role="menuitem"]';
const OWNS_LETTERS = 'input, textarea, select, [role="menu"], [role="menuitem"]';
const OWNS_ARROWS = 'input, textarea, select, [role="menu"], [role="menuitem"], [role="slider"]';

/**
 * The whole-window player of /video/{id} and /trailer: a back link with the title above the video, and
 * its own controls below (timeline, play/pause, volume, time, quality, speed, full screen). Shortcuts:
 * space or k play/pause, arrows seek 5 s, f full screen, m mute. While the video plays the controls fade
 * after a few idle seconds and come back on movement, a key or keyboard focus.
 */
export function FullScreenPlayer({
  title,
  titleMachine = false,
  src,
  poster,
  fallbackPath,
  requestHeaders,
  startAt,
  onPlaybackChange,
  captions = [],
  initialCaptionLang = 'off',
  onCaptionLangChange,
  headingLevel = 1,
}: FullScreenPlayerProps) {
  const { t } = useTranslation();
  const containerRef = useRef<HTMLDivElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const [preferredHeight] = useState(() => defaultQualityHeight());
  const hls = useHls(videoRef, { src, requestHeaders, preferredHeight, autoPlay: true, startPosition: startAt });
  const media = useMediaState(videoRef);
  const [rate, setRate] = useState(1);
  const [waiting, setWaiting] = useState(true);
  const [isFullscreen, setIsFullscreen] = useState(false);
  const [recentlyActive, setRecentlyActive] = useState(true);
  const [menuOpen, setMenuOpen] = useState(false);
  const [keyboardInChrome, setKeyboardInChrome] = useState(false);
  const [captionLang, setCaptionLang] = useState(initialCaptionLang);
  const [transcriptOpen, setTranscriptOpen] = useState(() => window.innerWidth >= TRANSCRIPT_BESIDE_MIN_WIDTH);
  const hasCaptions = captions.length > 0;
  const idleTimer = useRef<number | undefined>(undefined);
  const navigate = useNavigate();
  const location = useLocation();

  const playbackChange = useRef(onPlaybackChange);
  playbackChange.current = onPlaybackChange;
  const onCaptionLangChangeRef = useRef(onCaptionLangChange);
  onCaptionLangChangeRef.current = onCaptionLangChange;

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const report = (playing: boolean) => playbackChange.current?.({ playing, position: video.currentTime });
    const playing = () => report(true);
    const stopped = () => report(false);
    const moved = () => report(!video.paused && !video.ended);
    const busy = () => setWaiting(true);
    const ready = () => setWaiting(false);
    const events: Array<[string, () => void]> = [
      ['playing', playing],
      ['pause', stopped],
      ['ended', stopped],
      ['timeupdate', moved],
      ['waiting', busy],
      ['canplay', ready],
      ['playing', ready],
    ];
    for (const [name, handler] of events) video.addEventListener(name, handler);
    return () => {
      for (const [name, handler] of events) video.removeEventListener(name, handler);
      report(false);
    };
  }, []);

  const chooseCaptions = useCallback((lang: string) => {
    setCaptionLang(lang);
    onCaptionLangChangeRef.current?.(lang);
  }, []);

  useEffect(() => {
    const onChange = () => setIsFullscreen(document.fullscreenElement === containerRef.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  // Focus starts on the player, so its shortcuts work at once.
  useEffect(() => {
    containerRef.current?.focus({ preventScroll: true });
  }, []);

  useEffect(() => () => window.clearTimeout(idleTimer.current), []);

  const wake = useCallback(() => {
    setRecentlyActive(true);
    window.clearTimeout(idleTimer.current);
    idleTimer.current = window.setTimeout(() => setRecentlyActive(false), CONTROLS_IDLE_MS);
  }, []);

  const togglePlay = useCallback(() => {
    const video = videoRef.current;
    if (!video) return;
    if (video.paused || video.ended) void startPlayback(video);
    else video.pause();
  }, []);

  const seek = useCallback((time: number) => {
    const video = videoRef.current;
    if (!video || !Number.isFinite(video.duration)) return;
    video.currentTime = Math.min(Math.max(time, 0), video.duration);
  }, []);

  const toggleMute = useCallback(() => {
    const video = videoRef.current;
    if (!video) return;
    // Unmuting a video left at volume 0 would stay silent: it comes back at half volume.
    if (video.muted || video.volume === 0) {
      video.muted = false;
      if (video.volume === 0) video.volume = 0.5;
    } else video.muted = true;
  }, []);

  const setVolume = useCallback((volume: number) => {
    const video = videoRef.current;
    if (!video) return;
    video.volume = volume;
    video.muted = volume === 0;
  }, []);

  const changeRate = useCallback((next: number) => {
    setRate(next);
    const video = videoRef.current;
    if (video) {
      video.playbackRate = next;
      video.defaultPlaybackRate = next;
    }
  }, []);

  const toggleFullscreen = useCallback(() => {
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
  }, []);

  const actions: PlayerActions = { togglePlay, seek, toggleMute, setVolume, setRate: changeRate, toggleFullscreen, onMenuToggle: setMenuOpen };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    wake();
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target as HTMLElement;
    const owned = (selector: string) => target.closest(selector) !== null;
    const run = (action: () => void) => {
      event.preventDefault();
      action();
    };
    switch (event.key) {
      case ' ':
        if (!owned(OWNS_SPACE)) run(togglePlay);
        break;
      case 'k':
      case 'K':
        if (!owned(OWNS_LETTERS)) run(togglePlay);
        break;
      case 'ArrowLeft':
        if (!owned(OWNS_ARROWS)) run(() => seek(media.currentTime - SEEK_STEP_SECONDS));
        break;
      case 'ArrowRight':
        if (!owned(OWNS_ARROWS)) run(() => seek(media.currentTime + SEEK_STEP_SECONDS));
        break;
      case 'f':
      case 'F':
        if (!owned(OWNS_LETTERS)) run(toggleFullscreen);
        break;
      case 'm':
      case 'M':
        if (!owned(OWNS_LETTERS)) run(toggleMute);
        break;
    }
  };

  const goBack = (event: MouseEvent<HTMLAnchorElement>) => {
    // Back to the page the player was opened from; the fallback link serves a direct visit.
    if (location.key !== 'default') {
      event.preventDefault();
      navigate(-1);
    }
  };

  // Controls stay while paused, just after activity, with a menu open, or while the keyboard is in them.
  const idle = !media.paused && !recentlyActive && !menuOpen && !keyboardInChrome;

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the player's shortcuts listen on the whole player; every action also has a button.
    <div
      ref={containerRef}
      className="mm-player"
      data-idle={idle || undefined}
      data-transcript={(hasCaptions && transcriptOpen) || undefined}
      tabIndex={-1}
      onKeyDown={onKeyDown}
      onPointerMove={wake}
      onPointerDown={wake}
      onFocus={(event) => {
        wake();
        setKeyboardInChrome(event.target !== containerRef.current && event.target.matches(':focus-visible'));
      }}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setKeyboardInChrome(false);
      }}
    >
      <div className="mm-player__stage">
        {/* biome-ignore lint/a11y/useMediaCaption: the chosen captions are drawn by CaptionLine over the picture, one cue at a time. */}
        <video
          ref={videoRef}
          className="mm-player__video"
          playsInline
          poster={poster ?? undefined}
          aria-label={title}
          translate="no"
          disablePictureInPicture
          onLoadedMetadata={(event) => {
            event.currentTarget.playbackRate = rate;
          }}
          // A click on the picture plays or pauses and keeps the shortcuts on the player; keyboard users have the button and keys.
          onClick={() => {
            togglePlay();
            containerRef.current?.focus({ preventScroll: true });
          }}
          onDoubleClick={toggleFullscreen}
        />
        <CaptionLine url={captions.find((track) => track.lang === captionLang)?.url ?? null} currentTime={media.currentTime} />

        <header className="mm-player__top mm-player__chrome">
          <ActionIcon component={Link} to={fallbackPath} onClick={goBack} aria-label={t('player.back')} variant="subtle" color="gray.0" size="lg">
            <IconArrowLeft size={22} aria-hidden />
          </ActionIcon>
          <Title order={headingLevel} size="h4" c="white" lineClamp={1} style={{ minWidth: 0 }} translate="no">
            {title}
          </Title>
          {titleMachine && (
            <Text size="xs" c="gray.4" style={{ flexShrink: 0 }}>
              {t('player.machineTitle')}
            </Text>
          )}
        </header>

        {waiting && !hls.error && <Loader color="gray.0" className="mm-player__loader" aria-label={t('player.loading')} />}

        {hls.error ? (
          <Stack pos="absolute" inset={0} align="center" justify="center" gap="sm" bg="rgba(0, 0, 0, 0.8)" role="alert" p="md" ta="center">
            <Text fw={600} c="white">
              {hls.error}
            </Text>
            <Button variant="white" onClick={hls.retry}>
              {t('player.retry')}
            </Button>
          </Stack>
        ) : (
          <Box className="mm-player__chrome mm-player__bottom" role="group" aria-label={t('player.controls')}>
            <PlayerControls
              media={media}
              hls={hls}
              rate={rate}
              isFullscreen={isFullscreen}
              actions={actions}
              captions={{
                tracks: captions,
                selected: captionLang,
                onSelect: chooseCaptions,
                transcriptOpen,
                onTranscriptToggle: () => setTranscriptOpen((open) => !open),
              }}
            />
          </Box>
        )}
      </div>
      {hasCaptions && transcriptOpen && (
        <div className="mm-player__transcript">
          <TranscriptPanel
            url={(captions.find((track) => track.lang === captionLang) ?? (captions[0] as CaptionTrack)).url}
            currentTime={media.currentTime}
            onSeek={seek}
          />
        </div>
      )}
    </div>
  );
}
