import { Group, Text, VisuallyHidden } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Moments the remaining time is said to a screen reader (seconds left): never every second. */
const ANNOUNCE_AT = [600, 300, 120, 60, 30];

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/**
 * The time an attempt has left, counted down in the browser from what the server said at the start (so the phone's
 * own clock never matters). The figure changes every second on screen only; a polite status says it at ten, five,
 * two and one minutes and 30 seconds, and when the time is up `onTimeUp` sends the answers given so far.
 */
export function TimeLeft({ seconds, onTimeUp }: { seconds: number; onTimeUp: () => void }) {
  const { t } = useTranslation('assessments');
  const [startedAt] = useState(() => performance.now());
  const [left, setLeft] = useState(seconds);
  const [said, setSaid] = useState('');
  const timeUp = useRef(onTimeUp);
  timeUp.current = onTimeUp;

  useEffect(() => {
    let fired = false;
    let before = seconds + 1;
    const tick = () => {
      const now = Math.max(0, seconds - Math.floor((performance.now() - startedAt) / 1000));
      const crossed = ANNOUNCE_AT.find((mark) => before > mark && now <= mark);
      if (crossed !== undefined && now > 0 && before <= seconds) {
        setSaid(crossed >= 60 ? t('take.timeLeftAnnounce', { count: Math.round(crossed / 60) }) : t('take.secondsLeftAnnounce', { count: crossed }));
      }
      before = now;
      setLeft(now);
      if (now === 0 && !fired) {
        fired = true;
        setSaid(t('take.timeUp'));
        timeUp.current();
      }
    };
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [seconds, startedAt, t]);

  const low = left <= 60;
  return (
    <div>
      <Group justify="space-between" gap="xs">
        <Text fw={600} id="time-left-label">
          {t('take.timeLeft')}
        </Text>
        <Text fw={700} size="lg" c={low ? 'red.8' : undefined} role="timer" aria-labelledby="time-left-label" style={{ fontVariantNumeric: 'tabular-nums' }}>
          {clock(left)}
        </Text>
      </Group>
      <VisuallyHidden role="status" aria-live="polite">
        {said}
      </VisuallyHidden>
    </div>
  );
}
