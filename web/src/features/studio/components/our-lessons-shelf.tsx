import { Anchor, Card, Group, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ourLessonPath, paths } from '../../../config/paths.ts';
import { formatClock } from '../../../lib/playback-position.ts';
import { useSession } from '../../../lib/session.ts';
import { useLibraryLessons } from '../api/get-library-lessons.ts';

const SHOWN = 4;

/**
 * Home's "Our lessons": the organization's newest published lessons, for its members only (the guest and callers
 * without an organization never ask); nothing at all while the organization has published none.
 */
export function OurLessonsShelf() {
  const session = useSession();
  const member = session !== null && !session.isGuestUser && session.organizationId !== null;
  return member ? <Shelf /> : null;
}

function Shelf() {
  const { t } = useTranslation('studio');
  const lessons = useLibraryLessons('', 0, SHOWN);
  if (!lessons.data || lessons.data.lessons.length === 0) return null;
  return (
    <Stack component="section" aria-labelledby="our-lessons-heading" gap="sm">
      <Group justify="space-between" align="baseline" gap="xs">
        <div>
          <Title order={2} size="h3" id="our-lessons-heading">
            {t('shelf.heading')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('shelf.intro')}
          </Text>
        </div>
        <Anchor component={Link} to={paths.ourLessons} fw={600}>
          {t('shelf.seeAll')}
        </Anchor>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
        {lessons.data.lessons.map((lesson) => (
          <Card key={lesson.id} withBorder radius="md" padding="sm" component="article" aria-labelledby={`our-lesson-${lesson.id}`}>
            <Card.Section>
              <Image src={lesson.poster_url} alt="" h={120} fit="cover" />
            </Card.Section>
            <Stack gap={2} mt="xs">
              <Anchor component={Link} to={ourLessonPath(lesson.id)} fw={600} id={`our-lesson-${lesson.id}`} translate="no">
                {lesson.title}
              </Anchor>
              <Text size="xs" c="dimmed" translate="no">
                {lesson.category} · {formatClock(lesson.duration_seconds)}
              </Text>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
