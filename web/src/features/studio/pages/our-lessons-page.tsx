import { Alert, Box, Button, Card, Container, Group, Image, Pagination, SegmentedControl, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { type CaptionTrack, STUDIO_LESSONS_PAGE } from '@mm/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader.tsx';
import { FullScreenPlayer } from '../../../components/video-player/full-screen-player.tsx';
import { paths } from '../../../config/paths.ts';
import { activeLocale } from '../../../lib/i18n.ts';
import { formatClock } from '../../../lib/playback-position.ts';
import { useLibraryLesson } from '../api/get-library-lesson.ts';
import { useLibraryLessons } from '../api/get-library-lessons.ts';
import { useLessonWatchReports } from '../api/report-lesson-watch.ts';
import { pageAt, pageCount, skipOf } from '../lib/studio-list.ts';
import '../../../components/video-player/framed-player.css';

/**
 * The captions an own lesson opens with: the app language's track when it has one (a machine translation too: its
 * label says so), else its first; plants are loud, so never off when there are captions.
 */
function openingTrack(tracks: CaptionTrack[], locale: string): string {
  return (tracks.find((track) => track.lang === locale) ?? tracks[0])?.lang ?? 'off';
}

/** /our-lessons: the lessons the member's own organization made and published (the studio), searched and played here. */
export function OurLessonsPage() {
  const { t } = useTranslation('studio');
  const [q, setQ] = useState('');
  // The page asked for belongs to one search: another search starts at the first page.
  const [paging, setPaging] = useState({ q: '', skip: 0 });
  // A search result opens /our-lessons?play=<id>&t=<second of the caption that matched>&lang=<the version it is in>.
  const [params] = useSearchParams();
  const asked = Number(params.get('play'));
  const [playing, setPlaying] = useState<number | null>(Number.isSafeInteger(asked) && asked > 0 ? asked : null);
  const startAt = playing === asked ? Number(params.get('t')) || undefined : undefined;
  const skip = paging.q === q.trim() ? paging.skip : 0;
  const lessons = useLibraryLessons(q.trim(), skip);
  // The narrated version chosen (a script lesson's Spanish one, or its English one); the member's language's until switched.
  const askedLang = params.get('lang');
  const [version, setVersion] = useState<{ lessonId: number; lang: 'en' | 'es' } | null>(
    playing !== null && (askedLang === 'en' || askedLang === 'es') ? { lessonId: playing, lang: askedLang } : null,
  );
  const lesson = useLibraryLesson(playing, version?.lessonId === playing ? version.lang : undefined);
  const reportPlayback = useLessonWatchReports(lesson.data?.id ?? null);
  return (
    <Container size="lg" py="xl">
      <Title order={1}>{t('shelf.heading')}</Title>
      <Text c="dimmed" mt={4}>
        {t('shelf.intro')}
      </Text>
      <TextInput label={t('library.search')} type="search" mt="md" maxLength={100} value={q} onChange={(e) => setQ(e.currentTarget.value)} />
      {/* A lesson unpublished or deleted since its link was shared, or never one of the organization's. */}
      {lesson.isError && (
        <Alert color="yellow" mt="lg" role="status">
          {t('library.gone')}
        </Alert>
      )}
      {lesson.data && (
        // On a phone the player takes the card's whole width: its controls (captions, transcript, quality, speed) need it.
        <Card withBorder p={{ base: 0, sm: 'lg' }} mt="lg" component="section" aria-label={t('library.playing', { title: lesson.data.title })}>
          {/* The platform's player, framed in the page as on a shared video's page: the lesson's captions (in the
              member's language when there are some, shown at start: plants are loud), the transcript, quality and speed menus. */}
          <Box className="mm-framed-player" data-testid="our-lesson-player">
            <FullScreenPlayer
              key={`${lesson.data.id}-${lesson.data.lang}`}
              title={lesson.data.title}
              headingLevel={2}
              src={lesson.data.stream_url}
              poster={lesson.data.poster_url}
              fallbackPath={paths.ourLessons}
              startAt={startAt}
              captions={lesson.data.captions}
              initialCaptionLang={openingTrack(lesson.data.captions, activeLocale())}
              onPlaybackChange={reportPlayback}
            />
          </Box>
          {lesson.data.versions.length > 1 && (
            <Group gap="xs" mt="sm" px={{ base: 'sm', sm: 0 }}>
              <Text size="sm" id="lesson-version-label">
                {t('library.version')}
              </Text>
              <SegmentedControl
                size="xs"
                aria-labelledby="lesson-version-label"
                value={lesson.data.lang}
                onChange={(lang) => setVersion({ lessonId: lesson.data.id, lang: lang === 'es' ? 'es' : 'en' })}
                data={lesson.data.versions.map((lang) => ({ value: lang, label: t(`library.versions.${lang}`) }))}
              />
            </Group>
          )}
          {lesson.data.description && (
            <Text mt="sm" px={{ base: 'sm', sm: 0 }} pb={{ base: 'sm', sm: 0 }}>
              {lesson.data.description}
            </Text>
          )}
        </Card>
      )}
      {lessons.error ? (
        <Text mt="lg">{lessons.error.message}</Text>
      ) : !lessons.data ? (
        <PageLoader label={t('library.loading')} />
      ) : lessons.data.lessons.length === 0 ? (
        <Text mt="lg">{q.trim() ? t('library.noMatch') : t('library.none')}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} mt="lg">
          {lessons.data.lessons.map((item) => (
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
                <Button variant="light" mt="xs" onClick={() => setPlaying(item.id)} aria-label={t('library.playLabel', { title: item.title })}>
                  {t('library.play')}
                </Button>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}
      {lessons.data && pageCount(lessons.data.total, lessons.data.take) > 1 && (
        <Pagination
          mt="lg"
          total={pageCount(lessons.data.total, lessons.data.take)}
          value={pageAt(skip, lessons.data.take)}
          onChange={(page) => setPaging({ q: q.trim(), skip: skipOf(page, lessons.data?.take ?? STUDIO_LESSONS_PAGE) })}
          aria-label={t('list.pages')}
          getControlProps={(control) => ({ 'aria-label': t(`list.pageControl.${control}`) })}
          getItemProps={(page) => ({ 'aria-label': t('list.page', { page }) })}
        />
      )}
    </Container>
  );
}
