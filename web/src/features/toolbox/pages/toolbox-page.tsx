import { Alert, Anchor, Button, Card, Container, Group, Select, SimpleGrid, Stack, Stepper, Text, Textarea, TextInput, Title } from '@mantine/core';
import { isWatched, type ToolboxPerson, type ToolboxTalk } from '@mm/contract';
import type { TFunction } from 'i18next';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/page-loader.tsx';
import { PersonTile } from '../../../components/person-tile.tsx';
import { InlineVideo } from '../../../components/video-player/inline-video.tsx';
import { formatDateTime } from '../../../lib/date.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { formatClock } from '../../../lib/playback-position.ts';
import { usePreviewVideo } from '../../../lib/preview-video.ts';
import { downloadAttendanceSheet } from '../api/download-attendance-sheet.ts';
import { findBadgeHolder } from '../api/find-badge-holder.ts';
import { useToolboxSetup } from '../api/get-toolbox-setup.ts';
import { useToolboxTalks } from '../api/get-toolbox-talks.ts';
import { useRecordToolboxTalk } from '../api/record-toolbox-talk.ts';

/** /toolbox: a five-minute talk at shift start on one screen: pick a clip, tap the crew, play it, ask, record. */
export function ToolboxPage() {
  const { t } = useTranslation('toolbox');
  const [teamId, setTeamId] = useState<number | null>(null);
  const setup = useToolboxSetup(teamId);
  const [step, setStep] = useState(0);
  const [clipId, setClipId] = useState<number | null>(null);
  const [present, setPresent] = useState<Set<number>>(new Set());
  // People marked present by badge who are not on the crew shown (another team).
  const [guests, setGuests] = useState<ToolboxPerson[]>([]);
  const [question, setQuestion] = useState('');
  const [answer, setAnswer] = useState('');
  const [recorded, setRecorded] = useState<ToolboxTalk | null>(null);
  // How far the clip played on this screen: the server counts the talk as watching it only past the threshold.
  const [played, setPlayed] = useState(0);
  const record = useRecordToolboxTalk();
  const clip = setup.data?.clips.find((c) => c.id === clipId) ?? null;

  const toggle = (userId: number) =>
    setPresent((current) => {
      const next = new Set(current);
      if (next.has(userId)) next.delete(userId);
      else next.add(userId);
      return next;
    });

  const finish = () => {
    if (!clip) return;
    record.mutate(
      { video_id: clip.id, attendee_ids: [...present], question, answer, played_seconds: played },
      {
        onSuccess: ({ data, message }) => {
          setRecorded(data);
          if (message) notifySuccess(message);
        },
        onError: notifyError,
      },
    );
  };

  const restart = () => {
    setRecorded(null);
    setStep(0);
    setClipId(null);
    setPresent(new Set());
    setGuests([]);
    setQuestion('');
    setAnswer('');
    setPlayed(0);
  };

  return (
    <Container size="lg" py="xl">
      <Title order={1} mb="xs">
        {t('title')}
      </Title>
      <Text c="dimmed" mb="lg">
        {t('intro')}
      </Text>
      {setup.isPending && <PageLoader label={t('loading')} />}
      {setup.isError && <Alert color="red">{setup.error.message}</Alert>}
      {setup.data && recorded === null && (
        <Stepper active={step} onStepClick={setStep} allowNextStepsSelect={false} size="sm">
          <Stepper.Step label={t('steps.clip')} description={t('steps.clipHelp')}>
            <Stack mt="md" maw={560}>
              <Select
                label={t('clip')}
                placeholder={t('pickClip')}
                searchable
                data={setup.data.clips.map((c) => ({ value: String(c.id), label: c.title }))}
                value={clipId === null ? null : String(clipId)}
                onChange={(value) => {
                  const chosen = setup.data?.clips.find((c) => String(c.id) === value);
                  setClipId(chosen?.id ?? null);
                  // Another clip starts from nothing played.
                  setPlayed(0);
                  if (chosen) setQuestion(t('defaultQuestion', { title: chosen.title }));
                }}
              />
              <Select
                label={t('crew')}
                data={setup.data.teams.map((team) => ({ value: String(team.id), label: team.name }))}
                value={setup.data.team_id === null ? null : String(setup.data.team_id)}
                onChange={(value) => {
                  setTeamId(value === null ? null : Number(value));
                  setPresent(new Set());
                  setGuests([]);
                }}
                allowDeselect={false}
              />
              <Group>
                <Button size="lg" disabled={!clip} onClick={() => setStep(1)}>
                  {t('nextAttendance')}
                </Button>
              </Group>
            </Stack>
          </Stepper.Step>
          <Stepper.Step label={t('steps.attendance')} description={t('steps.attendanceHelp')}>
            <Text mt="md" mb="sm">
              {t('everyoneTaps', { n: present.size })}
            </Text>
            <BadgeScan
              onPerson={(person) => {
                setPresent((current) => new Set(current).add(person.user_id));
                if (!setup.data?.crew.some((c) => c.user_id === person.user_id))
                  setGuests((current) => (current.some((g) => g.user_id === person.user_id) ? current : [...current, person]));
                notifySuccess(t('isHere', { name: `${person.name} ${person.last_name}` }));
              }}
            />
            <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="md">
              {[...setup.data.crew, ...guests].map((person) => (
                <PersonTile
                  key={person.user_id}
                  name={`${person.name} ${person.last_name}`}
                  picture={person.picture}
                  pressed={present.has(person.user_id)}
                  onClick={() => toggle(person.user_id)}
                />
              ))}
            </SimpleGrid>
            <Group mt="lg">
              <Button size="lg" disabled={present.size === 0} onClick={() => setStep(2)}>
                {t('nextPlay')}
              </Button>
            </Group>
          </Stepper.Step>
          <Stepper.Step label={t('steps.watch')} description={t('steps.watchHelp')}>
            {clip && <ClipPlayer videoId={clip.id} onPlayed={setPlayed} />}
            {clip && <PlayedNote played={played} duration={clip.duration_seconds} />}
            <Group mt="lg">
              <Button size="lg" onClick={() => setStep(3)}>
                {t('nextCheck')}
              </Button>
            </Group>
          </Stepper.Step>
          <Stepper.Step label={t('steps.check')} description={t('steps.checkHelp')}>
            <Stack mt="md" maw={640}>
              <TextInput label={t('question')} value={question} onChange={(e) => setQuestion(e.currentTarget.value)} maxLength={300} />
              <Textarea label={t('answer')} autosize minRows={3} value={answer} onChange={(e) => setAnswer(e.currentTarget.value)} maxLength={500} />
              <Group>
                <Button size="lg" loading={record.isPending} disabled={question.trim() === '' || answer.trim() === ''} onClick={finish}>
                  {t('record')}
                </Button>
              </Group>
            </Stack>
          </Stepper.Step>
        </Stepper>
      )}
      {recorded && <RecordedTalk talk={recorded} onNext={restart} />}
      <RecentTalks />
    </Container>
  );
}

/** What the talk will count as, from how far the clip has played. */
function PlayedNote({ played, duration }: { played: number; duration: number }) {
  const { t } = useTranslation('toolbox');
  const watched = isWatched(played, duration);
  return (
    <Text mt="sm" c={watched ? 'teal.8' : 'dimmed'} aria-live="polite">
      {t('played', { played: formatClock(played), duration: formatClock(duration) })} {watched ? t('playedToEnd') : t('playToEnd')}
    </Text>
  );
}

function ClipPlayer({ videoId, onPlayed }: { videoId: number; onPlayed: (seconds: number) => void }) {
  const { t } = useTranslation('toolbox');
  const video = usePreviewVideo(videoId);
  const stream = video.data?.main_resolutions.original;
  if (video.isPending) return <PageLoader label={t('loadingClip')} />;
  if (!stream) return <Alert color="red">{video.error?.message ?? t('cannotPlay')}</Alert>;
  return (
    <Stack mt="md" maw={800}>
      <InlineVideo src={stream} testId="toolbox-clip" onPlayed={onPlayed} />
      <Text fw={600} translate="no">
        {video.data?.title}
      </Text>
    </Stack>
  );
}

/** What the talk credited, in the leader's words: a watch of the clip, or attendance only. */
function creditText(talk: ToolboxTalk, t: TFunction<'toolbox'>): string {
  const attended = t('attended', { n: talk.attendees.length });
  const credited = talk.attendees.filter((a) => a.credited).length;
  if (!talk.clip_watched) {
    return t('notWatched', { attended, played: formatClock(talk.played_seconds), duration: formatClock(talk.clip_seconds) });
  }
  return credited === talk.attendees.length ? t('watchedEveryone', { attended }) : t('watchedSome', { attended, credited });
}

/**
 * The record replaces the (taller) stepper while the page is still scrolled to where "Record the talk" was: the card
 * would sit at the top of the window, under the success toast (top right), which then covered "Start another talk" at
 * 768 px. The page goes back to its top, where the toast sits over the header, and the record's title takes the focus.
 */
function RecordedTalk({ talk, onNext }: { talk: ToolboxTalk; onNext: () => void }) {
  const { t } = useTranslation('toolbox');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    window.scrollTo({ top: 0 });
    heading.current?.focus({ preventScroll: true });
  }, []);
  return (
    <Card withBorder padding="lg" mt="md">
      <Stack>
        <Title order={2} size="h3" ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
          {t('recorded', { title: talk.video_title })}
        </Title>
        <Text>{creditText(talk, t)}</Text>
        <Group>
          <Button size="lg" onClick={() => downloadAttendanceSheet(talk.id).catch(notifyError)}>
            {t('sheet')}
          </Button>
          <Button size="lg" variant="default" onClick={onNext}>
            {t('another')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function RecentTalks() {
  const { t } = useTranslation('toolbox');
  const talks = useToolboxTalks();
  if (!talks.data || talks.data.talks.length === 0) return null;
  return (
    <Stack mt="xl" gap="xs">
      <Title order={2} size="h3">
        {t('recent')}
      </Title>
      {talks.data.talks.map((talk) => (
        <Group key={talk.id} justify="space-between" wrap="nowrap">
          <Text size="sm">
            {formatDateTime(talk.held_at)} · <span translate="no">{talk.video_title}</span> · {t('attended', { n: talk.attendees.length })} ·{' '}
            {t('ledBy', { name: talk.leader })}
          </Text>
          <Anchor component="button" size="sm" onClick={() => downloadAttendanceSheet(talk.id).catch(notifyError)}>
            {t('sheetShort')}
          </Anchor>
        </Group>
      ))}
    </Stack>
  );
}

/**
 * A handheld scanner types the badge's code and Enter into this field (or the leader types the code printed under the
 * QR); the holder is marked present.
 */
function BadgeScan({ onPerson }: { onPerson: (person: ToolboxPerson) => void }) {
  const { t } = useTranslation('toolbox');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return;
    setBusy(true);
    findBadgeHolder(code)
      .then((person) => {
        onPerson(person);
        setCode('');
      })
      .catch(notifyError)
      .finally(() => setBusy(false));
  };
  return (
    <form onSubmit={submit}>
      <Group align="flex-end" mb="md" maw={560}>
        <TextInput
          label={t('scan')}
          description={t('scanHelp')}
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          style={{ flex: 1 }}
          autoComplete="off"
        />
        <Button type="submit" variant="default" loading={busy}>
          {t('markPresent')}
        </Button>
      </Group>
    </form>
  );
}
