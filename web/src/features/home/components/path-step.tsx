import { Anchor, Badge, Box, Button, Group, Progress, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { CERTIFICATE_MESSAGES, countOf, type LearningPathCategory } from '@mm/contract';
import { IconCircleCheckFilled, IconLock } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { ChallengeButton } from '../../../components/challenge-button.tsx';
import { categoryPath, paths, videoPath } from '../../../config/paths.ts';
import { formatDuration } from '../../../lib/duration.ts';
import { continueLabel } from '../../../lib/playback-position.ts';

type PathStepProps = { category: LearningPathCategory; position: number; userId: number };

// The tooltips open on hover, keyboard focus and touch alike, so every visitor can read them.
const tooltipProps = { multiline: true, w: 280, withArrow: true, events: { hover: true, focus: true, touch: true } } as const;

/**
 * One numbered step of the learning path. A locked step keeps only its artwork dimmed to 15% (member spec,
 * section 2): its name, its lock and the spec's tooltip stay readable, and it leads nowhere.
 */
export function PathStep({ category, position, userId }: PathStepProps) {
  const navigate = useNavigate();
  const locked = !category.available;
  const completed = category.state === 'completed';
  // A video left part-way is offered from where it stopped, even before any video of the category counts as watched.
  const resumeLabel = continueLabel(category.last_video_resume_seconds);
  const nameId = `path-step-${category.category_id}`;

  return (
    <Box component="li" className="mm-path-step" data-testid="category-card" data-state={category.state} data-locked={locked || undefined}>
      <span className="mm-path-step__number" aria-hidden>
        {completed ? <IconCircleCheckFilled size={30} /> : position}
      </span>
      <Box className="mm-path-step__art" aria-hidden>
        {category.picture && <img src={category.picture} alt="" loading="lazy" />}
      </Box>
      <Box className="mm-path-step__body">
        <Group gap={6} wrap="nowrap" align="baseline">
          {locked ? (
            <Text id={nameId} fw={700} lineClamp={2}>
              {category.name}
            </Text>
          ) : (
            <Tooltip label={CERTIFICATE_MESSAGES.categoryAvailable} {...tooltipProps}>
              <Anchor id={nameId} component={Link} to={categoryPath(category.category_id)} className="mm-path-step__name" fw={700} lineClamp={2}>
                {category.name}
              </Anchor>
            </Tooltip>
          )}
        </Group>
        <Group gap="xs" mt={2} wrap="wrap">
          <Badge size="sm" variant={category.essential === 1 ? 'filled' : 'outline'} color={category.essential === 1 ? 'red.9' : 'gray.7'}>
            {category.essential_label}
          </Badge>
          <Text size="sm" c="gray.7">
            {countOf(category.videos_count, 'video')} · {formatDuration(category.total_seconds, { inList: true })}
          </Text>
        </Group>
        <Group gap="xs" mt={6} wrap="nowrap">
          <Progress value={category.progress} aria-label={`${category.name} progress`} style={{ flex: 1 }} size="sm" />
          <Text size="xs" c="gray.7" miw={96} ta="right">
            {category.progress}% completed
          </Text>
        </Group>
      </Box>
      <Group className="mm-path-step__action" gap="xs" justify="flex-end">
        {locked ? (
          <Tooltip label={CERTIFICATE_MESSAGES.categoryLocked} {...tooltipProps}>
            <UnstyledButton className="mm-path-step__lock" aria-label={`${category.name}: locked. ${CERTIFICATE_MESSAGES.categoryLocked}`}>
              <IconLock size={16} aria-hidden />
              <span>Locked</span>
            </UnstyledButton>
          </Tooltip>
        ) : completed ? (
          <>
            <Text fw={700} c="teal.9" size="sm">
              Certificate Awarded!
            </Text>
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
          </>
        ) : (
          <Button
            size="xs"
            aria-describedby={nameId}
            onClick={() =>
              navigate(
                (category.state === 'in_progress' || resumeLabel) && category.last_video_id
                  ? videoPath(category.last_video_id)
                  : categoryPath(category.category_id),
              )
            }
          >
            {resumeLabel ?? (category.state === 'not_started' ? 'Start course' : 'Continue learning')}
          </Button>
        )}
      </Group>
    </Box>
  );
}
