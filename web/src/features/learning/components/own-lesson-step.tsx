import { Anchor, Badge, Box, Button, Group, Progress, Text } from '@mantine/core';
import type { MemberPathOwnLesson } from '@mm/contract';
import { IconCircleCheckFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ourLessonPath } from '../../../config/paths.ts';
import { formatDuration } from '../../../lib/duration.ts';

/** A step of the learning path that is one of the organization's own lessons (the studio's): played at /our-lessons. */
export function OwnLessonStep({ lesson, position }: { lesson: MemberPathOwnLesson; position: number }) {
  const { t } = useTranslation('home');
  const nameId = `path-lesson-${lesson.lesson_id}`;
  return (
    <Box
      component="li"
      className="mm-path-step"
      data-testid="own-lesson-step"
      data-state={lesson.watched ? 'completed' : lesson.progress > 0 ? 'in_progress' : 'not_started'}
    >
      <span className="mm-path-step__number" aria-hidden>
        {lesson.watched ? <IconCircleCheckFilled size={30} /> : position}
      </span>
      <Box className="mm-path-step__art" aria-hidden>
        <img src={lesson.poster_url} alt="" loading="lazy" />
      </Box>
      <Box className="mm-path-step__body">
        <Anchor id={nameId} component={Link} to={ourLessonPath(lesson.lesson_id)} className="mm-path-step__name" fw={700} lineClamp={2} translate="no">
          {lesson.title}
        </Anchor>
        <Group gap="xs" mt={2} wrap="wrap">
          <Badge size="sm" variant="outline" color="blue.9">
            {t('path.ownLesson')}
          </Badge>
          <Text size="sm" c="gray.7">
            {formatDuration(lesson.duration_seconds, { inList: true })}
          </Text>
        </Group>
        <Group gap="xs" mt={6} wrap="nowrap">
          <Progress value={lesson.progress} aria-label={t('path.progress', { name: lesson.title })} style={{ flex: 1 }} size="sm" />
          <Text size="xs" c="gray.7" miw={96} ta="right">
            {t('path.completed', { progress: lesson.progress })}
          </Text>
        </Group>
      </Box>
      <Group className="mm-path-step__action" gap="xs" justify="flex-end">
        <Button size="xs" variant={lesson.watched ? 'light' : 'filled'} aria-describedby={nameId} component={Link} to={ourLessonPath(lesson.lesson_id)}>
          {lesson.watched ? t('path.watchAgain') : lesson.progress > 0 ? t('path.continue') : t('path.play')}
        </Button>
      </Group>
    </Box>
  );
}
