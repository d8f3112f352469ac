import { Anchor, Badge, Box, Button, Group, Progress, Text, Tooltip, UnstyledButton } from '@mantine/core';
import type { LearningPathCategory } from '@mm/contract';
import { IconCircleCheckFilled, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ChallengeButton } from '../../../components/challenge-button.tsx';
import { categoryPath, paths, takeCategoryCheckPath, videoPath } from '../../../config/paths.ts';
import { formatDuration } from '../../../lib/duration.ts';
import { formatClock } from '../../../lib/playback-position.ts';

type PathStepProps = { category: LearningPathCategory; position: number; userId: number };

// The tooltips open on hover, keyboard focus and touch alike, so every visitor can read them.
const tooltipProps = { multiline: true, w: 280, withArrow: true, events: { hover: true, focus: true, touch: true } } as const;

/**
 * One numbered step of the learning path. A locked step keeps only its artwork dimmed to 15% (member spec,
 * section 2): its name, its lock and the spec's tooltip stay readable, and it leads nowhere.
 */
export function PathStep({ category, position, userId }: PathStepProps) {
  const navigate = useNavigate();
  const { t } = useTranslation('home');
  const locked = !category.available;
  const completed = category.state === 'completed';
  // A video left part-way is offered from where it stopped, even before any video of the category counts as watched.
  const resumeLabel = category.last_video_resume_seconds > 0 ? t('path.continueAt', { time: formatClock(category.last_video_resume_seconds) }) : null;
  const lockedReason = t('path.lockedReason');
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
            <Text id={nameId} fw={700} lineClamp={2} translate="no">
              {category.name}
            </Text>
          ) : (
            <Tooltip label={t('path.available')} {...tooltipProps}>
              <Anchor id={nameId} component={Link} to={categoryPath(category.category_id)} className="mm-path-step__name" fw={700} lineClamp={2} translate="no">
                {category.name}
              </Anchor>
            </Tooltip>
          )}
        </Group>
        <Group gap="xs" mt={2} wrap="wrap">
          <Badge size="sm" variant={category.essential === 1 ? 'filled' : 'outline'} color={category.essential === 1 ? 'red.9' : 'gray.7'}>
            {t(`path.${category.essential_label}`)}
          </Badge>
          <Text size="sm" c="gray.7">
            {t('path.videos', { count: category.videos_count })} · {formatDuration(category.total_seconds, { inList: true })}
          </Text>
        </Group>
        <Group gap="xs" mt={6} wrap="nowrap">
          <Progress value={category.progress} aria-label={t('path.progress', { name: category.name })} style={{ flex: 1 }} size="sm" />
          <Text size="xs" c="gray.7" miw={96} ta="right">
            {t('path.completed', { progress: category.progress })}
          </Text>
        </Group>
        {category.check_missing && category.progress === 100 && (
          <Text size="sm" fw={600} mt={4}>
            {t('path.checkMissing')}
          </Text>
        )}
      </Box>
      <Group className="mm-path-step__action" gap="xs" justify="flex-end">
        {locked ? (
          <Tooltip label={lockedReason} {...tooltipProps}>
            <UnstyledButton className="mm-path-step__lock" aria-label={t('path.lockedLabel', { name: category.name, reason: lockedReason })}>
              <IconLock size={16} aria-hidden />
              <span>{t('path.locked')}</span>
            </UnstyledButton>
          </Tooltip>
        ) : completed ? (
          <>
            <Text fw={700} c="teal.9" size="sm">
              {t('path.awarded')}
            </Text>
            <Button size="xs" variant="light" component={Link} to={paths.achievements}>
              {t('path.seeCertificate')}
            </Button>
            <ChallengeButton
              size="xs"
              variant="outline"
              userId={userId}
              categoryId={category.category_id}
              categoryName={category.name}
              link={category.challenge}
            >
              {t('path.challenge')}
            </ChallengeButton>
          </>
        ) : category.check_missing && category.progress === 100 ? (
          <Button size="xs" aria-describedby={nameId} component={Link} to={takeCategoryCheckPath(category.category_id)}>
            {t('path.takeCheck')}
          </Button>
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
            {resumeLabel ?? (category.state === 'not_started' ? t('path.start') : t('path.continue'))}
          </Button>
        )}
      </Group>
    </Box>
  );
}
