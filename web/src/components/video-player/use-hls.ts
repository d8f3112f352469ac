import type Hls from 'hls.js';
import i18next from 'i18next';
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';

/** One rendition of the stream, as the quality menu offers it. */
export type QualityLevel = { index: number; height: number; label: string };

/** -1 is hls.js's automatic (bandwidth-driven) choice. */
export const AUTO_LEVEL = -1;

export type HlsState = {
  /** 'hls' plays through hls.js (Media Source Extensions), 'native' through the browser's own HLS (Safari). */
  engine: 'hls' | 'native' | null;
  levels: QualityLevel[];
  /** The chosen level index, or AUTO_LEVEL. */
  selectedLevel: number;
  /** The rendition playing now (what Auto picked, or the chosen one). */
  playingHeight: number | null;
  error: string | null;
  setLevel: (index: number) => void;
  retry: () => void;
};

type UseHlsOptions = {
  src: string;
  /** Headers for every playlist and segment request (the API's access check needs the bearer token). */
  requestHeaders?: () => Record<string, string>;
  /** The rendition to start with; the nearest lower one when the stream has no such height. */
  preferredHeight: number;
  autoPlay: boolean;
  /** Second to start at (resume, a search result's moment); 0 starts from the beginning. */
  startPosition?: number;
};

const UNPLAYABLE = () => i18next.t('common:player.errors.unplayable');

/** Plays and retries autoplay muted when the browser refuses sound without a gesture. */
export async function startPlayback(video: HTMLVideoElement): Promise<void> {
  try {
    await video.play();
  } catch (error) {
    if (!(error instanceof DOMException) || error.name !== 'NotAllowedError') return;
    video.muted = true;
    await video.play().catch(() => undefined);
  }
}

/** The level to start with: the preferred height, else the highest one below it, else Auto. */
export function pickStartLevel(levels: QualityLevel[], preferredHeight: number): number {
  const exact = levels.find((level) => level.height === preferredHeight);
  if (exact) return exact.index;
  const lower = levels.filter((level) => level.height < preferredHeight).sort((a, b) => b.height - a.height)[0];
  return lower ? lower.index : AUTO_LEVEL;
}

function toLevels(hls: Hls): QualityLevel[] {
  return hls.levels.map((level, index) => ({
    index,
    height: level.height,
    label: level.height ? `${level.height}p` : i18next.t('common:player.level', { n: index + 1 }),
  }));
}

/**
 * Attaches an HLS stream to a video element: hls.js where Media Source Extensions exist, the
 * browser's own HLS otherwise (Safari on iOS). hls.js is loaded on demand, so only player pages pay for it.
 */
export function useHls(
  videoRef: RefObject<HTMLVideoElement | null>,
  { src, requestHeaders, preferredHeight, autoPlay, startPosition = 0 }: UseHlsOptions,
): HlsState {
  const hlsRef = useRef<Hls | null>(null);
  const [engine, setEngine] = useState<HlsState['engine']>(null);
  const [levels, setLevels] = useState<QualityLevel[]>([]);
  const [selectedLevel, setSelectedLevel] = useState(AUTO_LEVEL);
  const [playingHeight, setPlayingHeight] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  // Read through refs so that a new function identity does not reload the stream.
  const headersRef = useRef(requestHeaders);
  headersRef.current = requestHeaders;
  const settingsRef = useRef({ preferredHeight, autoPlay, startPosition });
  settingsRef.current = { preferredHeight, autoPlay, startPosition };

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` restarts the stream on retry.
  useEffect(() => {
    const video = videoRef.current;
    if (!video || !src) return;
    let cancelled = false;
    setError(null);
    setLevels([]);
    setPlayingHeight(null);

    const playNative = () => {
      setEngine('native');
      video.src = src;
      const onLoaded = () => {
        const start = settingsRef.current.startPosition;
        if (start > 0 && start < video.duration) video.currentTime = start;
        if (settingsRef.current.autoPlay) void startPlayback(video);
      };
      const onError = () => setError(UNPLAYABLE());
      video.addEventListener('loadedmetadata', onLoaded, { once: true });
      video.addEventListener('error', onError, { once: true });
      return () => {
        video.removeEventListener('loadedmetadata', onLoaded);
        video.removeEventListener('error', onError);
        video.removeAttribute('src');
        video.load();
      };
    };

    let cleanup: (() => void) | undefined;
    void import('hls.js')
      .then(({ default: HlsClass }) => {
        if (cancelled) return;
        if (!HlsClass.isSupported()) {
          if (video.canPlayType('application/vnd.apple.mpegurl')) cleanup = playNative();
          else setError(i18next.t('common:player.errors.browser'));
          return;
        }
        const hls = new HlsClass({
          // hls.js loads the segments of the start second first (-1: from the beginning).
          startPosition: settingsRef.current.startPosition > 0 ? settingsRef.current.startPosition : -1,
          xhrSetup: (xhr) => {
            for (const [name, value] of Object.entries(headersRef.current?.() ?? {})) xhr.setRequestHeader(name, value);
          },
        });
        hlsRef.current = hls;
        setEngine('hls');
        let mediaRecoveries = 0;

        hls.on(HlsClass.Events.MANIFEST_PARSED, () => {
          const found = toLevels(hls);
          const start = pickStartLevel(found, settingsRef.current.preferredHeight);
          setLevels(found);
          setSelectedLevel(start);
          if (start !== AUTO_LEVEL) hls.currentLevel = start;
          if (settingsRef.current.autoPlay) void startPlayback(video);
        });
        hls.on(HlsClass.Events.LEVEL_SWITCHED, (_event, data) => setPlayingHeight(hls.levels[data.level]?.height ?? null));
        hls.on(HlsClass.Events.ERROR, (_event, data) => {
          if (!data.fatal) return;
          if (data.type === HlsClass.ErrorTypes.MEDIA_ERROR && mediaRecoveries < 2) {
            mediaRecoveries += 1;
            hls.recoverMediaError();
            return;
          }
          const status = data.response?.code;
          setError(
            status === 401 || status === 403
              ? i18next.t('common:player.errors.noAccess')
              : status === 404
                ? i18next.t('common:player.errors.gone')
                : UNPLAYABLE(),
          );
          hls.destroy();
          hlsRef.current = null;
        });
        hls.loadSource(src);
        hls.attachMedia(video);
        cleanup = () => {
          hls.destroy();
          hlsRef.current = null;
        };
      })
      .catch(() => {
        if (!cancelled) setError(UNPLAYABLE());
      });

    return () => {
      cancelled = true;
      cleanup?.();
    };
  }, [src, videoRef, attempt]);

  const setLevel = useCallback((index: number) => {
    const hls = hlsRef.current;
    setSelectedLevel(index);
    if (!hls) return;
    // currentLevel switches at once (flushing the buffer); -1 hands the choice back to hls.js.
    hls.currentLevel = index;
  }, []);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  return { engine, levels, selectedLevel, playingHeight, error, setLevel, retry };
}
