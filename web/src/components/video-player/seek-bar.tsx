import { type KeyboardEvent, type PointerEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeDuration, formatDuration } from '../../lib/duration.ts';

/** Seconds one arrow key moves the playhead (the same step as the player's shortcuts). */
export const SEEK_STEP_SECONDS = 5;

type SeekBarProps = { currentTime: number; duration: number; bufferedEnd: number; onSeek: (time: number) => void };

const percent = (part: number, whole: number) => (whole > 0 ? Math.min(100, Math.max(0, (part / whole) * 100)) : 0);

/**
 * The timeline: played and buffered ranges over the whole duration. A slider for assistive technology;
 * arrows move 5 s, Page Up/Down 10%, Home/End to either end; a pointer press or drag seeks.
 */
export function SeekBar({ currentTime, duration, bufferedEnd, onSeek }: SeekBarProps) {
  const { t, i18n } = useTranslation();
  const trackRef = useRef<HTMLDivElement>(null);
  // While dragging, the thumb follows the pointer; the video seeks once, on release.
  const [dragTime, setDragTime] = useState<number | null>(null);
  const shown = dragTime ?? currentTime;

  const timeAt = (clientX: number) => {
    const rect = trackRef.current?.getBoundingClientRect();
    if (!rect || rect.width === 0) return 0;
    return (Math.min(Math.max(clientX - rect.left, 0), rect.width) / rect.width) * duration;
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (duration <= 0 || event.button !== 0) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    setDragTime(timeAt(event.clientX));
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (dragTime !== null) setDragTime(timeAt(event.clientX));
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (dragTime === null) return;
    onSeek(timeAt(event.clientX));
    setDragTime(null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (duration <= 0) return;
    const moves: Record<string, number> = {
      ArrowLeft: currentTime - SEEK_STEP_SECONDS,
      ArrowDown: currentTime - SEEK_STEP_SECONDS,
      ArrowRight: currentTime + SEEK_STEP_SECONDS,
      ArrowUp: currentTime + SEEK_STEP_SECONDS,
      PageDown: currentTime - duration / 10,
      PageUp: currentTime + duration / 10,
      Home: 0,
      End: duration,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    // The player's own arrow shortcuts must not seek a second time.
    event.stopPropagation();
    onSeek(Math.min(Math.max(target, 0), duration));
  };

  return (
    <div
      ref={trackRef}
      className="mm-seek"
      role="slider"
      tabIndex={0}
      aria-label={t('player.seek')}
      aria-valuemin={0}
      aria-valuemax={Math.floor(duration)}
      aria-valuenow={Math.floor(shown)}
      aria-valuetext={t('player.position', { shown: describeDuration(shown, i18n.language), total: describeDuration(duration, i18n.language) })}
      onKeyDown={onKeyDown}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={() => setDragTime(null)}
      title={formatDuration(shown, { inList: true })}
    >
      <div className="mm-seek__track">
        <div className="mm-seek__buffered" style={{ width: `${percent(bufferedEnd, duration)}%` }} />
        <div className="mm-seek__played" style={{ width: `${percent(shown, duration)}%` }} />
      </div>
      <div className="mm-seek__thumb" style={{ left: `${percent(shown, duration)}%` }} />
    </div>
  );
}
