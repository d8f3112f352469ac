import { Alert, Box, Button, FileButton, Group, Modal, NumberInput, Select, Stack, Text } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import type { StudioCaptionsData, StudioLesson } from '@mm/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/page-loader.tsx';
import { useHls } from '../../../components/video-player/use-hls.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useDraftLessonCaptions } from '../api/draft-lesson-captions.ts';
import { useLessonCaptions } from '../api/get-lesson-captions.ts';
import { useSetLessonCaptions, useSetVersionCaptions } from '../api/set-lesson-captions.ts';
import {
  cueProblem,
  type EditedCue,
  mergeWithNext,
  parseTime,
  readVtt,
  shiftAll,
  shortTime,
  splitCue,
  VttImportError,
  writeVtt,
} from '../lib/caption-cue-edits.ts';
import { type CaptionsChoice, choiceOf, choiceValue } from '../lib/captions-choice.ts';
import { CaptionCueRow, type CueRow } from './caption-cue-row.tsx';

/** The languages a lesson's captions can be added in besides those it has. */
const LANGUAGES = ['en', 'es', 'fr', 'de', 'pt', 'it', 'pl', 'nl'];
/** The language machine translation drafts from English (Apertium's one pair on the server). */
const DRAFTED = 'es';

let nextKey = 0;
const toRows = (cues: (EditedCue & { machine?: boolean })[]): CueRow[] =>
  cues.map((cue) => ({ key: ++nextKey, start: shortTime(cue.startMs), end: shortTime(cue.endMs), text: cue.text, machine: cue.machine }));
/** The rows' cues, or null while a time does not read as one. */
function toCues(rows: CueRow[]): EditedCue[] | null {
  const cues: EditedCue[] = [];
  for (const row of rows) {
    const startMs = parseTime(row.start);
    const endMs = parseTime(row.end);
    if (startMs === null || endMs === null) return null;
    cues.push({ startMs, endMs, text: row.text });
  }
  return cues;
}

/** Opens the lesson's captions editor (a dialog, the whole screen on a phone), on one of its tracks at a time. */
export function CaptionsEditorButton({ lesson }: { lesson: StudioLesson }) {
  const { t } = useTranslation('captions-editor');
  const [opened, { open, close }] = useDisclosure(false);
  const phone = useMediaQuery('(max-width: 48em)');
  // The track shown: the server's first (English) until the author picks another language or a narrated version.
  const [choice, setChoice] = useState<CaptionsChoice>({});
  const captions = useLessonCaptions(lesson.id, choice, opened);
  return (
    <>
      {/* In a group: the lesson card's column would stretch a lone button across it. */}
      <Group>
        <Button variant="default" size="xs" onClick={open} aria-label={t('openLabel', { title: lesson.title })}>
          {t('open')}
        </Button>
      </Group>
      <Modal opened={opened} onClose={close} title={t('title', { title: lesson.title })} size="xl" fullScreen={phone}>
        {/* Not keyed on the answer: saving reads it again while the dialog is open, and a remount would drop the save's outcome. */}
        {/* Keyed on the track: another language, or a draft made of a new one, starts from its own lines. */}
        {captions.data ? (
          <CaptionsEditor
            key={`${captions.data.version ?? ''}:${captions.data.lang}:${captions.data.origin}`}
            lesson={lesson}
            captions={captions.data}
            onChoice={setChoice}
            onSaved={close}
          />
        ) : (
          <PageLoader label={t('open')} />
        )}
      </Modal>
    </>
  );
}

type EditorProps = { lesson: StudioLesson; captions: StudioCaptionsData; onChoice: (choice: CaptionsChoice) => void; onSaved: () => void };

function CaptionsEditor({ lesson, captions, onChoice, onSaved }: EditorProps) {
  const { t, i18n } = useTranslation('captions-editor');
  const [rows, setRows] = useState<CueRow[]>(() =>
    toRows(captions.cues.map((c) => ({ startMs: c.start_ms, endMs: c.end_ms, text: c.text, machine: c.origin === 'machine' }))),
  );
  const lang = captions.lang ?? 'en';
  // A narrated version's captions: timed to its own video, each line marked where Apertium's words are kept.
  const version = captions.version;
  const track = version ? undefined : captions.tracks.find((tr) => tr.lang === lang);
  const machine = captions.origin === 'machine';
  const canDraft = !version && lang === DRAFTED && captions.tracks.some((tr) => tr.lang === 'en') && captions.origin !== 'author';
  const [shift, setShift] = useState<number | string>(0);
  const [problem, setProblem] = useState<string | null>(null);
  const [checked, setChecked] = useState(false);
  const save = useSetLessonCaptions();
  const saveVersion = useSetVersionCaptions();
  const draft = useDraftLessonCaptions();
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const stopAt = useRef<number | null>(null);
  useHls(videoRef, { src: captions.stream_url ?? '', preferredHeight: 360, autoPlay: false });

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    // A cue played alone stops at its end.
    const onTime = () => {
      if (stopAt.current !== null && video.currentTime >= stopAt.current) {
        stopAt.current = null;
        video.pause();
      }
    };
    video.addEventListener('timeupdate', onTime);
    return () => video.removeEventListener('timeupdate', onTime);
  }, []);

  const names = new Intl.DisplayNames([i18n.language], { type: 'language' });
  const nameOf = (code: string) => `${names.of(code) ?? code} (${code})`;
  // The lesson's tracks first (a machine draft says so), then the languages a track can be added in.
  const languages = [
    {
      group: t('tracks.existing'),
      items: captions.tracks.map((tr) => ({
        value: tr.lang,
        label: tr.origin === 'machine' ? t('tracks.machineOption', { language: nameOf(tr.lang) }) : nameOf(tr.lang),
      })),
    },
    {
      group: t('tracks.versions'),
      items: captions.versions.map((v) => ({ value: choiceValue({ version: v }) as string, label: t('tracks.versionOption', { language: nameOf(v) }) })),
    },
    {
      group: t('tracks.add'),
      items: [...new Set([lang, ...LANGUAGES])]
        .filter((code) => !captions.tracks.some((tr) => tr.lang === code))
        .map((code) => ({ value: code, label: t('tracks.newOption', { language: nameOf(code) }) })),
    },
  ].filter((group) => group.items.length > 0);

  const cues = toCues(rows);
  const problemOf = (index: number): string | null => {
    const row = rows[index] as CueRow;
    if (parseTime(row.start) === null || parseTime(row.end) === null) return checked || row.start === '' ? t('problems.badTime') : null;
    if (!checked || !cues) return null;
    const found = cueProblem(cues, index);
    return found ? t(`problems.${found}`) : null;
  };

  /** Applies an edit that needs every time read; says so when one does not read. */
  const edit = (change: (all: EditedCue[]) => EditedCue[] | null, refused: string) => {
    if (!cues) return setProblem(t('problems.fixTimes'));
    const changed = change(cues);
    if (!changed) return setProblem(refused);
    setProblem(null);
    setRows(toRows(changed));
  };

  const play = (index: number) => {
    const video = videoRef.current;
    const startMs = parseTime(rows[index]?.start ?? '');
    const endMs = parseTime(rows[index]?.end ?? '');
    if (!video || startMs === null || endMs === null) return;
    video.currentTime = startMs / 1000;
    stopAt.current = endMs / 1000;
    void video.play().catch(() => undefined);
  };

  const importFile = async (file: File | null) => {
    if (!file) return;
    try {
      setRows(toRows(readVtt(await file.text())));
      setProblem(null);
      setChecked(false);
    } catch (error) {
      if (error instanceof VttImportError) setProblem(t(`import.${error.reason}`, { cue: error.cue }));
      else setProblem(t('import.unreadable'));
    }
  };

  const exportFile = () => {
    if (!cues) return setProblem(t('problems.fixTimes'));
    const url = URL.createObjectURL(new Blob([writeVtt(cues)], { type: 'text/vtt' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `${lesson.title.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '') || 'captions'}.${lang}.vtt`;
    link.click();
    URL.revokeObjectURL(url);
  };

  const makeDraft = () => {
    setProblem(null);
    draft.mutate(
      { lessonId: lesson.id, lang },
      { onError: (error) => setProblem(error instanceof Error ? error.message : String(error)), onSuccess: () => notifySuccess(t('review.drafted')) },
    );
  };

  const submit = (reviewed: boolean) => {
    setChecked(true);
    if (!cues) return setProblem(t('problems.fixTimes'));
    if (cues.length === 0) return setProblem(t('problems.none'));
    const first = cues.findIndex((_, i) => cueProblem(cues, i) !== null);
    if (first >= 0) return setProblem(t('problems.cue', { number: first + 1, problem: t(`problems.${cueProblem(cues, first)}`) }));
    setProblem(null);
    const outcome = {
      onSuccess: () => {
        notifySuccess(t(reviewed ? 'review.saved' : 'saved', { count: cues.length }));
        onSaved();
      },
      // The server's strict reader names the cue it refused.
      onError: (error: Error) => setProblem(error.message),
    };
    if (version) saveVersion.mutate({ lessonId: lesson.id, lang: version, vtt: writeVtt(cues) }, outcome);
    else save.mutate({ lessonId: lesson.id, vtt: writeVtt(cues), lang, reviewed }, outcome);
  };

  return (
    <Stack gap="sm">
      <Select
        label={t('language')}
        data={languages}
        value={choiceValue(version ? { version } : { lang })}
        allowDeselect={false}
        // Every language fits without a scrolling list: the options are read out through the input (active
        // descendant), so a scrolling region in the dropdown could not be reached with the keyboard.
        maxDropdownHeight={480}
        onChange={(value) => value && value !== choiceValue(version ? { version } : { lang }) && onChoice(choiceOf(value))}
        comboboxProps={{ withinPortal: true }}
      />
      {machine && (
        <Alert color="yellow" title={t('review.title')} data-testid="machine-draft">
          {t(version ? 'review.versionHint' : track?.out_of_date ? 'review.outOfDate' : 'review.hint')}
        </Alert>
      )}
      {!track && !version && <Text size="sm">{t(canDraft ? 'tracks.newHintDraft' : 'tracks.newHint', { language: nameOf(lang) })}</Text>}
      {canDraft && (!track || track.out_of_date) && (
        <Group>
          <Button size="xs" variant="light" onClick={makeDraft} loading={draft.isPending}>
            {t(track ? 'review.draftAgain' : 'review.draft')}
          </Button>
        </Group>
      )}
      {captions.stream_url ? (
        // The lesson's video, to play one cue against: no sound of its own is needed to read the captions list.
        <Box component="video" ref={videoRef} controls playsInline aria-label={t('video', { title: lesson.title })} w="100%" mah={240} bg="black" />
      ) : (
        <Text size="sm" c="dimmed">
          {t('noVideo')}
        </Text>
      )}
      <Group gap="xs" align="flex-end" wrap="wrap">
        <NumberInput label={t('shift.label')} description={t('shift.hint')} value={shift} onChange={setShift} step={0.5} decimalScale={3} w={160} size="xs" />
        <Button size="xs" variant="default" onClick={() => edit((all) => shiftAll(all, Math.round(Number(shift) * 1000)), t('shift.beforeStart'))}>
          {t('shift.apply')}
        </Button>
        <FileButton onChange={(file) => void importFile(file)} accept=".vtt,text/vtt">
          {(props) => (
            <Button {...props} size="xs" variant="default">
              {t('import.button')}
            </Button>
          )}
        </FileButton>
        <Button size="xs" variant="default" onClick={exportFile} disabled={rows.length === 0}>
          {t('export')}
        </Button>
      </Group>
      {problem && (
        <Alert color="red" role="alert" data-testid="captions-problem">
          {problem}
        </Alert>
      )}
      <Text size="sm" id="cue-list-heading" fw={600}>
        {t('cues', { count: rows.length })}
      </Text>
      <Stack gap={6} component="ol" aria-labelledby="cue-list-heading" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {rows.map((row, index) => (
          <CaptionCueRow
            key={row.key}
            row={row}
            number={index + 1}
            problem={problemOf(index)}
            isLast={index === rows.length - 1}
            canPlay={Boolean(captions.stream_url) && parseTime(row.start) !== null && parseTime(row.end) !== null}
            onChange={(changed) => {
              // A refusal is about the lines as they were: an edit takes it away (the lines keep their own marks).
              setProblem(null);
              setRows(rows.map((r) => (r.key === changed.key ? changed : r)));
            }}
            onPlay={() => play(index)}
            onSplit={() => edit((all) => splitCue(all, index), t('problems.tooShort'))}
            onMerge={() => edit((all) => mergeWithNext(all, index), t('problems.fixTimes'))}
            onRemove={() => setRows(rows.filter((r) => r.key !== row.key))}
          />
        ))}
      </Stack>
      <Group justify="space-between" wrap="wrap">
        <Button
          size="xs"
          variant="default"
          onClick={() => {
            const last = cues?.[cues.length - 1];
            const startMs = last ? last.endMs : 0;
            setRows([...rows, ...toRows([{ startMs, endMs: startMs + 2000, text: '' }])]);
          }}
        >
          {t('add')}
        </Button>
        {machine && !version ? (
          <Group gap="xs">
            <Button variant="default" onClick={() => submit(false)} loading={save.isPending && !save.variables?.reviewed}>
              {t('review.saveDraft')}
            </Button>
            <Button onClick={() => submit(true)} loading={save.isPending && save.variables?.reviewed}>
              {t('review.markReviewed')}
            </Button>
          </Group>
        ) : (
          <Button onClick={() => submit(false)} loading={save.isPending || saveVersion.isPending}>
            {t('save')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
