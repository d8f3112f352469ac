import { routes } from '@mm/contract';
import { useCallback, useEffect, useRef } from 'react';
import type { PlaybackReport } from '../../../components/video-player/full-screen-player.tsx';
import { apiRequest } from '../../../lib/api-client.ts';

/** Seconds of playing gathered before a report is sent (and at every pause or end). */
const REPORT_EVERY_SECONDS = 10;
/** A jump larger than this between two time updates is a seek, not playing. */
const LARGEST_STEP_SECONDS = 2;

/**
 * The seconds a member plays of an own lesson, reported to the server (their learning path counts the lesson watched
 * at 90%, like a video): the position's forward steps while it plays, seeks left out, sent every 10 s and when it stops.
 */
export function useLessonWatchReports(lessonId: number | null): (playback: PlaybackReport) => void {
  const pending = useRef(0);
  const last = useRef<number | null>(null);
  const send = useCallback(
    (position: number) => {
      const seconds = Math.min(60, pending.current);
      if (lessonId === null || seconds < 0.5) return;
      pending.current = 0;
      void apiRequest(routes.reportLessonWatch, { params: { lessonId }, body: { seconds, position } }).catch(() => {
        // A report lost on a dropped network is a few seconds of watch time: playing goes on.
      });
    },
    [lessonId],
  );
  // Another lesson (or leaving the page) sends what the last one gathered.
  useEffect(
    () => () => {
      send(last.current ?? 0);
      last.current = null;
    },
    [send],
  );
  return useCallback(
    ({ playing, position }: PlaybackReport) => {
      const step = last.current === null ? 0 : position - last.current;
      if (playing && step > 0 && step <= LARGEST_STEP_SECONDS) pending.current += step;
      last.current = position;
      if (!playing || pending.current >= REPORT_EVERY_SECONDS) send(position);
    },
    [send],
  );
}
