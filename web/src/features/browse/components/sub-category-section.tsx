import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import type { CategoryVideoGroup, VideoCard } from '@mm/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { subCategoryPath } from '../../../config/paths.ts';
import { ProgressCircle } from './progress-circle.tsx';
import { VideoSlider } from './video-slider.tsx';

/** One sub-category of the category page: its progress circle, title and a slider of its videos. */
export function SubCategorySection({ group, onOpen }: { group: CategoryVideoGroup; onOpen: (video: VideoCard) => void }) {
  const { t } = useTranslation('browse');
  const headingId = `sub-category-${group.sub_category_id}`;
  const link = subCategoryPath(group.sub_category_id, group.title);
  return (
    <Stack component="section" aria-labelledby={headingId} gap="sm">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          <ProgressCircle percent={group.progress} watched={group.watched_count} total={group.videos_count} label={group.title} />
          <div style={{ minWidth: 0 }}>
            <Title order={2} size="h3" id={headingId} lineClamp={2} translate="no">
              {group.title}
            </Title>
            <Text size="sm" c="dimmed">
              {t('watchedOf', { watched: group.watched_count, total: group.videos_count })}
            </Text>
          </div>
        </Group>
        <Anchor component={Link} to={link} fw={600} size="sm" style={{ flexShrink: 0 }} aria-label={t('subCategory.viewAllLabel', { name: group.title })}>
          {t('subCategory.viewAll')}
        </Anchor>
      </Group>
      <VideoSlider videos={group.videos} label={t('listVideos', { name: group.title })} onOpen={onOpen} />
    </Stack>
  );
}
