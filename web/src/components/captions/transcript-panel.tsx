import { Alert, ScrollArea, Skeleton, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatClock } from '../../lib/playback-position.ts';
import { currentCueIndex } from './caption-cues.ts';
import { useCaptionCues } from './use-caption-cues.ts';
import './transcript-panel.css';

type TranscriptPanelProps = {
  /** Signed URL of the track to show (the captions menu's choice, else the first track). */
  url: string;
  /** The player's current time, in seconds. */
  currentTime: number;
  onSeek: (seconds: number) => void;
};

/**
 * The transcript beside or under the player: the cues as text, the one playing marked and kept in
 * view, each a button that seeks there. Render it only for videos with captions.
 */
export function TranscriptPanel({ url, currentTime, onSeek }: TranscriptPanelProps) {
  const { t } = useTranslation();
  const cues = useCaptionCues(url);
  const current = cues.data ? currentCueIndex(cues.data, currentTime) : -1;
  const currentRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (current >= 0) currentRef.current?.scrollIntoView({ block: 'nearest' });
  }, [current]);

  return (
    <Stack component="section" aria-labelledby="transcript-heading" gap="xs">
      <Title order={2} size="h4" id="transcript-heading">
        {t('player.transcript')}
      </Title>
      {cues.isError && (
        <Alert color="red" variant="light" role="alert">
          {cues.error.message}
        </Alert>
      )}
      {cues.isPending && <Skeleton h={160} aria-label={t('player.loadingTranscript')} />}
      {cues.data && (
        <ScrollArea.Autosize mah={320} type="auto">
          <ol className="transcript-list">
            {cues.data.map((cue, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a track's cues are a fixed list in a fixed order
              <li key={i}>
                <UnstyledButton
                  ref={i === current ? currentRef : undefined}
                  className="transcript-cue"
                  data-current={i === current || undefined}
                  aria-current={i === current ? 'time' : undefined}
                  onClick={() => onSeek(cue.start)}
                >
                  <Text span size="xs" c="dimmed" ff="monospace" className="transcript-time">
                    {formatClock(cue.start)}
                  </Text>
                  <Text span size="sm" translate="no">
                    {cue.text}
                  </Text>
                </UnstyledButton>
              </li>
            ))}
          </ol>
        </ScrollArea.Autosize>
      )}
    </Stack>
  );
}
