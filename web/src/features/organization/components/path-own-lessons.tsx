import { ActionIcon, Button, Group, Stack, Text } from '@mantine/core';
import type { PathOwnLesson } from '@mm/contract';
import { IconArrowDown, IconArrowUp, IconX } from '@tabler/icons-react';

type Props = { lessons: PathOwnLesson[]; available: PathOwnLesson[]; onChange: (lessons: PathOwnLesson[]) => void };

/** The organization's own lessons (the studio's) in the path, in order, with those that may be added. */
export function PathOwnLessons({ lessons, available, onChange }: Props) {
  const addable = available.filter((a) => !lessons.some((l) => l.lesson_id === a.lesson_id));
  const move = (index: number, by: number) => {
    const next = [...lessons];
    const [item] = next.splice(index, 1);
    if (item) next.splice(index + by, 0, item);
    onChange(next);
  };
  return (
    <Stack gap="xs">
      {lessons.length === 0 ? (
        <Text c="dimmed">No own lesson in this path yet.</Text>
      ) : (
        <Stack gap={4} component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Own lessons of the path">
          {lessons.map((lesson, i) => (
            <Group key={lesson.lesson_id} component="li" justify="space-between" wrap="nowrap">
              <Text size="sm">
                {i + 1}. {lesson.title}
              </Text>
              <Group gap={4} wrap="nowrap">
                <ActionIcon variant="subtle" disabled={i === 0} onClick={() => move(i, -1)} aria-label={`Move ${lesson.title} up`}>
                  <IconArrowUp size={16} />
                </ActionIcon>
                <ActionIcon variant="subtle" disabled={i === lessons.length - 1} onClick={() => move(i, 1)} aria-label={`Move ${lesson.title} down`}>
                  <IconArrowDown size={16} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  onClick={() => onChange(lessons.filter((l) => l.lesson_id !== lesson.lesson_id))}
                  aria-label={`Remove ${lesson.title}`}
                >
                  <IconX size={16} />
                </ActionIcon>
              </Group>
            </Group>
          ))}
        </Stack>
      )}
      {addable.length > 0 && (
        <Stack gap={4} mt="sm">
          <Text fw={600} size="sm">
            Published lessons of your organization
          </Text>
          {addable.map((lesson) => (
            <Group key={lesson.lesson_id} justify="space-between" wrap="nowrap">
              <Text size="sm">
                {lesson.title}{' '}
                <Text span c="dimmed">
                  ({lesson.category})
                </Text>
              </Text>
              <Button size="xs" variant="light" onClick={() => onChange([...lessons, lesson])}>
                Add {lesson.title}
              </Button>
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
