import { Badge, Button, Card, Checkbox, FileButton, Group, Image, SegmentedControl, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { type BankQuestion, type QuestionKind, TRUE_FALSE_OPTIONS } from '@mm/contract';
import { IconWand } from '@tabler/icons-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { checkResultsPath } from '../../../config/paths.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useAddQuestion, useApproveQuestion, useDeleteQuestion, useDraftQuestions, useEditQuestion, useUploadQuestionImage } from '../api/edit-bank.ts';
import { useBank } from '../api/get-bank.ts';
import { CheckAuthorFrame } from '../components/check-author-frame.tsx';
import { CheckForm } from '../components/check-form.tsx';

/** The kinds on the form's switch, in this order; their labels are short enough for a phone's width. */
const KIND_ORDER: QuestionKind[] = ['single', 'multiple', 'true_false', 'ordering', 'picture'];
const ACCEPTED_IMAGES = 'image/png,image/jpeg,image/webp,image/gif';

/** /assessments/videos/:id: a super user writes the organization's question bank for a video and the check drawn from it. */
export function CheckAuthorPage() {
  const videoId = Number(useParams().id);
  const { t } = useTranslation('assessments');
  const bank = useBank(videoId);
  // The question open in the form for a change (a draft is put right this way before it is approved); null: a new one.
  const [editing, setEditing] = useState<{ question: BankQuestion; number: number } | null>(null);
  // Saved or cancelled, the focus goes back to the question's own "Change" button, where the person was.
  const closeEdit = () => {
    const id = editing?.question.id;
    setEditing(null);
    requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-edit-question="${id}"]`)?.focus());
  };
  return (
    <CheckAuthorFrame
      title={t('author.title')}
      bank={bank}
      intro={(data) => t('author.intro', { title: data.video_title })}
      resultsPath={(data) => (data.check ? checkResultsPath(videoId) : null)}
    >
      {(data) => (
        <>
          <CheckForm
            key={JSON.stringify(data.check)}
            subject={{ kind: 'video', id: videoId }}
            initial={data.check}
            bankSize={data.questions.filter((q) => !q.draft).length}
          />
          <QuestionList videoId={videoId} questions={data.questions} onEdit={(question, number) => setEditing({ question, number })} />
          <QuestionForm key={editing?.question.id ?? 'new'} videoId={videoId} editing={editing} onDone={closeEdit} />
        </>
      )}
    </CheckAuthorFrame>
  );
}

type QuestionListProps = { videoId: number; questions: BankQuestion[]; onEdit: (question: BankQuestion, number: number) => void };

function QuestionList({ videoId, questions, onEdit }: QuestionListProps) {
  const { t } = useTranslation('assessments');
  const remove = useDeleteQuestion();
  const approve = useApproveQuestion();
  const draft = useDraftQuestions();
  const drafts = questions.filter((q) => q.draft).length;
  const draftFromCaptions = () =>
    draft.mutate(videoId, {
      onSuccess: ({ data }) => notifySuccess(data.drafted.length ? t('author.drafted', { count: data.drafted.length }) : t('author.noNewDrafts')),
      onError: notifyError,
    });
  return (
    <Stack component="section" aria-labelledby="bank-title">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={2} size="h3" id="bank-title">
          {t('author.bankTitle', { count: questions.length })}
        </Title>
        <Button variant="default" leftSection={<IconWand size={16} aria-hidden />} loading={draft.isPending} onClick={draftFromCaptions}>
          {t('author.draftFromCaptions')}
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        {drafts > 0 ? t('author.draftsWaiting', { count: drafts }) : t('author.draftHint')}
      </Text>
      {questions.length === 0 && <Text c="dimmed">{t('author.bankEmpty')}</Text>}
      {questions.map((q, i) => (
        <Card key={q.id} withBorder padding="md" style={q.draft ? { borderStyle: 'dashed' } : undefined}>
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
            <Stack gap={4} style={{ flex: 1, minWidth: 220 }}>
              <Text fw={600}>
                {i + 1}. {q.prompt}
              </Text>
              <Group gap="xs">
                <Badge variant="filled" color="dark.6">
                  {t(`kinds.${q.kind}`)}
                </Badge>
                {q.draft && (
                  // Dark words on white, the dot's colour adding to them (as the results' badges).
                  <Badge variant="dot" color="orange.7" c="dark.8" style={{ textTransform: 'none' }}>
                    {t('author.draftBadge')}
                  </Badge>
                )}
              </Group>
              {q.kind === 'ordering' && (
                <Text size="sm">{t('author.rightOrder', { steps: q.correct.map((c, at) => `${at + 1}. ${q.options[c]}`).join(' · ') })}</Text>
              )}
              {q.kind === 'picture' && <PictureRow question={q} />}
              {q.kind !== 'ordering' && q.kind !== 'picture' && (
                <Text size="sm">{q.options.map((o, index) => (q.correct.includes(index) ? t('author.rightOption', { option: o }) : o)).join(' · ')}</Text>
              )}
              <Text size="sm" c="dimmed">
                {q.explanation}
              </Text>
            </Stack>
            <Group gap="xs" style={{ flexShrink: 0 }}>
              {q.draft && (
                <Button
                  aria-label={t('author.approveQuestion', { number: i + 1 })}
                  loading={approve.isPending && approve.variables === q.id}
                  onClick={() => approve.mutate(q.id, { onSuccess: () => notifySuccess(t('author.approved')), onError: notifyError })}
                >
                  {t('author.approve')}
                </Button>
              )}
              <Button variant="default" aria-label={t('author.editQuestion', { number: i + 1 })} data-edit-question={q.id} onClick={() => onEdit(q, i + 1)}>
                {t('author.edit')}
              </Button>
              <Button
                variant="default"
                color="red"
                aria-label={t('author.removeQuestion', { number: i + 1 })}
                loading={remove.isPending && remove.variables === q.id}
                onClick={() => remove.mutate(q.id, { onError: notifyError })}
              >
                {t('author.remove')}
              </Button>
            </Group>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}

/** A picture question's pictures in the bank, each with its alt text and whether it is the right one. */
function PictureRow({ question }: { question: BankQuestion }) {
  const { t } = useTranslation('assessments');
  return (
    <Group gap="xs" wrap="wrap">
      {question.options.map((alt, index) => (
        <Stack key={question.images[index]} gap={2} w={96}>
          <Image src={question.images[index]} alt={alt} h={72} w={96} fit="cover" radius="sm" />
          <Text size="xs">{question.correct.includes(index) ? t('author.rightOption', { option: alt }) : alt}</Text>
        </Stack>
      ))}
    </Group>
  );
}

/** The option rows' keys: the rows are fixed places, never reordered. A bank question holds at most eight options. */
const SLOTS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth'] as const;
const EMPTY_OPTIONS = SLOTS.map(() => '');
/** Rows a new question offers: four choices, six steps to order (a question being changed shows all of its own). */
const CHOICE_ROWS = 4;
const STEP_ROWS = 6;
const padded = (values: string[]) => EMPTY_OPTIONS.map((empty, index) => values[index] ?? empty);

/** The form's fields for a bank question: steps are written in their right order, as the form asks for them. */
function fieldsOf(question: BankQuestion | undefined) {
  if (!question) return { kind: 'single' as QuestionKind, prompt: '', options: EMPTY_OPTIONS, images: EMPTY_OPTIONS, correct: [], explanation: '' };
  const ordering = question.kind === 'ordering';
  return {
    kind: question.kind,
    prompt: question.prompt,
    options: padded(ordering ? question.correct.map((index) => question.options[index] ?? '') : question.options),
    images: padded(question.images),
    correct: ordering ? [] : question.correct,
    explanation: question.explanation,
  };
}

type QuestionFormProps = { videoId: number; editing: { question: BankQuestion; number: number } | null; onDone: () => void };

function QuestionForm({ videoId, editing, onDone }: QuestionFormProps) {
  const { t } = useTranslation('assessments');
  const [initial] = useState(() => fieldsOf(editing?.question));
  const [kind, setKind] = useState<QuestionKind>(initial.kind);
  const [prompt, setPrompt] = useState(initial.prompt);
  const [options, setOptions] = useState<string[]>(initial.options);
  const [images, setImages] = useState<string[]>(initial.images);
  const [correct, setCorrect] = useState<number[]>(initial.correct);
  const [explanation, setExplanation] = useState(initial.explanation);
  const add = useAddQuestion();
  const edit = useEditQuestion();
  const upload = useUploadQuestionImage();
  const heading = useRef<HTMLHeadingElement>(null);
  // Pressing "Edit" on a question far up the bank brings its form into view and puts the focus there.
  useEffect(() => {
    if (!editing) return;
    heading.current?.scrollIntoView({ block: 'start' });
    heading.current?.focus();
  }, [editing]);
  const ordering = kind === 'ordering';
  const picture = kind === 'picture';
  const rows = Math.max(ordering ? STEP_ROWS : CHOICE_ROWS, editing?.question.options.length ?? 0);
  const shown = kind === 'true_false' ? [...TRUE_FALSE_OPTIONS] : options.slice(0, rows);
  const kindChoices = KIND_ORDER.map((value) => ({ value, label: t(`kinds.${value}Short`) }));

  const choosePicture = (index: number) => (file: File | null) => {
    if (!file) return;
    upload.mutate(file, {
      onSuccess: ({ data }) => setImages((current) => current.map((url, i) => (i === index ? data.image_url : url))),
      onError: notifyError,
    });
  };
  const toggle = (index: number, on: boolean) => {
    if (kind === 'multiple') setCorrect((c) => (on ? [...c, index] : c.filter((i) => i !== index)).sort((a, b) => a - b));
    else setCorrect(on ? [index] : []);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Blank options are left out (a picture option without its picture too); the right answers follow their options'
    // new places. Steps are written in their right order, so the right answer is their order as kept.
    const kept =
      kind === 'true_false'
        ? []
        : shown.map((text, index) => ({ text: text.trim(), index, image: images[index] ?? '' })).filter((o) => o.text && (!picture || o.image));
    const body = {
      kind,
      prompt,
      explanation,
      options: kept.map((o) => o.text),
      images: picture ? kept.map((o) => o.image) : [],
      correct: kind === 'true_false' ? correct : ordering ? kept.map((_, at) => at) : kept.flatMap((o, at) => (correct.includes(o.index) ? [at] : [])),
    };
    if (editing) {
      edit.mutate(
        { questionId: editing.question.id, body },
        {
          onSuccess: () => {
            notifySuccess(t('author.questionSaved'));
            onDone();
          },
          onError: notifyError,
        },
      );
      return;
    }
    add.mutate(
      { videoId, body },
      {
        onSuccess: () => {
          notifySuccess(t('author.questionAdded'));
          setPrompt('');
          setOptions(EMPTY_OPTIONS);
          setImages(EMPTY_OPTIONS);
          setCorrect([]);
          setExplanation('');
        },
        onError: notifyError,
      },
    );
  };

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="question-form-title">
      <form onSubmit={submit}>
        <Stack>
          <Title order={2} size="h3" id="question-form-title" ref={heading} tabIndex={-1}>
            {editing ? t('author.editTitle', { number: editing.number }) : t('author.addTitle')}
          </Title>
          <SegmentedControl
            aria-label={t('author.kind')}
            value={kind}
            onChange={(value) => {
              setKind(value as QuestionKind);
              setCorrect([]);
            }}
            data={kindChoices}
            fullWidth
          />
          <Textarea
            label={t('author.prompt')}
            required
            maxLength={500}
            value={prompt}
            onChange={(e) => setPrompt(e.currentTarget.value)}
            autosize
            minRows={2}
          />
          <Stack gap="xs">
            <Text size="sm" fw={500} id="options-label">
              {ordering
                ? t('author.stepsLabel')
                : picture
                  ? t('author.picturesLabel')
                  : kind === 'multiple'
                    ? t('author.optionsMultiple')
                    : t('author.optionsSingle')}
            </Text>
            {(ordering || picture) && (
              <Text size="xs" c="dimmed">
                {ordering ? t('author.stepsHint') : t('author.picturesHint')}
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
                    aria-label={t('author.optionRight', { number: index + 1 })}
                    checked={correct.includes(index)}
                    onChange={(e) => toggle(index, e.currentTarget.checked)}
                  />
                )}
                {picture && (
                  <PictureChoice
                    number={index + 1}
                    image={images[index] ?? ''}
                    alt={shown[index] ?? ''}
                    uploading={upload.isPending}
                    onChoose={choosePicture(index)}
                  />
                )}
                {kind === 'true_false' ? (
                  <Text>{shown[index]}</Text>
                ) : (
                  <TextInput
                    aria-label={
                      ordering
                        ? t('author.step', { number: index + 1 })
                        : picture
                          ? t('author.pictureAlt', { number: index + 1 })
                          : t('author.option', { number: index + 1 })
                    }
                    placeholder={picture ? t('author.pictureAltPlaceholder') : undefined}
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
            label={t('author.explanation')}
            required
            maxLength={1000}
            value={explanation}
            onChange={(e) => setExplanation(e.currentTarget.value)}
            autosize
            minRows={2}
          />
          <Group>
            <Button type="submit" loading={add.isPending || edit.isPending} disabled={upload.isPending}>
              {editing ? t('author.saveQuestion') : t('author.addQuestion')}
            </Button>
            {editing && (
              <Button variant="default" onClick={onDone}>
                {t('author.cancelEdit')}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

/** One picture option's picture: a thumbnail once uploaded (its alt text is the description beside it) and the button. */
function PictureChoice(props: { number: number; image: string; alt: string; uploading: boolean; onChoose: (file: File | null) => void }) {
  const { t } = useTranslation('assessments');
  return (
    <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
      {props.image ? (
        <Image src={props.image} alt={props.alt} h={48} w={64} fit="cover" radius="sm" />
      ) : (
        <Text size="xs" c="dimmed" w={64} ta="center">
          {t('author.noPicture')}
        </Text>
      )}
      <FileButton onChange={props.onChoose} accept={ACCEPTED_IMAGES}>
        {(button) => (
          <Button {...button} variant="default" size="xs" disabled={props.uploading} aria-label={t('author.choosePicture', { number: props.number })}>
            {props.image ? t('author.replacePicture') : t('author.addPicture')}
          </Button>
        )}
      </FileButton>
    </Group>
  );
}
