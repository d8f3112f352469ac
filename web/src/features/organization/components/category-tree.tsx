import { Accordion, Anchor, Checkbox, Group, Loader, Stack, Text } from '@mantine/core';
import type { TreeCategory } from '@mm/contract';
import { countOf } from '@mm/contract';
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
              <Text span fw={500}>
                {category.name}
              </Text>{' '}
              <Text span size="sm" c="dimmed">
                · {countOf(category.videos_count, 'video')} · {formatDuration(category.total_seconds)}
              </Text>
            </Accordion.Control>
            <Accordion.Panel>
              {category.subcategories.length > 0 && !hiddenHere && <Loader size="xs" />}
              {hiddenHere && (
                <Stack gap="sm">
                  {category.subcategories.map((sub) => (
                    <Stack key={sub.url_page_id} gap={4}>
                      <Text fw={600} size="sm">
                        {sub.title}
                      </Text>
                      {sub.data.map((video) => (
                        <Group key={video.admin_video_id} gap="xs" wrap="nowrap">
                          <Checkbox
                            aria-label={`Show ${video.title}`}
                            checked={!hiddenHere.has(video.admin_video_id)}
                            onChange={(e) => onToggleVideo(category, video.admin_video_id, e.currentTarget.checked)}
                          />
                          <Anchor component="button" type="button" size="sm" onClick={() => onPreview(video.admin_video_id)}>
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
