import { Badge, Button, Group, Paper, Text, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** One cue as the author edits it: its times as typed (read when used), its text, and whether that is Apertium's as drafted. */
export type CueRow = { key: number; start: string; end: string; text: string; machine?: boolean };

/** A cue of the captions editor's list: its number, start and end, text, and what can be done to it. */
export function CaptionCueRow({
  row,
  number,
  problem,
  isLast,
  canPlay,
  onChange,
  onPlay,
  onSplit,
  onMerge,
  onRemove,
}: {
  row: CueRow;
  number: number;
  /** What keeps it from being saved, in words (null: nothing). */
  problem: string | null;
  isLast: boolean;
  canPlay: boolean;
  onChange: (row: CueRow) => void;
  onPlay: () => void;
  onSplit: () => void;
  onMerge: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('captions-editor');
  return (
    <Paper component="li" withBorder p="xs" aria-label={t('cue.label', { number })} data-testid="caption-cue">
      <Group gap="xs" align="flex-end" wrap="wrap">
        <Text fw={600} size="sm" w={28} aria-hidden>
          {number}
        </Text>
        <TextInput
          label={t('cue.start')}
          aria-label={t('cue.startOf', { number })}
          size="xs"
          w={110}
          value={row.start}
          onChange={(e) => onChange({ ...row, start: e.currentTarget.value })}
        />
        <TextInput
          label={t('cue.end')}
          aria-label={t('cue.endOf', { number })}
          size="xs"
          w={110}
          value={row.end}
          onChange={(e) => onChange({ ...row, end: e.currentTarget.value })}
        />
        {row.machine && (
          <Badge color="yellow" variant="light" aria-label={t('cue.machineOf', { number })}>
            {t('cue.machine')}
          </Badge>
        )}
        <Group gap={4} wrap="wrap">
          <Button size="xs" variant="light" disabled={!canPlay} onClick={onPlay} aria-label={t('cue.playOf', { number })}>
            {t('cue.play')}
          </Button>
          <Button size="xs" variant="default" onClick={onSplit} aria-label={t('cue.splitOf', { number })}>
            {t('cue.split')}
          </Button>
          {!isLast && (
            <Button size="xs" variant="default" onClick={onMerge} aria-label={t('cue.mergeOf', { number })}>
              {t('cue.merge')}
            </Button>
          )}
          <Button size="xs" variant="subtle" color="red" onClick={onRemove} aria-label={t('cue.removeOf', { number })}>
            {t('cue.remove')}
          </Button>
        </Group>
      </Group>
      <Textarea
        mt={6}
        aria-label={t('cue.textOf', { number })}
        autosize
        minRows={1}
        maxRows={4}
        maxLength={1000}
        value={row.text}
        error={problem}
        // A changed line is the author's: its machine mark goes (the server marks it so when it is saved).
        onChange={(e) => onChange({ ...row, text: e.currentTarget.value, machine: false })}
      />
    </Paper>
  );
}
