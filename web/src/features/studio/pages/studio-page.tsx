import {
  Alert,
  Badge,
  Button,
  Card,
  FileButton,
  Group,
  Modal,
  Pagination,
  Progress,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import type { StudioLesson, StudioLessonsData, StudioLessonsSort, StudioPerson } from '@mm/contract';
import { IconSearch } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '../../../components/admin-page.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { paths } from '../../../config/paths.ts';
import { notifyError, notifyErrorMessage, notifySuccess } from '../../../lib/notify.ts';
import { useTypedSearch } from '../../../lib/typed-search.ts';
import { useCreateStudioLesson } from '../api/create-studio-lesson.ts';
import { useStudioLessons } from '../api/get-studio-lessons.ts';
import { usePublishStudioLesson } from '../api/publish-studio-lesson.ts';
import { useSetLessonCaptions } from '../api/set-lesson-captions.ts';
import { studioKey } from '../api/studio-keys.ts';
import { useSetStudioAuthor, useStudioPeople } from '../api/studio-people.ts';
import { uploadLessonVideo } from '../api/upload-lesson-video.ts';
import { CaptionsEditorButton } from '../components/captions-editor.tsx';
import { DeleteLessonButton, EditLessonButton, RevisionsButton, UnpublishButton } from '../components/lesson-manage.tsx';
import { EditScriptButton, NewScriptLesson } from '../components/script-lesson.tsx';
import { SpanishVersionButton } from '../components/script-version.tsx';
import { StudioAuditLog } from '../components/studio-audit-log.tsx';
import { pageAt, pageCount, skipOf, skipWithin } from '../lib/studio-list.ts';

const megabytes = (bytes: number) => {
  const mb = bytes / 1024 / 1024;
  if (mb >= 1024) return `${mb >= 10240 ? Math.round(mb / 1024) : (mb / 1024).toFixed(1)} GB`;
  return `${mb < 10 ? mb.toFixed(1) : Math.round(mb)} MB`;
};

/** A progress bar with its name on the element that carries role="progressbar" (Mantine's section). */
function LabelledProgress({
  value,
  label,
  describedBy,
  animated = false,
  color,
}: {
  value: number;
  label: string;
  /** The id of the text that says the value in words (Mantine's own aria-valuetext is the percentage). */
  describedBy?: string;
  animated?: boolean;
  color?: string;
}) {
  return (
    <Progress.Root mt={4}>
      <Progress.Section value={value} aria-label={label} aria-describedby={describedBy} animated={animated} color={color} />
    </Progress.Root>
  );
}

/** The organization's storage: used / quota as text, and a meter whose accessible value says the same words. */
function StorageMeter({ storage }: { storage: StudioLessonsData['storage'] }) {
  const { t } = useTranslation('studio');
  const percent = Math.min(100, Math.round((storage.used_bytes / storage.quota_bytes) * 100));
  const meter = t('storage.meter', { used: megabytes(storage.used_bytes), quota: megabytes(storage.quota_bytes), percent });
  const left = Math.max(0, storage.quota_bytes - storage.used_bytes);
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="storage-heading">
      <Group justify="space-between" align="baseline" gap="xs">
        <Title order={2} size="h4" id="storage-heading">
          {t('storage.heading')}
        </Title>
        <Text size="sm" fw={600} id="storage-meter-text">
          {meter}
        </Text>
      </Group>
      <LabelledProgress value={percent} label={t('storage.meterLabel')} describedBy="storage-meter-text" color={percent >= 90 ? 'red' : undefined} />
      <Text size="xs" c="dimmed" mt={6}>
        {left < 1024 * 1024 ? t('storage.full') : t('storage.left', { left: megabytes(left) })}
      </Text>
    </Card>
  );
}

/** A super user's choice of authors: a searchable list of the organization's people, one switch each. */
function AuthorsPanel() {
  const { t } = useTranslation('studio');
  const [opened, { open, close }] = useDisclosure(false);
  const [q, setQ] = useState('');
  const [debounced] = useDebouncedValue(q.trim(), 250);
  const people = useStudioPeople(debounced, opened);
  const everyone = useStudioPeople('', true);
  const authors = everyone.data?.people.filter((p) => p.author && !p.super_user).length;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="authors-heading">
      <Group justify="space-between" align="flex-start" gap="sm">
        <div style={{ flex: '1 1 16rem' }}>
          <Title order={2} size="h4" id="authors-heading">
            {t('authors.heading')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('authors.intro')}
          </Text>
          {authors !== undefined && (
            <Text size="sm" mt={4}>
              {t('authors.count', { count: authors })}
            </Text>
          )}
        </div>
        <Button variant="default" onClick={open}>
          {t('authors.open')}
        </Button>
      </Group>
      <Modal opened={opened} onClose={close} title={t('authors.dialogTitle')} size="lg">
        <Stack gap="sm">
          <TextInput
            label={t('authors.search')}
            description={t('authors.searchHint')}
            type="search"
            maxLength={100}
            value={q}
            onChange={(e) => setQ(e.currentTarget.value)}
            leftSection={<IconSearch size={16} aria-hidden />}
            data-autofocus
          />
          {people.data &&
            (people.data.people.length === 0 ? (
              <Text>{t('authors.none')}</Text>
            ) : (
              <Stack gap={0} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-busy={people.isFetching}>
                {people.data.people.map((person) => (
                  <PersonRow key={person.user_id} person={person} />
                ))}
              </Stack>
            ))}
          {people.data && people.data.total > people.data.people.length && (
            <Text size="sm" c="dimmed">
              {t('authors.more', { shown: people.data.people.length, total: people.data.total })}
            </Text>
          )}
        </Stack>
      </Modal>
    </Card>
  );
}

function PersonRow({ person }: { person: StudioPerson }) {
  const { t } = useTranslation('studio');
  const set = useSetStudioAuthor();
  const detail = [person.email ?? person.employee_number, person.role].filter(Boolean).join(' · ');
  const toggle = (author: boolean) =>
    set.mutate(
      { userId: person.user_id, author },
      { onSuccess: () => notifySuccess(t(author ? 'authors.made' : 'authors.unmade', { name: person.name })), onError: notifyError },
    );
  return (
    <Group component="li" justify="space-between" wrap="nowrap" gap="sm" py="xs" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
      <div style={{ minWidth: 0 }}>
        <Text fw={600} translate="no" truncate>
          {person.name}
        </Text>
        {detail && (
          <Text size="sm" c="dimmed" translate="no" truncate>
            {detail}
          </Text>
        )}
      </div>
      <Group gap="xs" wrap="nowrap">
        {person.super_user && (
          <Badge variant="light" color="gray">
            {t('authors.superUser')}
          </Badge>
        )}
        <Switch
          checked={person.author}
          disabled={person.super_user || set.isPending}
          onChange={(e) => toggle(e.currentTarget.checked)}
          aria-label={t('authors.toggle', { name: person.name })}
          size="md"
        />
      </Group>
    </Group>
  );
}

/** /studio: the organization's own lessons: create a draft, upload its video (resumable), follow its processing, publish. */
export function StudioPage() {
  const { t } = useTranslation('studio');
  const [search, setSearch, searched] = useTypedSearch();
  const [sort, setSort] = useState<StudioLessonsSort>('newest');
  // The page asked for belongs to one search and order: another one starts at the first page.
  const [paging, setPaging] = useState({ key: '', skip: 0 });
  const key = `${sort}\n${searched}`;
  const skip = paging.key === key ? paging.skip : 0;
  const lessons = useStudioLessons({ q: searched, sort, skip });
  const data = lessons.data;
  const emptied = data && !lessons.isPlaceholderData ? skipWithin(skip, data.total, data.take) : skip;
  useEffect(() => {
    // The page's last lesson was deleted (or the list shrank): the last page there is, not an empty one.
    if (emptied !== skip) setPaging({ key, skip: emptied });
  }, [emptied, skip, key]);
  if (!data) return <PageLoader label={t('page.loading')} />;
  const { storage } = data;
  return (
    <AdminPage title={t('page.title')} back={paths.home}>
      <Stack gap="lg">
        <Text c="dimmed">{t('page.intro')}</Text>
        <SimpleGrid cols={{ base: 1, md: data.can_manage_authors ? 2 : 1 }}>
          <StorageMeter storage={storage} />
          {data.can_manage_authors && <AuthorsPanel />}
        </SimpleGrid>
        <NewLessonForm />
        <NewScriptLesson />
        <Group justify="space-between" align="flex-end" gap="sm">
          <div>
            <Title order={2} size="h3">
              {t('page.lessons')}
            </Title>
            <Text size="sm" c="dimmed" aria-live="polite">
              {t('list.count', { count: data.total })}
            </Text>
          </div>
          <Group gap="sm" align="flex-end">
            <TextInput
              label={t('list.search')}
              placeholder={t('list.searchHint')}
              type="search"
              maxLength={100}
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
              leftSection={<IconSearch size={16} aria-hidden />}
              w={260}
            />
            <Select
              label={t('list.sort')}
              data={STUDIO_SORTS.map((value) => ({ value, label: t(`list.sorts.${value}`) }))}
              value={sort}
              onChange={(value) => value && setSort(value as StudioLessonsSort)}
              allowDeselect={false}
              w={200}
            />
          </Group>
        </Group>
        {data.lessons.length === 0 ? (
          <Text>{searched && data.total === 0 ? t('list.noMatch') : t('page.empty')}</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, md: 2 }} aria-busy={lessons.isFetching && lessons.isPlaceholderData}>
            {data.lessons.map((lesson) => (
              <LessonCard key={lesson.id} lesson={lesson} maxSeconds={storage.max_seconds} />
            ))}
          </SimpleGrid>
        )}
        {pageCount(data.total, data.take) > 1 && (
          <Pagination
            total={pageCount(data.total, data.take)}
            value={pageAt(skip, data.take)}
            onChange={(page) => setPaging({ key, skip: skipOf(page, data.take) })}
            aria-label={t('list.pages')}
            getControlProps={(control) => ({ 'aria-label': t(`list.pageControl.${control}`) })}
            getItemProps={(page) => ({ 'aria-label': t('list.page', { page }) })}
          />
        )}
        {data.can_manage_authors && <StudioAuditLog />}
      </Stack>
    </AdminPage>
  );
}

const STUDIO_SORTS: readonly StudioLessonsSort[] = ['newest', 'oldest', 'title'];

function NewLessonForm() {
  const { t } = useTranslation('studio');
  const create = useCreateStudioLesson();
  const [title, setTitle] = useState('');
  const [category, setCategory] = useState('');
  const [description, setDescription] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { title, category, description },
      {
        onSuccess: ({ message }) => {
          if (message) notifySuccess(message);
          setTitle('');
          setDescription('');
        },
        onError: notifyError,
      },
    );
  };
  return (
    <Card withBorder padding="lg" component="form" onSubmit={submit} aria-labelledby="new-lesson-title">
      <Title order={2} size="h3" id="new-lesson-title">
        {t('page.newLesson')}
      </Title>
      <Stack gap="sm" mt="sm">
        <TextInput label={t('page.lessonTitle')} required maxLength={200} value={title} onChange={(e) => setTitle(e.currentTarget.value)} />
        <TextInput label={t('page.category')} required maxLength={100} value={category} onChange={(e) => setCategory(e.currentTarget.value)} />
        <Textarea
          label={t('page.description')}
          autosize
          minRows={2}
          maxLength={5000}
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
        />
        <Group>
          <Button type="submit" loading={create.isPending}>
            {t('page.createDraft')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** The lesson's captions: how many lines, and a WebVTT file to add or replace them. */
function CaptionsControl({ lesson }: { lesson: StudioLesson }) {
  const { t } = useTranslation('studio');
  const save = useSetLessonCaptions();
  const choose = async (file: File | null) => {
    if (!file) return;
    let vtt: string;
    try {
      vtt = await file.text();
    } catch {
      notifyErrorMessage(t('captions.unreadable'));
      return;
    }
    save.mutate({ lessonId: lesson.id, vtt }, { onSuccess: () => notifySuccess(t('captions.saved')), onError: notifyError });
  };
  return (
    <Stack gap={4}>
      <Text size="sm">{lesson.caption_cues > 0 ? t('captions.count', { count: lesson.caption_cues }) : t('captions.none')}</Text>
      <Group>
        <FileButton onChange={(file) => void choose(file)} accept=".vtt,text/vtt">
          {(props) => (
            <Button
              {...props}
              variant="default"
              size="xs"
              loading={save.isPending}
              aria-label={t(lesson.caption_cues > 0 ? 'captions.replaceLabel' : 'captions.addLabel', { title: lesson.title })}
            >
              {t(lesson.caption_cues > 0 ? 'captions.replace' : 'captions.add')}
            </Button>
          )}
        </FileButton>
      </Group>
    </Stack>
  );
}

const STATUS_COLORS: Record<StudioLesson['status'], string> = { draft: 'gray', published: 'green', unpublished: 'orange' };

function LessonCard({ lesson, maxSeconds }: { lesson: StudioLesson; maxSeconds: number }) {
  const { t } = useTranslation('studio');
  const queryClient = useQueryClient();
  const publish = usePublishStudioLesson();
  const [sent, setSent] = useState<number | null>(null);
  const published = lesson.status === 'published';
  // A lesson published once (live or taken back) gets new videos as revisions, through RevisionControl.
  const draft = lesson.status === 'draft';
  const canUpload = draft && sent === null && lesson.media_state !== 'processing';
  const canPublish = draft ? lesson.media_state === 'ready' : lesson.status === 'unpublished';

  const upload = (file: File | null, revision?: { summary: string; requiresRetraining: boolean }) => {
    if (!file) return;
    setSent(0);
    uploadLessonVideo(
      lesson.id,
      file,
      {
        onProgress: setSent,
        onSuccess: () => {
          setSent(null);
          notifySuccess(t('page.uploaded'));
          void queryClient.invalidateQueries({ queryKey: studioKey });
        },
        onError: (message) => {
          setSent(null);
          notifyErrorMessage(message);
          void queryClient.invalidateQueries({ queryKey: studioKey });
        },
      },
      revision,
    );
  };

  return (
    <Card withBorder padding="lg" component="article" aria-label={lesson.title}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Title order={3} size="h4" translate="no">
            {lesson.title}
          </Title>
          <Text size="sm" c="dimmed" translate="no">
            {lesson.category}
          </Text>
        </div>
        <Badge color={STATUS_COLORS[lesson.status]} variant="light" style={{ flexShrink: 0 }}>
          {t(`status.${lesson.status}`)}
        </Badge>
      </Group>
      {lesson.poster_url && (
        <img src={lesson.poster_url} alt={t('page.poster', { title: lesson.title })} style={{ width: '100%', marginTop: 12, borderRadius: 4 }} />
      )}
      <Stack gap="xs" mt="sm">
        <Text size="sm">{sent === null ? t(`media.${lesson.media_state}`) : t('page.uploading')}</Text>
        {sent !== null && <LabelledProgress value={sent} label={t('page.uploadProgress', { title: lesson.title, percent: sent })} animated />}
        {sent === null && lesson.media_state === 'processing' && (
          <LabelledProgress value={lesson.progress} label={t('page.processingProgress', { title: lesson.title, percent: lesson.progress })} animated />
        )}
        {lesson.error && (
          <Alert color="red" title={t('page.notAccepted')}>
            {lesson.error}
          </Alert>
        )}
        <Group>
          {canUpload && (
            <FileButton onChange={upload} accept="video/*">
              {(props) => (
                <Button {...props} variant="default">
                  {lesson.media_state === 'none' ? t('page.upload') : t('page.uploadAnother')}
                </Button>
              )}
            </FileButton>
          )}
          {canPublish && (
            <Button
              loading={publish.isPending}
              onClick={() =>
                publish.mutate(lesson.id, {
                  onSuccess: ({ message }) => message && notifySuccess(message),
                  onError: notifyError,
                })
              }
            >
              {draft ? t('page.publish') : t('manage.publishAgain')}
            </Button>
          )}
        </Group>
        <Group gap="xs" data-testid="lesson-manage">
          <EditLessonButton lesson={lesson} />
          <EditScriptButton lesson={lesson} />
          {lesson.from_script && lesson.media_state === 'ready' && <SpanishVersionButton lesson={lesson} />}
          {!draft && <RevisionsButton lesson={lesson} />}
          {published && <UnpublishButton lesson={lesson} />}
          <DeleteLessonButton lesson={lesson} />
        </Group>
        {!draft && sent === null && lesson.media_state !== 'processing' && lesson.media_state !== 'uploading' && (
          <RevisionControl lesson={lesson} onFile={upload} />
        )}
        <CaptionsControl lesson={lesson} />
        <CaptionsEditorButton lesson={lesson} />
        {canUpload && (
          <Text size="xs" c="dimmed">
            {t('page.limit', { minutes: Math.round(maxSeconds / 60) })}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

/**
 * A published lesson's new video: the author says what changed and whether it requires retraining, then chooses the
 * file. The live revision plays for the members until the new one is ready.
 */
function RevisionControl({
  lesson,
  onFile,
}: {
  lesson: StudioLesson;
  onFile: (file: File | null, revision: { summary: string; requiresRetraining: boolean }) => void;
}) {
  const { t } = useTranslation('studio');
  const [summary, setSummary] = useState('');
  const [requiresRetraining, setRequiresRetraining] = useState(false);
  const pending = lesson.pending_revision;
  return (
    <Stack gap={6} component="fieldset" p="sm" style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 4 }}>
      <Text component="legend" fw={600} size="sm" px={4}>
        {t('revision.heading')}
      </Text>
      <Text size="xs" c="dimmed">
        {t('revision.intro', { revision: lesson.revision })}
      </Text>
      {pending && lesson.media_state === 'failed' && (
        <Text size="xs">
          {t(pending.requires_retraining ? 'revision.pendingRetraining' : 'revision.pending', { revision: lesson.revision + 1, summary: pending.summary })}
        </Text>
      )}
      <TextInput
        label={t('revision.summary')}
        description={t('revision.summaryHint')}
        maxLength={500}
        value={summary}
        onChange={(e) => setSummary(e.currentTarget.value)}
      />
      <Switch label={t('revision.retraining')} checked={requiresRetraining} onChange={(e) => setRequiresRetraining(e.currentTarget.checked)} />
      <Group>
        <FileButton
          onChange={(file) => (summary.trim() ? onFile(file, { summary: summary.trim(), requiresRetraining }) : notifyErrorMessage(t('revision.needSummary')))}
          accept="video/*"
        >
          {(props) => (
            <Button {...props} variant="default" size="xs" aria-label={t('revision.uploadLabel', { title: lesson.title })}>
              {t('revision.upload')}
            </Button>
          )}
        </FileButton>
      </Group>
    </Stack>
  );
}
