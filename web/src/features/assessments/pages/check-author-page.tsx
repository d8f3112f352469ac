import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Container,
  Group,
  NumberInput,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { type BankQuestion, type CheckSettings, type QuestionKind, TRUE_FALSE_OPTIONS } from '@mm/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader.tsx';
import { checkResultsPath } from '../../../config/paths.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useAddQuestion, useDeleteQuestion, useSaveCheck } from '../api/edit-bank.ts';
import { useBank } from '../api/get-bank.ts';

const KIND_LABELS: Record<Exclude<QuestionKind, 'ordering'>, string> = { single: 'Single choice', multiple: 'Multiple choice', true_false: 'True / false' };
/** The kinds on the form's switch: short enough for a phone's width. */
const KIND_CHOICES = [
  { value: 'single', label: 'Single' },
  { value: 'multiple', label: 'Multiple' },
  { value: 'true_false', label: 'True/false' },
];
const DEFAULT_CHECK: CheckSettings = {
  question_count: 5,
  shuffle: true,
  pass_percent: 80,
  attempts_allowed: 3,
  cooldown_seconds: 600,
  time_limit_seconds: null,
};
/** The time limit a check gets when the author switches one on: ten minutes. */
const DEFAULT_LIMIT_SECONDS = 600;

/** /assessments/videos/:id: a super user writes the organization's question bank for a video and the check drawn from it. */
export function CheckAuthorPage() {
  const videoId = Number(useParams().id);
  const bank = useBank(videoId);
  return (
    <Container size="md" py="xl">
      <Group justify="space-between" align="flex-start" mb="xs">
        <Title order={1}>Knowledge check</Title>
        {bank.data?.check && (
          <Button component={Link} to={checkResultsPath(videoId)} variant="default">
            See results
          </Button>
        )}
      </Group>
      {bank.data && (
        <Text c="dimmed" mb="lg">
          {bank.data.video_title}: questions for your organization's people, and the check they take after the video.
        </Text>
      )}
      {bank.isPending && <PageLoader label="Loading the questions..." />}
      {bank.isError && (
        <Alert color="red" variant="light">
          {bank.error.message}
        </Alert>
      )}
      {bank.data && (
        <Stack gap="xl">
          <CheckForm key={JSON.stringify(bank.data.check)} videoId={videoId} initial={bank.data.check} bankSize={bank.data.questions.length} />
          <QuestionList questions={bank.data.questions} />
          <QuestionForm videoId={videoId} />
        </Stack>
      )}
    </Container>
  );
}

function CheckForm({ videoId, initial, bankSize }: { videoId: number; initial: CheckSettings | null; bankSize: number }) {
  const { t } = useTranslation('assessments');
  const [settings, setSettings] = useState<CheckSettings>(initial ?? DEFAULT_CHECK);
  const save = useSaveCheck();
  const limit = settings.time_limit_seconds;
  const set = (field: keyof CheckSettings) => (value: number | string | boolean) =>
    setSettings((s) => ({ ...s, [field]: typeof value === 'string' ? Number(value) : value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ videoId, body: settings }, { onSuccess: ({ message }) => notifySuccess(message ?? 'The check is saved.'), onError: notifyError });
  };
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="check-settings">
      <form onSubmit={submit}>
        <Title order={2} size="h3" id="check-settings" mb="sm">
          The check {initial ? '' : '(not attached yet)'}
        </Title>
        <Group grow align="flex-start" wrap="wrap">
          <NumberInput label="Questions drawn" min={1} max={50} value={settings.question_count} onChange={set('question_count')} miw={140} />
          <NumberInput label="Pass mark (%)" min={1} max={100} value={settings.pass_percent} onChange={set('pass_percent')} miw={140} />
          <NumberInput label="Attempts allowed" min={1} max={20} value={settings.attempts_allowed} onChange={set('attempts_allowed')} miw={140} />
          <NumberInput
            label="Wait between attempts (seconds)"
            min={0}
            max={2_592_000}
            value={settings.cooldown_seconds}
            onChange={set('cooldown_seconds')}
            miw={140}
          />
        </Group>
        <Switch mt="md" label="Shuffle the questions and their options" checked={settings.shuffle} onChange={(e) => set('shuffle')(e.currentTarget.checked)} />
        <Switch
          mt="md"
          label={t('author.timeLimit')}
          checked={limit !== null}
          onChange={(e) => {
            const on = e.currentTarget.checked;
            setSettings((s) => ({ ...s, time_limit_seconds: on ? DEFAULT_LIMIT_SECONDS : null }));
          }}
        />
        {limit !== null && (
          <NumberInput
            mt="sm"
            maw={260}
            label={t('author.timeLimitMinutes')}
            description={t('author.timeLimitHint')}
            min={1}
            max={180}
            allowDecimal={false}
            value={limit / 60}
            onChange={(value) => setSettings((s) => ({ ...s, time_limit_seconds: Math.min(180, Math.max(1, Math.round(Number(value) || 1))) * 60 }))}
          />
        )}
        {bankSize < settings.question_count && (
          <Text size="sm" c="dimmed" mt="sm">
            The bank holds {bankSize} {bankSize === 1 ? 'question' : 'questions'}: each attempt shows all of them until you add more.
          </Text>
        )}
        <Button type="submit" mt="md" loading={save.isPending}>
          {initial ? 'Save the check' : 'Attach the check to this video'}
        </Button>
      </form>
    </Card>
  );
}

function QuestionList({ questions }: { questions: BankQuestion[] }) {
  const { t } = useTranslation('assessments');
  const remove = useDeleteQuestion();
  return (
    <Stack component="section" aria-labelledby="bank-title">
      <Title order={2} size="h3" id="bank-title">
        Question bank ({questions.length})
      </Title>
      {questions.length === 0 && <Text c="dimmed">No questions yet: add the first one below.</Text>}
      {questions.map((q, i) => (
        <Card key={q.id} withBorder padding="md">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Stack gap={4}>
              <Text fw={600}>
                {i + 1}. {q.prompt}
              </Text>
              <Badge variant="filled" color="dark.6">
                {q.kind === 'ordering' ? t('kinds.ordering') : KIND_LABELS[q.kind]}
              </Badge>
              {q.kind === 'ordering' ? (
                <Text size="sm">{t('author.rightOrder', { steps: q.correct.map((c, at) => `${at + 1}. ${q.options[c]}`).join(' · ') })}</Text>
              ) : (
                <Text size="sm">{q.options.map((o, index) => (q.correct.includes(index) ? `${o} (right)` : o)).join(' · ')}</Text>
              )}
              <Text size="sm" c="dimmed">
                {q.explanation}
              </Text>
            </Stack>
            <Button
              variant="default"
              color="red"
              style={{ flexShrink: 0 }}
              aria-label={`Remove question ${i + 1}`}
              loading={remove.isPending && remove.variables === q.id}
              onClick={() => remove.mutate(q.id, { onError: notifyError })}
            >
              Remove
            </Button>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}

const EMPTY_OPTIONS = ['', '', '', '', '', ''];
/** The option rows' keys: the rows are fixed places, never reordered. Choices use four, steps to order six. */
const SLOTS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth'] as const;
const CHOICE_ROWS = 4;

function QuestionForm({ videoId }: { videoId: number }) {
  const { t } = useTranslation('assessments');
  const [kind, setKind] = useState<QuestionKind>('single');
  const [prompt, setPrompt] = useState('');
  const [options, setOptions] = useState<string[]>(EMPTY_OPTIONS);
  const [correct, setCorrect] = useState<number[]>([]);
  const [explanation, setExplanation] = useState('');
  const add = useAddQuestion();
  const ordering = kind === 'ordering';
  const shown = kind === 'true_false' ? [...TRUE_FALSE_OPTIONS] : ordering ? options : options.slice(0, CHOICE_ROWS);
  const kindChoices = [...KIND_CHOICES, { value: 'ordering', label: t('kinds.orderingShort') }];

  const toggle = (index: number, on: boolean) => {
    if (kind === 'multiple') setCorrect((c) => (on ? [...c, index] : c.filter((i) => i !== index)).sort((a, b) => a - b));
    else setCorrect(on ? [index] : []);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Blank options are left out; the right answers follow their options' new places.
    // Steps are written in their right order, so the right answer is their order as kept.
    const kept = kind === 'true_false' ? [] : shown.map((text, index) => ({ text: text.trim(), index })).filter((o) => o.text);
    const body = {
      kind,
      prompt,
      explanation,
      options: kept.map((o) => o.text),
      correct: kind === 'true_false' ? correct : ordering ? kept.map((_, at) => at) : kept.flatMap((o, at) => (correct.includes(o.index) ? [at] : [])),
    };
    add.mutate(
      { videoId, body },
      {
        onSuccess: () => {
          notifySuccess('The question is added.');
          setPrompt('');
          setOptions(EMPTY_OPTIONS);
          setCorrect([]);
          setExplanation('');
        },
        onError: notifyError,
      },
    );
  };

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="new-question">
      <form onSubmit={submit}>
        <Stack>
          <Title order={2} size="h3" id="new-question">
            Add a question
          </Title>
          <SegmentedControl
            aria-label="Kind of question"
            value={kind}
            onChange={(value) => {
              setKind(value as QuestionKind);
              setCorrect([]);
            }}
            data={kindChoices}
            fullWidth
          />
          <Textarea label="Question" required maxLength={500} value={prompt} onChange={(e) => setPrompt(e.currentTarget.value)} autosize minRows={2} />
          <Stack gap="xs">
            <Text size="sm" fw={500} id="options-label">
              {ordering ? t('author.stepsLabel') : kind === 'multiple' ? 'Options: tick every right one' : 'Options: tick the right one'}
            </Text>
            {ordering && (
              <Text size="xs" c="dimmed">
                {t('author.stepsHint')}
              </Text>
            )}
            {SLOTS.slice(0, shown.length).map((slot, index) => (
              <Group key={`${kind}-${slot}`} wrap="nowrap">
                {ordering ? (
                  <Text fw={600} w={28} ta="right" aria-hidden="true">
                    {index + 1}.
                  </Text>
                ) : (
                  <Checkbox
                    aria-label={`Option ${index + 1} is right`}
                    checked={correct.includes(index)}
                    onChange={(e) => toggle(index, e.currentTarget.checked)}
                  />
                )}
                {kind === 'true_false' ? (
                  <Text>{shown[index]}</Text>
                ) : (
                  <TextInput
                    aria-label={ordering ? t('author.step', { number: index + 1 }) : `Option ${index + 1}`}
                    maxLength={200}
                    value={shown[index]}
                    onChange={(e) => {
                      const value = e.currentTarget.value;
                      setOptions((o) => o.map((t, i) => (i === index ? value : t)));
                    }}
                    style={{ flex: 1 }}
                  />
                )}
              </Group>
            ))}
          </Stack>
          <Textarea
            label="Explanation (shown after the attempt)"
            required
            maxLength={1000}
            value={explanation}
            onChange={(e) => setExplanation(e.currentTarget.value)}
            autosize
            minRows={2}
          />
          <Group>
            <Button type="submit" loading={add.isPending}>
              Add the question
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
