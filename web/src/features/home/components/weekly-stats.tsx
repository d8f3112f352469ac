import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { LearningPathHomeData, UserActivityData } from '@mm/contract';
import { countOf } from '@mm/contract';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { rankingSentence } from '../ranking-sentence.ts';

export function WeeklyStats({ activity, leaderPoints }: { activity: UserActivityData; leaderPoints: number | undefined }) {
  return (
    <Card withBorder radius="md" padding="md" aria-label="Weekly activity">
      <Stack gap={6}>
        <Title order={2} size="h4">
          This week
        </Title>
        <Text size="sm">
          <b>{countOf(activity.videosLastWeek, 'video')}</b> watched this week
        </Text>
        <Text size="sm">
          <b>{countOf(activity.countSequenceDayWatch, 'day')}</b> in a row watching
        </Text>
        <Text size="sm" data-testid="ranking-sentence">
          {rankingSentence({ ...activity.rankingUser, leaderPoints })}
        </Text>
        <Text size="sm">
          You have {activity.certifications} of {activity.certificationsAvailable} certificates available in your path
        </Text>
      </Stack>
    </Card>
  );
}

/** `heading`: false in the phone's drawer, whose title already says "Certificates". */
export function CertificatesStrip({ path, heading = true }: { path: LearningPathHomeData; heading?: boolean }) {
  return (
    <Card withBorder radius="md" padding="md" aria-label="Certificates">
      <Stack gap="xs">
        {heading && (
          <Title order={2} size="h4">
            Certificates
          </Title>
        )}
        {path.categories.map((c) =>
          c.certificate_date ? (
            <Text key={c.category_id} size="sm" component={Link} to={paths.achievements} c="teal.9">
              ✔ {c.name}
            </Text>
          ) : (
            <Group key={c.category_id} gap="xs" c="gray.7" style={{ filter: 'grayscale(1)' }}>
              <Text size="sm">{c.name}</Text>
              <Text size="xs">Locked</Text>
            </Group>
          ),
        )}
        <Button variant="light" size="xs" component={Link} to={paths.achievements}>
          View certificates
        </Button>
      </Stack>
    </Card>
  );
}
