import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { PlaybackReport } from '../../../components/video-player/full-screen-player.tsx';
import { catalogKey } from '../api/catalog-keys.ts';
import { reportWatchTime } from '../api/report-watch-time.ts';

/** Watch time rises by 5 seconds per 5-second tick while the video plays (member spec, sections 4 and 9). */
export const WATCH_TICK_MS = 5000;

type UseWatchTimeOptions = { userId: number; videoId: number; enabled: boolean };

/**
 * Counts the time a video plays and reports it, with the player's position (for resuming at the
 * second), when the video pauses or ends and when the page is left (route change), hidden or closed.
 * The counter restarts after each report. Disabled for the read-only guest.
 */
export function useWatchTime({ userId, videoId, enabled }: UseWatchTimeOptions) {
  const queryClient = useQueryClient();
  const [playing, setPlaying] = useState(false);
  const playingNow = useRef(false);
  const spentMs = useRef(0);
  const position = useRef<number | null>(null);
  const reportedPosition = useRef<number | null>(null);

  useEffect(() => {
    if (!playing) return;
    const timer = window.setInterval(() => {
      spentMs.current += WATCH_TICK_MS;
    }, WATCH_TICK_MS);
    return () => window.clearInterval(timer);
  }, [playing]);

  const flush = useCallback(() => {
    const milliseconds = spentMs.current;
    const at = position.current === null ? null : Math.floor(position.current);
    spentMs.current = 0;
    if (!enabled || (milliseconds <= 0 && at === reportedPosition.current)) return;
    reportedPosition.current = at;
    reportWatchTime({ userId, videoId, milliseconds, position: at ?? undefined })
      // Progress circles and watched marks change with the report.
      .then(() => queryClient.invalidateQueries({ queryKey: catalogKey }))
      .catch(() => undefined);
  }, [enabled, userId, videoId, queryClient]);

  useEffect(() => {
    const onPageHide = () => flush();
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    window.addEventListener('pagehide', onPageHide);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      document.removeEventListener('visibilitychange', onVisibility);
      // Leaving the player (another route, another video): report what was watched here.
      flush();
    };
  }, [flush]);

  const onPlaybackChange = useCallback(
    (playback: PlaybackReport) => {
      position.current = playback.position;
      if (playback.playing === playingNow.current) return;
      playingNow.current = playback.playing;
      setPlaying(playback.playing);
      // A pause or the end is a natural moment to save the place.
      if (!playback.playing) flush();
    },
    [flush],
  );

  return { onPlaybackChange };
}
