import { Alert, Anchor, Badge, Button, Card, Checkbox, Container, Group, Image, Progress, Radio, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { AttemptData, AttemptResult, MemberCheckData } from '@mm/contract';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader.tsx';
import { categoryPath, videoPath } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { notifyError } from '../../../lib/notify.ts';
import { newWriteId, replayWrites, retryDelay } from '../../../lib/offline-queue.ts';
import { useOnline } from '../../../lib/offline-sync.ts';
import { assessmentsKey, type CheckSubject } from '../api/assessment-keys.ts';
import { useMemberCheck } from '../api/get-member-check.ts';
import { useStartAttempt } from '../api/start-attempt.ts';
import { type QueuedSubmission, resultOfSubmission, useSubmitAttempt } from '../api/submit-attempt.ts';
import { OrderSteps } from '../components/order-steps.tsx';
import { TimeLeft } from '../components/time-left.tsx';

/** When the next attempt may start, to the second (a cool-down is often a minute): "You can try again in 58 seconds (at 14:02:31)." */
function waitText(t: TFunction<'assessments'>, at: string): string {
  const seconds = Math.max(1, Math.ceil((Date.parse(at) - Date.now()) / 1000));
  const time = new Date(at).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit' });
  return seconds < 120
    ? t('take.waitSeconds', { count: seconds, time })
    : t('take.waitUntil', { when: new Date(at).toLocaleString([], { dateStyle: 'medium', timeStyle: 'medium' }) });
}

/** Options as large targets: the label fills the row and is tall enough for a gloved finger. */
const OPTION_STYLES = {
  body: { width: '100%', alignItems: 'center' },
  labelWrapper: { flex: 1 },
  label: { cursor: 'pointer', paddingBlock: 10, fontSize: 'var(--mantine-font-size-md)' },
};

/** /category/:id/check: the check at the end of a category, taken from the category's page. */
export function TakeCategoryCheckPage() {
  return <TakeCheckPage kind="category" />;
}

/** Where the check's page leads back to: the video, or the category whose end the check marks. */
type Back = { to: string; label: string };

/**
 * /video/:id/check (or /category/:id/check, `kind` category): the knowledge check after a video or at the end of a
 * category, one question per screen, scored on the server.
 */
export function TakeCheckPage({ kind = 'video' }: { kind?: CheckSubject['kind'] }) {
  const { t } = useTranslation('assessments');
  const id = Number(useParams().id);
  const subject: CheckSubject = { kind, id };
  const back: Back = kind === 'video' ? { to: videoPath(id), label: t('take.backToVideo') } : { to: categoryPath(id), label: t('take.backToCategory') };
  const check = useMemberCheck(subject);
  const [attempt, setAttempt] = useState<AttemptData | null>(null);
  const [result, setResult] = useState<AttemptResult | null>(null);
  // Submitted without a network: waiting in the offline queue, with whether the attempt had a time limit.
  const [queued, setQueued] = useState<{ submission: QueuedSubmission; timed: boolean } | null>(null);
  const start = useStartAttempt();
  const queryClient = useQueryClient();
  const scored = useCallback(
    (r: AttemptResult) => {
      setQueued(null);
      setResult(r);
      void queryClient.invalidateQueries({ queryKey: assessmentsKey });
    },
    [queryClient],
  );
  // At the end of a cool-down the check is read again, so "Try again" opens without a reload.
  const nextAt = check.data?.check?.next_attempt_at;
  const { refetch } = check;
  useEffect(() => {
    const wait = nextAt ? Date.parse(nextAt) - Date.now() : 0;
    if (wait <= 0) return;
    const timer = setTimeout(() => void refetch(), Math.min(wait + 500, 2_147_000_000));
    return () => clearTimeout(timer);
  }, [nextAt, refetch]);

  const begin = () =>
    start.mutate(subject, {
      onSuccess: (data) => {
        setResult(null);
        setAttempt(data);
      },
      onError: notifyError,
    });

  return (
    <Container size="sm" py="xl">
      <Title order={1} mb="xs">
        {t('take.title')}
      </Title>
      {check.data && (
        <Text c="dimmed" mb="lg">
          {check.data.video_title}
        </Text>
      )}
      {check.isPending && <PageLoader label={t('take.loading')} />}
      {check.isError && (
        <Alert color="red" variant="light">
          {check.error.message}
        </Alert>
      )}
      {check.data &&
        (result ? (
          <ResultScreen result={result} back={back} onRetry={begin} retrying={start.isPending} />
        ) : queued ? (
          <QueuedScreen submission={queued.submission} timed={queued.timed} back={back} onResult={scored} />
        ) : attempt ? (
          <Questions
            key={attempt.attempt_id}
            attempt={attempt}
            onDone={(r) => {
              setAttempt(null);
              setResult(r);
            }}
            onQueued={(submission) => {
              setAttempt(null);
              setQueued({ submission, timed: attempt.deadline_at !== null });
            }}
          />
        ) : (
          <Intro data={check.data} back={back} onStart={begin} starting={start.isPending} />
        ))}
    </Container>
  );
}

function Intro({ data, back, onStart, starting }: { data: MemberCheckData; back: Back; onStart: () => void; starting: boolean }) {
  const { t } = useTranslation('assessments');
  // Starting (or resuming) asks the server, which counts the attempt and draws the questions: never offline.
  const online = useOnline();
  const check = data.check;
  if (!check) {
    return (
      <Stack>
        <Text>{t('take.noCheck')}</Text>
        <Anchor component={Link} to={back.to}>
          {back.label}
        </Anchor>
      </Stack>
    );
  }
  const left = check.attempts_allowed - check.attempts_used;
  const waitUntil = check.next_attempt_at && Date.parse(check.next_attempt_at) > Date.now() ? check.next_attempt_at : null;
  const open = check.open_attempt_id !== null;
  return (
    <Card withBorder padding="lg">
      <Stack>
        <Text>{t('take.rules', { count: check.question_count, pass: check.pass_percent })}</Text>
        <Text>
          {t('take.attemptsUsed', { used: check.attempts_used, allowed: check.attempts_allowed })}
          {check.cooldown_seconds > 0 && ` ${t('take.cooldown', { count: check.cooldown_seconds })}`}
        </Text>
        {check.time_limit_seconds !== null && <Text fw={600}>{t('take.timeLimit', { count: Math.round(check.time_limit_seconds / 60) })}</Text>}
        {check.passed && (
          <Alert color="teal" variant="light" title={t('take.passed')}>
            {check.best_percent !== null ? t('take.passedWith', { percent: check.best_percent }) : t('take.passedNoScore')}
          </Alert>
        )}
        {waitUntil && !open && (
          <Alert color="yellow" variant="light" role="status">
            {waitText(t, waitUntil)}
          </Alert>
        )}
        {left <= 0 && !open ? (
          <Alert color="gray" variant="light" role="status">
            {t('take.noneLeft')}
          </Alert>
        ) : (
          <>
            {!online && (
              <Alert color="yellow" variant="light" role="status" id="check-offline-start">
                {t('offline.start')}
              </Alert>
            )}
            <Button
              size="lg"
              onClick={onStart}
              loading={starting}
              disabled={(waitUntil !== null && !open) || !online}
              aria-describedby={online ? undefined : 'check-offline-start'}
            >
              {open ? t('take.continue') : check.attempts_used === 0 ? t('take.start') : t('take.tryAgain')}
            </Button>
          </>
        )}
        <Anchor component={Link} to={back.to}>
          {back.label}
        </Anchor>
      </Stack>
    </Card>
  );
}

/** The member's answer to a question so far: the steps of an ordering question start in the order shown. */
const answerOf = (q: AttemptData['questions'][number], answers: Record<number, number[]>): number[] =>
  answers[q.id] ?? (q.kind === 'ordering' ? q.options.map((o) => o.id) : []);

function Questions({
  attempt,
  onDone,
  onQueued,
}: {
  attempt: AttemptData;
  onDone: (result: AttemptResult) => void;
  onQueued: (submission: QueuedSubmission) => void;
}) {
  const { t } = useTranslation('assessments');
  const [index, setIndex] = useState(0);
  const [answers, setAnswers] = useState<Record<number, number[]>>({});
  // One id per submission: a retry after a lost answer, or the offline queue's replay, counts once on the server
  // (not crypto.randomUUID: it needs a secure context, and a plant may serve the app over plain http).
  const [requestId] = useState(newWriteId);
  const submit = useSubmitAttempt();
  const online = useOnline();
  const heading = useRef<HTMLHeadingElement>(null);
  const question = attempt.questions[index];
  const total = attempt.questions.length;
  const last = index === total - 1;

  // Every question's pictures are fetched at the start, while there is a network: a phone that loses it midway still
  // shows the questions after (question pictures are served immutable, so the browser keeps them).
  useEffect(() => {
    for (const q of attempt.questions) for (const o of q.options) if (o.image) new window.Image().src = o.image;
  }, [attempt]);

  // Each new question takes the focus, so the keyboard and a screen reader start from its text.
  useEffect(() => {
    if (index >= 0) heading.current?.focus();
  }, [index]);

  if (!question) return null;
  const chosen = answerOf(question, answers);
  const choose = (choices: number[]) => setAnswers((a) => ({ ...a, [question.id]: choices }));
  const send = () => {
    if (submit.isPending) return;
    submit.mutate(
      { attemptId: attempt.attempt_id, requestId, answers: attempt.questions.map((q) => ({ question_id: q.id, choices: answerOf(q, answers) })) },
      { onSuccess: (answer) => ('result' in answer ? onDone(answer.result) : onQueued(answer.queued)), onError: notifyError },
    );
  };

  return (
    <Stack>
      <Group justify="space-between">
        <Text fw={600}>{t('take.questionOf', { number: index + 1, total })}</Text>
        <Text c="dimmed" size="sm">
          {t('take.attemptOf', { number: attempt.attempt_number, total: attempt.attempts_allowed })}
        </Text>
      </Group>
      <Progress value={((index + 1) / total) * 100} size="lg" aria-label={t('take.questionOf', { number: index + 1, total })} />
      {attempt.seconds_left !== null && <TimeLeft seconds={attempt.seconds_left} onTimeUp={send} />}
      {!online && (
        <Alert color="yellow" variant="light" role="status">
          {t('offline.answering')}
          {attempt.deadline_at !== null && ` ${t('offline.timeLimit')}`}
        </Alert>
      )}
      <Card withBorder padding="lg">
        <Title order={2} size="h3" mb="md" tabIndex={-1} ref={heading}>
          {question.prompt}
        </Title>
        {question.kind === 'ordering' ? (
          <OrderSteps options={question.options} order={chosen} onChange={choose} />
        ) : question.kind === 'picture' ? (
          <PictureChoices question={question} chosen={chosen} onChoose={choose} />
        ) : question.kind === 'multiple' ? (
          <Checkbox.Group label={t('take.chooseEvery')} value={chosen.map(String)} onChange={(values) => choose(values.map(Number).sort((a, b) => a - b))}>
            <Stack gap="sm" mt="sm">
              {question.options.map((o) => (
                <Card key={o.id} withBorder padding="xs">
                  <Checkbox value={String(o.id)} label={o.text} size="md" styles={OPTION_STYLES} />
                </Card>
              ))}
            </Stack>
          </Checkbox.Group>
        ) : (
          <Radio.Group label={t('take.chooseOne')} value={chosen.length ? String(chosen[0]) : null} onChange={(value) => choose([Number(value)])}>
            <Stack gap="sm" mt="sm">
              {question.options.map((o) => (
                <Card key={o.id} withBorder padding="xs">
                  <Radio value={String(o.id)} label={o.text} size="md" styles={OPTION_STYLES} />
                </Card>
              ))}
            </Stack>
          </Radio.Group>
        )}
      </Card>
      <Group justify="space-between">
        <Button size="lg" variant="default" disabled={index === 0} onClick={() => setIndex(index - 1)}>
          {t('take.back')}
        </Button>
        {last ? (
          <Button size="lg" onClick={send} loading={submit.isPending}>
            {t('take.submit')}
          </Button>
        ) : (
          <Button size="lg" onClick={() => setIndex(index + 1)}>
            {t('take.next')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/**
 * A submission waiting in the offline queue: says so (no result is shown before the server has scored it), and once
 * the network is back lets the queue deliver it, then asks the server for the result under the same request id (a
 * replay: the server answers what it recorded, so nothing is counted twice).
 */
function QueuedScreen({
  submission,
  timed,
  back,
  onResult,
}: {
  submission: QueuedSubmission;
  timed: boolean;
  back: Back;
  onResult: (result: AttemptResult) => void;
}) {
  const { t } = useTranslation('assessments');
  const online = useOnline();
  const [failure, setFailure] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  useEffect(() => {
    if (!online) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = async (tries: number) => {
      try {
        // The queue first: it holds this submission, so the server has scored it before the result is asked for.
        await replayWrites().catch(() => undefined);
        const result = await resultOfSubmission(submission);
        if (!stopped) onResult(result);
      } catch (error) {
        if (stopped) return;
        // Still no answer from the server (Wi-Fi back before the server is reachable): ask again after a growing wait.
        if (error instanceof ApiError && error.status === 0) timer = setTimeout(() => void ask(tries + 1), retryDelay(tries));
        else setFailure(error instanceof Error ? error.message : String(error));
      }
    };
    void ask(0);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [online, submission, onResult]);
  return (
    <Stack>
      <Alert color={failure ? 'red' : online ? 'blue' : 'yellow'} variant="light" role="status">
        <Title order={2} size="h3" tabIndex={-1} ref={heading}>
          {t('offline.savedTitle')}
        </Title>
        <Text mt="xs">{failure ?? (online ? t('offline.sending') : t('offline.waiting'))}</Text>
        {timed && !failure && <Text mt="xs">{t('offline.timeLimit')}</Text>}
      </Alert>
      <Group>
        <Button size="lg" variant="default" component={Link} to={back.to}>
          {back.label}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * A pick-the-picture question: each option a large picture in a radio card (the whole card is the target; arrow keys
 * move between them). The picture's alt text, written by the author, is the option's name for a screen reader; the
 * visible label is the picture's number, so the text does not say more to sighted people than the picture does.
 */
function PictureChoices({
  question,
  chosen,
  onChoose,
}: {
  question: AttemptData['questions'][number];
  chosen: number[];
  onChoose: (choices: number[]) => void;
}) {
  const { t } = useTranslation('assessments');
  return (
    <Radio.Group label={t('take.choosePicture')} value={chosen.length ? String(chosen[0]) : null} onChange={(value) => onChoose([Number(value)])}>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" mt="sm">
        {question.options.map((o, at) => (
          <Card key={o.id} withBorder padding="xs" bd={chosen[0] === o.id ? '3px solid var(--mantine-primary-color-filled)' : undefined}>
            <Radio
              value={String(o.id)}
              size="md"
              styles={OPTION_STYLES}
              label={
                <Stack gap={6}>
                  <Image src={o.image} alt={o.text} h={180} fit="contain" radius="sm" />
                  <Text>{t('take.pictureNumber', { number: at + 1 })}</Text>
                </Stack>
              }
            />
          </Card>
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}

/** The option texts in the order of `ids`: "1. Shut down · 2. Isolate" for steps, "Electric, Hydraulic" for choices. */
function textsOf(q: AttemptResult['questions'][number], ids: number[]): string {
  const text = (id: number) => q.options.find((o) => o.id === id)?.text ?? '';
  if (q.kind === 'ordering') return ids.map((id, at) => `${at + 1}. ${text(id)}`).join(' · ');
  return q.options
    .filter((o) => ids.includes(o.id))
    .map((o) => o.text)
    .join(', ');
}

function ResultScreen({ result, back, onRetry, retrying }: { result: AttemptResult; back: Back; onRetry: () => void; retrying: boolean }) {
  const { t } = useTranslation('assessments');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const waitUntil = result.next_attempt_at && Date.parse(result.next_attempt_at) > Date.now() ? result.next_attempt_at : null;
  return (
    <Stack>
      <Alert color={result.passed ? 'teal' : 'red'} variant="light">
        <Title order={2} size="h3" tabIndex={-1} ref={heading}>
          {t(result.passed ? 'result.passed' : 'result.notPassed', { percent: result.score_percent })}
        </Title>
        <Text mt="xs">{t('result.rightCount', { right: result.correct_count, total: result.question_count, pass: result.pass_percent })}</Text>
        {result.timed_out && <Text mt="xs">{t('result.timedOut')}</Text>}
      </Alert>
      {result.questions.map((q, i) => (
        <Card key={q.id} withBorder padding="md">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Text fw={600}>
              {i + 1}. {q.prompt}
            </Text>
            <Badge color={q.right ? 'teal.9' : 'red.8'} variant="filled" style={{ flexShrink: 0 }}>
              {q.right ? t('result.right') : t('result.wrong')}
            </Badge>
          </Group>
          {q.kind === 'ordering' ? (
            <>
              <Text size="sm" mt="xs">
                {q.chosen.length ? t('result.yourOrder', { steps: textsOf(q, q.chosen) }) : t('result.noAnswer')}
              </Text>
              {!q.right && <Text size="sm">{t('result.rightOrder', { steps: textsOf(q, q.correct) })}</Text>}
            </>
          ) : (
            <>
              {q.kind === 'picture' && <ResultPictures question={q} />}
              <Text size="sm" mt="xs">
                {q.chosen.length ? t('result.yourAnswer', { answer: textsOf(q, q.chosen) }) : t('result.noAnswer')}
              </Text>
              {!q.right && <Text size="sm">{t('result.rightAnswer', { answer: textsOf(q, q.correct) })}</Text>}
            </>
          )}
          <Text size="sm" c="dimmed" mt="xs">
            {q.explanation}
          </Text>
        </Card>
      ))}
      {!result.passed && result.attempts_left > 0 && waitUntil && (
        <Text role="status">
          {t('result.attemptsLeft', { count: result.attempts_left })} {waitText(t, waitUntil)}
        </Text>
      )}
      {!result.passed && result.attempts_left === 0 && <Text role="status">{t('take.noneLeft')}</Text>}
      <Group>
        {!result.passed && result.attempts_left > 0 && !waitUntil && (
          <Button size="lg" onClick={onRetry} loading={retrying}>
            {t('take.tryAgain')}
          </Button>
        )}
        <Button size="lg" variant="default" component={Link} to={back.to}>
          {back.label}
        </Button>
      </Group>
    </Stack>
  );
}

/** A picture question's pictures in the result: the one chosen and the right one marked in words, not by colour alone. */
function ResultPictures({ question }: { question: AttemptResult['questions'][number] }) {
  const { t } = useTranslation('assessments');
  return (
    <Group gap="sm" mt="xs" wrap="wrap" align="flex-start">
      {question.options.map((o) => (
        <Stack key={o.id} gap={2} w={120}>
          <Image src={o.image} alt={o.text} h={90} fit="contain" radius="sm" />
          {/* In sentence case across the picture's width: capitals cut "Right picture" short at 120 px. */}
          {question.correct.includes(o.id) && (
            <Badge color="teal.9" tt="none" fullWidth>
              {t('result.rightPicture')}
            </Badge>
          )}
          {question.chosen.includes(o.id) && (
            <Badge color="dark.6" tt="none" fullWidth>
              {t('result.yourPicture')}
            </Badge>
          )}
        </Stack>
      ))}
    </Group>
  );
}
