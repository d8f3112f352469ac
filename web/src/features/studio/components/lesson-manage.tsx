import { Badge, Button, Group, Modal, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import type { StudioLesson, StudioRevision } from '@mm/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/page-loader.tsx';
import { formatDateTime } from '../../../lib/date.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { formatClock } from '../../../lib/playback-position.ts';
import { useDeleteStudioLesson } from '../api/delete-studio-lesson.ts';
import { useLessonRevisions, useRestoreLessonRevision } from '../api/lesson-revisions.ts';
import { useUnpublishStudioLesson } from '../api/unpublish-studio-lesson.ts';
import { useUpdateStudioLesson } from '../api/update-studio-lesson.ts';
import { LessonFields } from './lesson-fields.tsx';

/** The lesson's title, category and description, changed in a dialog (the creation's rules, checked by the server). */
export function EditLessonButton({ lesson }: { lesson: StudioLesson }) {
  const { t } = useTranslation('studio');
  const [opened, { open, close }] = useDisclosure(false);
  const update = useUpdateStudioLesson();
  const [form, setForm] = useState({ title: lesson.title, category: lesson.category, description: lesson.description });
  const start = () => {
    setForm({ title: lesson.title, category: lesson.category, description: lesson.description });
    open();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(
      { lessonId: lesson.id, ...form },
      {
        onSuccess: () => {
          notifySuccess(t('manage.saved'));
          close();
        },
        onError: notifyError,
      },
    );
  };
  return (
    <>
      <Button variant="default" size="xs" onClick={start} aria-label={t('manage.editLabel', { title: lesson.title })}>
        {t('manage.edit')}
      </Button>
      <Modal opened={opened} onClose={close} title={t('manage.editTitle')}>
        <Stack component="form" gap="sm" onSubmit={submit}>
          <LessonFields
            value={form}
            onChange={setForm}
            labels={{ title: t('manage.title'), category: t('manage.category'), description: t('manage.description') }}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('manage.cancel')}
            </Button>
            <Button type="submit" loading={update.isPending}>
              {t('manage.save')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/** Takes a published lesson back from the members, after saying what that does. */
export function UnpublishButton({ lesson }: { lesson: StudioLesson }) {
  const { t } = useTranslation('studio');
  const unpublish = useUnpublishStudioLesson();
  const confirm = () =>
    modals.openConfirmModal({
      title: t('manage.unpublishTitle'),
      children: (
        <Stack gap="xs">
          <Text size="sm">{t('manage.unpublishText', { title: lesson.title })}</Text>
          {lesson.in_paths > 0 && <Text size="sm">{t('manage.unpublishPaths', { count: lesson.in_paths })}</Text>}
        </Stack>
      ),
      labels: { confirm: t('manage.unpublishConfirm'), cancel: t('manage.cancel') },
      onConfirm: () => unpublish.mutate(lesson.id, { onSuccess: () => notifySuccess(t('manage.unpublished')), onError: notifyError }),
    });
  return (
    <Button variant="default" size="xs" loading={unpublish.isPending} onClick={confirm} aria-label={t('manage.unpublishLabel', { title: lesson.title })}>
      {t('manage.unpublish')}
    </Button>
  );
}

/** Deletes a lesson once the author has read what happens to its paths, its history and its files. */
export function DeleteLessonButton({ lesson }: { lesson: StudioLesson }) {
  const { t } = useTranslation('studio');
  const remove = useDeleteStudioLesson();
  const confirm = () =>
    modals.openConfirmModal({
      title: t('manage.deleteTitle'),
      children: (
        <Stack gap="xs">
          <Text size="sm">{t('manage.deleteText', { title: lesson.title })}</Text>
          {lesson.in_paths > 0 && <Text size="sm">{t('manage.deletePaths', { count: lesson.in_paths })}</Text>}
          <Text size="sm">{t('manage.deleteKept')}</Text>
        </Stack>
      ),
      labels: { confirm: t('manage.deleteConfirm'), cancel: t('manage.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(lesson.id, { onSuccess: () => notifySuccess(t('manage.deleted', { title: lesson.title })), onError: notifyError }),
    });
  return (
    <Button variant="subtle" color="red" size="xs" loading={remove.isPending} onClick={confirm} aria-label={t('manage.deleteLabel', { title: lesson.title })}>
      {t('manage.delete')}
    </Button>
  );
}

/** The lesson's revisions in a dialog: number, date, who, summary, retraining; an earlier one restored as the next. */
export function RevisionsButton({ lesson }: { lesson: StudioLesson }) {
  const { t } = useTranslation('studio');
  const [opened, { open, close }] = useDisclosure(false);
  const revisions = useLessonRevisions(lesson.id, opened);
  const [restoring, setRestoring] = useState<number | null>(null);
  const busy = lesson.media_state === 'uploading' || lesson.media_state === 'processing';
  return (
    <>
      <Button variant="default" size="xs" onClick={open} aria-label={t('revisions.openLabel', { title: lesson.title })}>
        {t('revisions.open')}
      </Button>
      <Modal
        opened={opened}
        onClose={() => {
          setRestoring(null);
          close();
        }}
        title={t('revisions.dialogTitle', { title: lesson.title })}
        size="lg"
      >
        {!revisions.data ? (
          <PageLoader label={t('revisions.open')} />
        ) : revisions.data.revisions.length === 0 ? (
          <Text>{t('revisions.none')}</Text>
        ) : (
          <Stack gap="xs">
            {busy && <Text size="sm">{t('revisions.busy')}</Text>}
            <Stack gap={0} component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }} data-testid="lesson-revisions">
              {revisions.data.revisions.map((revision) => (
                <RevisionRow
                  key={revision.revision}
                  lesson={lesson}
                  revision={revision}
                  canRestore={!busy && !revision.live}
                  restoring={restoring === revision.revision}
                  onRestore={() => setRestoring(revision.revision)}
                  onDone={() => setRestoring(null)}
                />
              ))}
            </Stack>
          </Stack>
        )}
      </Modal>
    </>
  );
}

function RevisionRow({
  lesson,
  revision,
  canRestore,
  restoring,
  onRestore,
  onDone,
}: {
  lesson: StudioLesson;
  revision: StudioRevision;
  canRestore: boolean;
  restoring: boolean;
  onRestore: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation('studio');
  const restore = useRestoreLessonRevision();
  const [summary, setSummary] = useState('');
  const [requiresRetraining, setRequiresRetraining] = useState(false);
  const next = lesson.revision + 1;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    restore.mutate(
      { lessonId: lesson.id, revision: revision.revision, summary, requires_retraining: requiresRetraining },
      {
        onSuccess: () => {
          notifySuccess(t('revisions.restored', { revision: revision.revision, next }));
          onDone();
        },
        onError: notifyError,
      },
    );
  };
  return (
    <Stack component="li" gap={4} py="sm" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs">
          <Text fw={600}>{t('revisions.number', { revision: revision.revision })}</Text>
          {revision.live && (
            <Badge color="green" variant="light">
              {t('revisions.live')}
            </Badge>
          )}
          {revision.requires_retraining && (
            <Badge color="orange" variant="light">
              {t('revisions.retraining')}
            </Badge>
          )}
        </Group>
        {canRestore && !restoring && (
          <Button variant="default" size="xs" onClick={onRestore} aria-label={t('revisions.restoreLabel', { revision: revision.revision })}>
            {t('revisions.restore')}
          </Button>
        )}
      </Group>
      <Text size="sm" translate="no">
        {revision.summary}
      </Text>
      <Text size="sm" c="dimmed">
        {revision.by ? (
          <>
            <span translate="no">{revision.by}</span> ·{' '}
          </>
        ) : null}
        {formatDateTime(revision.created_at)} · {formatClock(Math.round(revision.duration_seconds))}
        {revision.restored_from !== null && <> · {t('revisions.restoredFrom', { revision: revision.restored_from })}</>}
      </Text>
      {restoring && (
        <Stack component="form" gap="xs" mt="xs" onSubmit={submit} aria-label={t('revisions.restoreLabel', { revision: revision.revision })}>
          <Text size="sm">{t('revisions.restoreIntro', { revision: revision.revision, next })}</Text>
          <TextInput label={t('revisions.why')} maxLength={400} value={summary} onChange={(e) => setSummary(e.currentTarget.value)} data-autofocus />
          <Switch label={t('revision.retraining')} checked={requiresRetraining} onChange={(e) => setRequiresRetraining(e.currentTarget.checked)} />
          <Group justify="flex-end">
            <Button variant="default" size="xs" onClick={onDone}>
              {t('manage.cancel')}
            </Button>
            <Button type="submit" size="xs" loading={restore.isPending}>
              {t('revisions.restoreConfirm', { next })}
            </Button>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
