import { Box, RingProgress, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type ProgressCircleProps = {
  /** The server's progress (visible videos, 100 once certified). */
  percent: number;
  watched: number;
  total: number;
  /** What the progress is of, for its accessible name ("Lean Foundations progress"). */
  label: string;
  size?: number;
};

/**
 * A ring with the progress: 0 not started, 1 to 99 in progress, 100 completed (or certified). The label sits inside
 * twice the ring's thickness, so "100%" spilled over rings below 64 px, and over 72 px ones in the larger size, in wide fonts.
 */
export function ProgressCircle({ percent, watched, total, label, size = 64 }: ProgressCircleProps) {
  const { t } = useTranslation('browse');
  return (
    <Box
      role="progressbar"
      aria-label={t('progress.label', { label })}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={t('progress.value', { percent, watched, total })}
      title={t('progress.title', { watched, total })}
      style={{ flexShrink: 0 }}
    >
      <RingProgress
        size={size}
        thickness={Math.max(4, Math.round(size / 10))}
        roundCaps={percent > 0}
        sections={[{ value: percent, color: percent === 100 ? 'green.7' : 'blue.7' }]}
        label={
          <Text ta="center" fw={700} size={size >= 88 ? 'sm' : 'xs'} aria-hidden>
            {t('progress.percent', { percent })}
          </Text>
        }
      />
    </Box>
  );
}
