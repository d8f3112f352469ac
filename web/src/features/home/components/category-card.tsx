import { Badge, Button, Card, Group, Image, Progress, Stack, Text, Tooltip } from '@mantine/core';
import { CERTIFICATE_MESSAGES, type LearningPathCategory } from '@mm/contract';
import { Link, useNavigate } from 'react-router';
import { categoryPath, paths, videoPath } from '../../../config/paths.ts';
import { formatDuration } from '../../../lib/duration.ts';
import { ChallengeButton } from '../../catalog/challenge-button.tsx';

type CategoryCardProps = { category: LearningPathCategory; userId: number };

/** One category of the path: locked cards are dimmed to 15% and lead nowhere (member spec, section 2). */
export function CategoryCard({ category, userId }: CategoryCardProps) {
  const navigate = useNavigate();
  const locked = !category.available;
  const completed = category.state === 'completed';

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
                <ChallengeButton
                  size="xs"
                  variant="outline"
                  userId={userId}
                  categoryId={category.category_id}
                  categoryName={category.name}
                  link={category.challenge}
                >
                  Go to challenge
                </ChallengeButton>
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
