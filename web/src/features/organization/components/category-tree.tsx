import { Accordion, Anchor, Checkbox, Group, Loader, Stack, Text } from '@mantine/core';
import type { TreeCategory } from '@mm/contract';
import { useTranslation } from 'react-i18next';
import { formatDuration } from '../../../lib/duration.ts';

type CategoryTreeProps = {
  categories: TreeCategory[];
  /** Hidden video ids per category, for the categories loaded so far. */
  hidden: Map<number, Set<number>>;
  onOpen: (category: TreeCategory) => void;
  onToggleVideo: (category: TreeCategory, videoId: number, visible: boolean) => void;
  onPreview: (videoId: number) => void;
};

/** Step 2: every category, expandable to its sub-categories and videos; a ticked video is visible to the path's members. */
export function CategoryTree({ categories, hidden, onOpen, onToggleVideo, onPreview }: CategoryTreeProps) {
  const { t } = useTranslation('organization');
  return (
    <Accordion
      variant="separated"
      multiple
      onChange={(opened) => {
        for (const value of opened) {
          const category = categories.find((c) => String(c.id) === value);
          if (category) onOpen(category);
        }
      }}
    >
      {categories.map((category) => {
        const hiddenHere = hidden.get(category.id);
        return (
          <Accordion.Item key={category.id} value={String(category.id)}>
            <Accordion.Control>
              <Text span fw={500} translate="no">
                {category.name}
              </Text>{' '}
              <Text span size="sm" c="dimmed">
                · {t('path.videos', { count: category.videos_count })} · {formatDuration(category.total_seconds)}
              </Text>
            </Accordion.Control>
            <Accordion.Panel>
              {category.subcategories.length > 0 && !hiddenHere && <Loader size="xs" />}
              {hiddenHere && (
                <Stack gap="sm">
                  {category.subcategories.map((sub) => (
                    <Stack key={sub.url_page_id} gap={4}>
                      <Text fw={600} size="sm" translate="no">
                        {sub.title}
                      </Text>
                      {sub.data.map((video) => (
                        <Group key={video.admin_video_id} gap="xs" wrap="nowrap">
                          <Checkbox
                            aria-label={t('path.show', { title: video.title })}
                            checked={!hiddenHere.has(video.admin_video_id)}
                            onChange={(e) => onToggleVideo(category, video.admin_video_id, e.currentTarget.checked)}
                          />
                          <Anchor component="button" type="button" size="sm" onClick={() => onPreview(video.admin_video_id)} translate="no">
                            {video.title}
                          </Anchor>
                          <Text size="xs" c="dimmed">
                            {formatDuration(video.duration, { inList: true })}
                          </Text>
                        </Group>
                      ))}
                    </Stack>
                  ))}
                </Stack>
              )}
            </Accordion.Panel>
          </Accordion.Item>
        );
      })}
    </Accordion>
  );
}
