import { Alert, Badge, Button, Group, Modal, Progress, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { STUDIO_SCRIPT_STEP_MAX_CHARS, type StudioLesson, type StudioVersionData } from '@mm/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/page-loader.tsx';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useLessonVersion, useRenderLessonVersion } from '../api/lesson-version.ts';

type Draft = Pick<StudioVersionData, 'title' | 'description' | 'steps'>;

/** Where the version's rendition stands: rendering (with its bar), failed (why), ready, out of date. */
function VersionState({ version }: { version: StudioVersionData }) {
  const { t } = useTranslation('studio-script');
  return (
    <Stack gap={6}>
      {version.origin === 'machine' && (
        <Alert color="yellow" role="status" title={t('version.machine')}>
          {t('version.machineHint')}
        </Alert>
      )}
      {version.media_state === 'processing' && (
        <div>
          <Text size="sm" id="version-progress">
            {t('version.rendering', { progress: version.progress })}
          </Text>
          <Progress value={version.progress} mt={4} animated aria-labelledby="version-progress" />
        </div>
      )}
      {version.media_state === 'failed' && (
        <Alert color="red" role="status" title={t('version.failed')}>
          {version.error}
        </Alert>
      )}
      {version.playable && (
        <Group gap="xs">
          <Badge color="green" variant="light">
            {t('version.playable')}
          </Badge>
          {version.out_of_date && (
            <Badge color="orange" variant="light">
              {t('version.outOfDateBadge')}
            </Badge>
          )}
        </Group>
      )}
      {version.out_of_date && (
        <Text size="sm" c="dimmed">
          {t('version.outOfDate')}
        </Text>
      )}
    </Stack>
  );
}

/**
 * A script lesson's narrated Spanish version: the Spanish title, description and steps (Apertium's draft until the
 * author saves them, marked so), rendered with the Spanish voice as a second video of the same lesson; Spanish
 * members are given it by default.
 */
export function SpanishVersionButton({ lesson }: { lesson: StudioLesson }) {
  const { t } = useTranslation('studio-script');
  const [opened, { open, close }] = useDisclosure(false);
  const version = useLessonVersion(lesson.id, 'es', opened);
  const render = useRenderLessonVersion();
  const [draft, setDraft] = useState<Draft | null>(null);
  const shown: Draft | null = draft ?? version.data ?? null;
  const rendering = version.data?.media_state === 'processing';
  const start = () => {
    setDraft(null);
    open();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!shown) return;
    render.mutate(
      { lessonId: lesson.id, lang: 'es', title: shown.title, description: shown.description, steps: shown.steps },
      {
        onSuccess: () => {
          notifySuccess(t('version.queued'));
          setDraft(null);
        },
        onError: notifyError,
      },
    );
  };
  return (
    <>
      <Button variant="default" size="xs" onClick={start} aria-label={t('version.openLabel', { title: lesson.title })}>
        {t('version.open')}
      </Button>
      <Modal opened={opened} onClose={close} title={t('version.dialogTitle', { title: lesson.title })} size="lg">
        {version.error ? (
          <Alert color="yellow" role="status">
            {version.error.message}
          </Alert>
        ) : !version.data || !shown ? (
          <PageLoader label={t('version.loading')} />
        ) : (
          <Stack component="form" gap="sm" onSubmit={submit}>
            <Text size="sm" c="dimmed">
              {t('version.intro')}
            </Text>
            <VersionState version={version.data} />
            <TextInput
              label={t('version.title')}
              lang="es"
              required
              maxLength={200}
              value={shown.title}
              onChange={(e) => setDraft({ ...shown, title: e.currentTarget.value })}
            />
            <Textarea
              label={t('version.description')}
              lang="es"
              autosize
              minRows={1}
              maxLength={5000}
              value={shown.description}
              onChange={(e) => setDraft({ ...shown, description: e.currentTarget.value })}
            />
            {/* The steps are the English script's, one for one: a step's number is its identity. */}
            {shown.steps
              .map((text, i) => ({ text, number: i + 1 }))
              .map(({ text, number }) => (
                <Textarea
                  key={number}
                  label={t('version.step', { number })}
                  lang="es"
                  required
                  autosize
                  minRows={1}
                  maxLength={STUDIO_SCRIPT_STEP_MAX_CHARS}
                  value={text}
                  onChange={(e) => setDraft({ ...shown, steps: shown.steps.map((s, j) => (j === number - 1 ? e.currentTarget.value : s)) })}
                />
              ))}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('cancel')}
              </Button>
              <Button type="submit" loading={render.isPending} disabled={rendering}>
                {t('version.submit')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}
