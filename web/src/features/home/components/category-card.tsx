import { Badge, Button, Card, Group, Image, Progress, Stack, Text, Tooltip } from '@mantine/core';
import { CERTIFICATE_MESSAGES, type LearningPathCategory } from '@mm/contract';
import { Link, useNavigate } from 'react-router';
import { categoryPath, paths, videoPath } from '../../../config/paths.ts';
import { formatDuration } from '../../../lib/duration.ts';
import { notifyError } from '../../../lib/notify.ts';
import { challengeHref } from '../../catalog/challenge.ts';
import { useRecordChallenge } from '../api/learning.ts';

type CategoryCardProps = { category: LearningPathCategory; userId: number };

/** One category of the path: locked cards are dimmed to 15% and lead nowhere (member spec, section 2). */
export function CategoryCard({ category, userId }: CategoryCardProps) {
  const navigate = useNavigate();
  const challenge = useRecordChallenge();
  const locked = !category.available;
  const completed = category.state === 'completed';

  const openChallenge = () => {
    // The tab is opened synchronously (no pop-up blocker), then pointed at the link once the challenge is recorded.
    const tab = window.open('', '_blank');
    challenge.mutate(
      { userId, categoryId: category.category_id, description: category.name },
      {
        onSuccess: () => {
          const href = challengeHref(category.challenge);
          if (tab) tab.location.href = href;
          else window.open(href, '_blank', 'noopener');
        },
        onError: (error) => {
          tab?.close();
          notifyError(error);
        },
      },
    );
  };

  const body = (
    <Card
      withBorder
      radius="md"
      padding="md"
      data-testid="category-card"
      data-state={category.state}
      aria-disabled={locked || undefined}
      style={{ opacity: locked ? 0.15 : 1, cursor: locked ? 'not-allowed' : undefined }}
    >
      {category.picture && (
        <Card.Section>
          <Image src={category.picture} alt="" h={120} fit="cover" />
        </Card.Section>
      )}
      <Stack gap={6} mt={category.picture ? 'sm' : 0}>
        <Group justify="space-between" wrap="nowrap">
          {locked ? (
            <Text fw={700}>{category.name}</Text>
          ) : (
            <Text fw={700} component={Link} to={categoryPath(category.category_id)}>
              {category.name}
            </Text>
          )}
          <Badge variant="light" color={category.essential === 1 ? 'red' : 'gray'}>
            {category.essential_label}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {category.videos_count} {category.videos_count === 1 ? 'video' : 'videos'} · {formatDuration(category.total_seconds, { inList: true })}
        </Text>
        <Progress value={category.progress} aria-label={`${category.name} progress`} />
        <Text size="xs" c="dimmed">
          {category.progress}% completed
        </Text>
        {!locked &&
          (completed ? (
            <Stack gap={6}>
              <Text fw={700} c="green">
                Certificate Awarded!
              </Text>
              <Group gap="xs">
                <Button size="xs" variant="light" component={Link} to={paths.achievements}>
                  See Certificate
                </Button>
                <Button
                  size="xs"
                  variant="outline"
                  disabled={!category.challenge || challenge.isPending}
                  style={category.challenge ? undefined : { opacity: 0.5 }}
                  onClick={openChallenge}
                >
                  Go to challenge
                </Button>
              </Group>
            </Stack>
          ) : (
            <Button
              size="xs"
              onClick={() =>
                navigate(category.state === 'in_progress' && category.last_video_id ? videoPath(category.last_video_id) : categoryPath(category.category_id))
              }
            >
              {category.state === 'not_started' ? 'Start course' : 'Continue learning'}
            </Button>
          ))}
      </Stack>
    </Card>
  );

  return (
    <Tooltip label={locked ? CERTIFICATE_MESSAGES.categoryLocked : CERTIFICATE_MESSAGES.categoryAvailable} multiline w={280} withArrow>
      <div>{body}</div>
    </Tooltip>
  );
}
