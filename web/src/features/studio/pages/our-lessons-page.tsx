import { Button, Card, Container, Image, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader.tsx';
import { InlineVideo } from '../../../components/video-player/inline-video.tsx';
import { formatClock } from '../../../lib/playback-position.ts';
import { useLibraryLesson } from '../api/get-library-lesson.ts';
import { useLibraryLessons } from '../api/get-library-lessons.ts';

/** /our-lessons: the lessons the member's own organization made and published (the studio), searched and played here. */
export function OurLessonsPage() {
  const [q, setQ] = useState('');
  // A search result opens /our-lessons?play=<id>&t=<second of the caption that matched>.
  const [params] = useSearchParams();
  const asked = Number(params.get('play'));
  const [playing, setPlaying] = useState<number | null>(Number.isSafeInteger(asked) && asked > 0 ? asked : null);
  const startAt = playing === asked ? Number(params.get('t')) || undefined : undefined;
  const lessons = useLibraryLessons(q.trim());
  const lesson = useLibraryLesson(playing);
  return (
    <Container size="lg" py="xl">
      <Title order={1}>Our lessons</Title>
      <Text c="dimmed" mt={4}>
        Lessons your organization made for its own people.
      </Text>
      <TextInput label="Search our lessons" type="search" mt="md" maxLength={100} value={q} onChange={(e) => setQ(e.currentTarget.value)} />
      {lesson.data && (
        <Card withBorder padding="lg" mt="lg" component="section" aria-label={`Playing: ${lesson.data.title}`}>
          <Title order={2} size="h3" mb="sm">
            {lesson.data.title}
          </Title>
          <InlineVideo key={lesson.data.id} src={lesson.data.stream_url} testId="our-lesson-video" startAt={startAt} />
          {lesson.data.description && <Text mt="sm">{lesson.data.description}</Text>}
        </Card>
      )}
      {lessons.error ? (
        <Text mt="lg">{lessons.error.message}</Text>
      ) : !lessons.data ? (
        <PageLoader label="Loading our lessons" />
      ) : lessons.data.length === 0 ? (
        <Text mt="lg">{q.trim() ? 'No lesson of your organization holds these words.' : 'Your organization has not published a lesson yet.'}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} mt="lg">
          {lessons.data.map((item) => (
            <Card key={item.id} withBorder padding="md" component="article" aria-label={item.title}>
              <Card.Section>
                <Image src={item.poster_url} alt="" h={160} fit="cover" />
              </Card.Section>
              <Stack gap={4} mt="sm">
                <Title order={2} size="h4">
                  {item.title}
                </Title>
                <Text size="sm" c="dimmed">
                  {item.category} · {formatClock(item.duration_seconds)}
                </Text>
                <Button variant="light" mt="xs" onClick={() => setPlaying(item.id)} aria-label={`Play ${item.title}`}>
                  Play
                </Button>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </Container>
  );
}
