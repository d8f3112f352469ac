import { Alert, Badge, Button, Card, FileButton, Group, Progress, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import type { StudioLesson } from '@mm/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { AdminPage } from '../../../components/admin-page.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { paths } from '../../../config/paths.ts';
import { notifyError, notifyErrorMessage, notifySuccess } from '../../../lib/notify.ts';
import { useCreateStudioLesson } from '../api/create-studio-lesson.ts';
import { useStudioLessons } from '../api/get-studio-lessons.ts';
import { usePublishStudioLesson } from '../api/publish-studio-lesson.ts';
import { studioKey } from '../api/studio-keys.ts';
import { uploadLessonVideo } from '../api/upload-lesson-video.ts';

const megabytes = (bytes: number) => {
  const mb = bytes / 1024 / 1024;
  return `${mb < 10 ? mb.toFixed(1) : Math.round(mb)} MB`;
};

const MEDIA_WORDS: Record<StudioLesson['media_state'], string> = {
  none: 'No video yet',
  uploading: 'Upload not finished',
  processing: 'Processing the video',
  ready: 'Video ready',
  failed: 'Video refused',
};

/** A progress bar with its name on the element that carries role="progressbar" (Mantine's section). */
function LabelledProgress({ value, label, animated = false }: { value: number; label: string; animated?: boolean }) {
  return (
    <Progress.Root mt={4}>
      <Progress.Section value={value} aria-label={label} animated={animated} />
    </Progress.Root>
  );
}

/** /studio: the organization's own lessons: create a draft, upload its video (resumable), follow its processing, publish. */
export function StudioPage() {
  const lessons = useStudioLessons();
  if (!lessons.data) return <PageLoader label="Loading the studio" />;
  const { storage } = lessons.data;
  const usedPercent = Math.min(100, Math.round((storage.used_bytes / storage.quota_bytes) * 100));
  return (
    <AdminPage title="Studio" back={paths.home}>
      <Stack gap="lg">
        <Text c="dimmed">Your organization's own lessons. Only its members see them, and only once you publish them.</Text>
        <div>
          <Text size="sm" id="storage-label">
            Storage: {megabytes(storage.used_bytes)} of {megabytes(storage.quota_bytes)} used
          </Text>
          <LabelledProgress value={usedPercent} label={`Storage used: ${usedPercent}%`} />
        </div>
        <NewLessonForm />
        <Title order={2} size="h3">
          Lessons
        </Title>
        {lessons.data.lessons.length === 0 ? (
          <Text>No lessons yet: create the first one above.</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            {lessons.data.lessons.map((lesson) => (
              <LessonCard key={lesson.id} lesson={lesson} maxSeconds={storage.max_seconds} />
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </AdminPage>
  );
}

function NewLessonForm() {
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
        New lesson
      </Title>
      <Stack gap="sm" mt="sm">
        <TextInput label="Title" required maxLength={200} value={title} onChange={(e) => setTitle(e.currentTarget.value)} />
        <TextInput label="Category" required maxLength={100} value={category} onChange={(e) => setCategory(e.currentTarget.value)} />
        <Textarea label="Description" autosize minRows={2} maxLength={5000} value={description} onChange={(e) => setDescription(e.currentTarget.value)} />
        <Group>
          <Button type="submit" loading={create.isPending}>
            Create draft
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function LessonCard({ lesson, maxSeconds }: { lesson: StudioLesson; maxSeconds: number }) {
  const queryClient = useQueryClient();
  const publish = usePublishStudioLesson();
  const [sent, setSent] = useState<number | null>(null);
  const published = lesson.status === 'published';
  const canUpload = !published && sent === null && lesson.media_state !== 'processing';

  const upload = (file: File | null) => {
    if (!file) return;
    setSent(0);
    uploadLessonVideo(lesson.id, file, {
      onProgress: setSent,
      onSuccess: () => {
        setSent(null);
        notifySuccess('The video is uploaded: it is being processed.');
        void queryClient.invalidateQueries({ queryKey: studioKey });
      },
      onError: (message) => {
        setSent(null);
        notifyErrorMessage(message);
        void queryClient.invalidateQueries({ queryKey: studioKey });
      },
    });
  };

  return (
    <Card withBorder padding="lg" component="article" aria-label={lesson.title}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Title order={3} size="h4">
            {lesson.title}
          </Title>
          <Text size="sm" c="dimmed">
            {lesson.category}
          </Text>
        </div>
        <Badge color={published ? 'green' : 'gray'} variant="light">
          {published ? 'Published' : 'Draft'}
        </Badge>
      </Group>
      {lesson.poster_url && <img src={lesson.poster_url} alt={`Poster of ${lesson.title}`} style={{ width: '100%', marginTop: 12, borderRadius: 4 }} />}
      <Stack gap="xs" mt="sm">
        <Text size="sm">{sent === null ? MEDIA_WORDS[lesson.media_state] : 'Uploading the video'}</Text>
        {sent !== null && <LabelledProgress value={sent} label={`Upload of ${lesson.title}: ${sent}%`} animated />}
        {sent === null && lesson.media_state === 'processing' && (
          <LabelledProgress value={lesson.progress} label={`Processing of ${lesson.title}: ${lesson.progress}%`} animated />
        )}
        {lesson.error && (
          <Alert color="red" title="The video was not accepted">
            {lesson.error}
          </Alert>
        )}
        <Group>
          {canUpload && (
            <FileButton onChange={upload} accept="video/*">
              {(props) => (
                <Button {...props} variant="default">
                  {lesson.media_state === 'none' ? 'Upload video' : 'Upload another video'}
                </Button>
              )}
            </FileButton>
          )}
          {!published && lesson.media_state === 'ready' && (
            <Button
              loading={publish.isPending}
              onClick={() =>
                publish.mutate(lesson.id, {
                  onSuccess: ({ message }) => message && notifySuccess(message),
                  onError: notifyError,
                })
              }
            >
              Publish
            </Button>
          )}
        </Group>
        {canUpload && (
          <Text size="xs" c="dimmed">
            A video of at most {Math.round(maxSeconds / 60)} minutes; an interrupted upload resumes where it stopped when you choose the file again.
          </Text>
        )}
      </Stack>
    </Card>
  );
}
