import { ActionIcon, Button, Card, FileButton, Group, Image, Modal, Stack, Switch, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { STUDIO_SCRIPT_MAX_STEPS, STUDIO_SCRIPT_MIN_STEPS, STUDIO_SCRIPT_STEP_MAX_CHARS, type StudioLesson, type StudioScriptStep } from '@mm/contract';
import { IconPhoto, IconPlus, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/page-loader.tsx';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useCreateStudioLesson } from '../api/create-studio-lesson.ts';
import { useLessonScript, useRenderLessonScript, useUploadScriptPhoto } from '../api/lesson-script.ts';
import { LessonFields } from './lesson-fields.tsx';

const emptyStep = (): StudioScriptStep => ({ text: '', photo_url: null });
const emptySteps = () => Array.from({ length: STUDIO_SCRIPT_MIN_STEPS }, emptyStep);

/** A step's optional photo: chosen from the device (a phone offers its camera), checked and kept by the server. */
function StepPhoto({ number, photoUrl, onChange }: { number: number; photoUrl: string | null; onChange: (photoUrl: string | null) => void }) {
  const { t } = useTranslation('studio-script');
  const upload = useUploadScriptPhoto();
  const choose = (file: File | null) => {
    if (file) upload.mutate(file, { onSuccess: ({ data }) => onChange(data.photo_url), onError: notifyError });
  };
  if (photoUrl)
    return (
      <Group gap="xs">
        <Image src={photoUrl} alt={t('photo.alt', { number })} h={56} w="auto" radius="sm" />
        <Button variant="subtle" size="xs" color="red" onClick={() => onChange(null)}>
          {t('photo.remove', { number })}
        </Button>
      </Group>
    );
  return (
    <Group>
      <FileButton onChange={choose} accept="image/*">
        {(props) => (
          <Button {...props} variant="subtle" size="xs" loading={upload.isPending} leftSection={<IconPhoto size={14} aria-hidden />}>
            {t('photo.add', { number })}
          </Button>
        )}
      </FileButton>
    </Group>
  );
}

/** The steps of a script: 3 to 10 text boxes, each said over its own slide, each with an optional photo. */
function StepsEditor({ steps, onChange }: { steps: StudioScriptStep[]; onChange: (steps: StudioScriptStep[]) => void }) {
  const { t } = useTranslation('studio-script');
  const set = (index: number, change: Partial<StudioScriptStep>) => onChange(steps.map((step, i) => (i === index ? { ...step, ...change } : step)));
  return (
    <Stack gap="xs" component="fieldset" p={0} m={0} style={{ border: 0 }}>
      <Text component="legend" fw={600} size="sm">
        {t('steps.legend')}
      </Text>
      <Text size="xs" c="dimmed">
        {t('steps.hint', { min: STUDIO_SCRIPT_MIN_STEPS, max: STUDIO_SCRIPT_MAX_STEPS })}
      </Text>
      {steps.map((step, i) => (
        // Steps have no identity of their own but their place: removing one renumbers the rest.
        // biome-ignore lint/suspicious/noArrayIndexKey: the step's number is its key
        <Stack key={i} gap={4}>
          <Group align="flex-end" gap="xs" wrap="nowrap">
            <Textarea
              style={{ flex: 1 }}
              label={t('steps.label', { number: i + 1 })}
              required
              autosize
              minRows={1}
              maxLength={STUDIO_SCRIPT_STEP_MAX_CHARS}
              value={step.text}
              onChange={(e) => set(i, { text: e.currentTarget.value })}
            />
            {steps.length > STUDIO_SCRIPT_MIN_STEPS && (
              <ActionIcon
                variant="default"
                size="lg"
                mb={2}
                aria-label={t('steps.remove', { number: i + 1 })}
                onClick={() => onChange(steps.filter((_, j) => j !== i))}
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            )}
          </Group>
          <StepPhoto number={i + 1} photoUrl={step.photo_url} onChange={(photo_url) => set(i, { photo_url })} />
        </Stack>
      ))}
      {steps.length < STUDIO_SCRIPT_MAX_STEPS && (
        <Group>
          <Button variant="subtle" size="xs" leftSection={<IconPlus size={14} aria-hidden />} onClick={() => onChange([...steps, emptyStep()])}>
            {t('steps.add')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/**
 * A new lesson from a script, for an author with no video: its title, category and description and 3 to 10 steps;
 * the server renders a narrated slide lesson with captions from them and the lesson card follows its progress.
 */
export function NewScriptLesson() {
  const { t } = useTranslation('studio-script');
  const [opened, { open, close }] = useDisclosure(false);
  const create = useCreateStudioLesson();
  const render = useRenderLessonScript();
  const [form, setForm] = useState({ title: '', category: '', description: '' });
  const [steps, setSteps] = useState(emptySteps);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const lesson = (await create.mutateAsync(form)).data;
      await render.mutateAsync({ lessonId: lesson.id, steps });
      notifySuccess(t('new.rendering', { title: lesson.title }));
      setForm({ title: '', category: '', description: '' });
      setSteps(emptySteps());
      close();
    } catch (error) {
      notifyError(error);
    }
  };
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="script-lesson-heading">
      <Group justify="space-between" align="flex-start" gap="sm">
        <div style={{ flex: '1 1 16rem' }}>
          <Title order={2} size="h3" id="script-lesson-heading">
            {t('new.heading')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('new.intro')}
          </Text>
        </div>
        <Button onClick={open}>{t('new.open')}</Button>
      </Group>
      <Modal opened={opened} onClose={close} title={t('new.dialogTitle')} size="lg">
        <Stack component="form" gap="sm" onSubmit={(e) => void submit(e)}>
          <LessonFields
            value={form}
            onChange={setForm}
            labels={{
              title: t('fields.title'),
              category: t('fields.category'),
              description: t('fields.description'),
              descriptionHint: t('fields.descriptionHint'),
            }}
          />
          <StepsEditor steps={steps} onChange={setSteps} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={create.isPending || render.isPending}>
              {t('new.submit')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}

/**
 * A lesson's script edited and rendered again (any lesson: one from a video gets a slide lesson instead). A lesson
 * published once gets the new video as a revision, so the author says what changed and whether it needs retraining.
 */
export function EditScriptButton({ lesson }: { lesson: StudioLesson }) {
  const { t } = useTranslation('studio-script');
  const [opened, { open, close }] = useDisclosure(false);
  const script = useLessonScript(lesson.id, opened);
  const render = useRenderLessonScript();
  const [steps, setSteps] = useState<StudioScriptStep[] | null>(null);
  const [summary, setSummary] = useState('');
  const [requiresRetraining, setRequiresRetraining] = useState(false);
  const revision = lesson.status !== 'draft';
  const busy = lesson.media_state === 'processing' || lesson.media_state === 'uploading';
  const shown = steps ?? script.data?.script?.steps ?? (script.data ? emptySteps() : null);
  const start = () => {
    setSteps(null);
    setSummary('');
    setRequiresRetraining(false);
    open();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!shown) return;
    render.mutate(
      { lessonId: lesson.id, steps: shown, summary, requires_retraining: requiresRetraining },
      {
        onSuccess: () => {
          notifySuccess(t('edit.rendering'));
          close();
        },
        onError: notifyError,
      },
    );
  };
  return (
    <>
      <Button variant="default" size="xs" onClick={start} disabled={busy} aria-label={t('edit.openLabel', { title: lesson.title })}>
        {t('edit.open')}
      </Button>
      <Modal opened={opened} onClose={close} title={t('edit.dialogTitle', { title: lesson.title })} size="lg">
        {!shown ? (
          <PageLoader label={t('edit.loading')} />
        ) : (
          <Stack component="form" gap="sm" onSubmit={submit}>
            {!script.data?.script && (
              <Text size="sm" c="dimmed">
                {t('edit.fromVideo')}
              </Text>
            )}
            <StepsEditor steps={shown} onChange={setSteps} />
            {revision && (
              <>
                <TextInput
                  label={t('edit.summary')}
                  description={t('edit.summaryHint', { revision: lesson.revision + 1 })}
                  required
                  maxLength={500}
                  value={summary}
                  onChange={(e) => setSummary(e.currentTarget.value)}
                />
                <Switch label={t('edit.retraining')} checked={requiresRetraining} onChange={(e) => setRequiresRetraining(e.currentTarget.checked)} />
              </>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('cancel')}
              </Button>
              <Button type="submit" loading={render.isPending}>
                {t('edit.submit')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}
