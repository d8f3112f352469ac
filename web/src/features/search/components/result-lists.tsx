import { Anchor, Avatar, Card, Group, Image, SimpleGrid, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { CategoryHit, CueHit, ExpertHit, OwnLessonHit, SubCategoryHit, VideoHit } from '@mm/contract';
import { IconPlayerPlayFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { categoryPath, expertPath, ourLessonPath, subCategoryPath, videoAtPath, videoPath } from '../../../config/paths.ts';
import { formatDuration } from '../../../lib/duration.ts';
import { initialsOf } from '../../../lib/initials.ts';
import { formatClock } from '../../../lib/playback-position.ts';
import { HighlightedSnippet } from './highlighted-snippet.tsx';

export function VideoResults({ items }: { items: VideoHit[] }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" component="ul" className="search-list">
      {items.map((video) => (
        <li key={video.admin_video_id}>
          <Card withBorder radius="md" padding="sm" h="100%">
            <Card.Section>
              {video.default_image ? <Image src={video.default_image} alt="" h={140} fit="cover" /> : <div className="search-poster-placeholder" aria-hidden />}
            </Card.Section>
            <Stack gap={4} mt="sm">
              <Anchor component={Link} to={videoPath(video.admin_video_id)} fw={600} translate="no">
                {video.title}
              </Anchor>
              <Text size="xs" c="dimmed">
                <span translate="no">{video.category_name}</span> · {formatDuration(video.duration, { inList: true })}
              </Text>
              <HighlightedSnippet snippet={video.snippet} lineClamp={3} />
            </Stack>
          </Card>
        </li>
      ))}
    </SimpleGrid>
  );
}

/** The member's own organization's lessons (the studio): each opens and plays, from the caption's moment when one matched. */
export function OwnLessonResults({ items }: { items: OwnLessonHit[] }) {
  const { t } = useTranslation('studio');
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" component="ul" className="search-list">
      {items.map((lesson) => (
        <li key={lesson.lesson_id}>
          <Card withBorder radius="md" padding="sm" h="100%">
            <Card.Section>
              <Image src={lesson.poster_url} alt="" h={140} fit="cover" />
            </Card.Section>
            <Stack gap={4} mt="sm">
              <Anchor
                component={Link}
                to={ourLessonPath(lesson.lesson_id, lesson.start_seconds, lesson.start_seconds === null ? undefined : lesson.lang)}
                fw={600}
                translate="no"
              >
                {lesson.title}
                {lesson.start_seconds !== null && <VisuallyHidden> {t('search.at', { time: formatClock(lesson.start_seconds) })}</VisuallyHidden>}
              </Anchor>
              <Text size="xs" c="dimmed" translate="no">
                {lesson.category} · {formatDuration(lesson.duration, { inList: true })}
              </Text>
              {lesson.start_seconds !== null && (
                <Group gap={4} wrap="nowrap">
                  <IconPlayerPlayFilled size={12} aria-hidden />
                  <Text size="xs" fw={700}>
                    {t('search.said', { time: formatClock(lesson.start_seconds) })}
                  </Text>
                </Group>
              )}
              <HighlightedSnippet snippet={lesson.snippet} lineClamp={3} />
            </Stack>
          </Card>
        </li>
      ))}
    </SimpleGrid>
  );
}

/** Moments in transcripts: each opens the video at the cue's second. */
export function CueResults({ items }: { items: CueHit[] }) {
  const { t } = useTranslation('search');
  return (
    <Stack gap="xs" component="ul" className="search-list">
      {items.map((cue) => (
        <li key={`${cue.admin_video_id}-${cue.lang}-${cue.start_seconds}-${cue.snippet.map((s) => s.text).join('')}`}>
          <UnstyledButton component={Link} to={videoAtPath(cue.admin_video_id, cue.start_seconds)} className="search-cue">
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <Group gap={4} wrap="nowrap" className="search-cue-time">
                <IconPlayerPlayFilled size={14} aria-hidden />
                <Text size="sm" fw={700} ff="monospace">
                  {formatClock(cue.start_seconds)}
                </Text>
              </Group>
              <Stack gap={2}>
                <Text size="sm" fw={600}>
                  <span translate="no">{cue.video_title}</span>
                  <VisuallyHidden>{t('atTime', { time: formatClock(cue.start_seconds) })}</VisuallyHidden>
                </Text>
                <HighlightedSnippet snippet={cue.snippet} />
              </Stack>
            </Group>
          </UnstyledButton>
        </li>
      ))}
    </Stack>
  );
}

export function CategoryResults({ items }: { items: CategoryHit[] }) {
  return (
    <Group gap="sm" component="ul" className="search-list">
      {items.map((category) => (
        <li key={category.category_id}>
          <Card withBorder radius="md" padding="xs" component={Link} to={categoryPath(category.category_id)} className="search-chip">
            <Group gap="sm" wrap="nowrap">
              <Avatar src={category.picture} alt="" radius="sm" size="md" />
              <Text fw={600} translate="no">
                {category.name}
              </Text>
            </Group>
          </Card>
        </li>
      ))}
    </Group>
  );
}

export function SubCategoryResults({ items }: { items: SubCategoryHit[] }) {
  const { t } = useTranslation('search');
  return (
    <Group gap="sm" component="ul" className="search-list">
      {items.map((sub) => (
        <li key={sub.sub_category_id}>
          <Card withBorder radius="md" padding="xs" component={Link} to={subCategoryPath(sub.sub_category_id, sub.name)} className="search-chip">
            <Text fw={600} translate="no">
              {sub.name}
            </Text>
            <Text size="xs" c="dimmed">
              {t('inCategory', { name: sub.category_name })}
            </Text>
          </Card>
        </li>
      ))}
    </Group>
  );
}

export function ExpertResults({ items }: { items: ExpertHit[] }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" component="ul" className="search-list">
      {items.map((expert) => (
        <li key={expert.cast_crew_id}>
          <Card withBorder radius="md" padding="sm" component={Link} to={expertPath(expert.cast_crew_id)} className="search-chip">
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <Avatar translate="no" src={expert.picture} alt="" radius="xl" name={expert.name} color="initials">
                {initialsOf(expert.name)}
              </Avatar>
              <Stack gap={2}>
                <Text fw={600} translate="no">
                  {expert.name}
                </Text>
                <HighlightedSnippet snippet={expert.snippet} lineClamp={2} />
              </Stack>
            </Group>
          </Card>
        </li>
      ))}
    </SimpleGrid>
  );
}
