import { ActionIcon, Button, Group, Stack, Text } from '@mantine/core';
import type { PathOwnLesson } from '@mm/contract';
import { IconArrowDown, IconArrowUp, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

type Props = { lessons: PathOwnLesson[]; available: PathOwnLesson[]; onChange: (lessons: PathOwnLesson[]) => void };

/** The organization's own lessons (the studio's) in the path, in order, with those that may be added. */
export function PathOwnLessons({ lessons, available, onChange }: Props) {
  const { t } = useTranslation('organization');
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
        <Text c="dimmed">{t('path.noOwn')}</Text>
      ) : (
        <Stack gap={4} component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('path.ownList')}>
          {lessons.map((lesson, i) => (
            <Group key={lesson.lesson_id} component="li" justify="space-between" wrap="nowrap">
              <Text size="sm" translate="no">
                {i + 1}. {lesson.title}
              </Text>
              <Group gap={4} wrap="nowrap">
                <ActionIcon variant="subtle" disabled={i === 0} onClick={() => move(i, -1)} aria-label={t('path.moveUp', { title: lesson.title })}>
                  <IconArrowUp size={16} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  disabled={i === lessons.length - 1}
                  onClick={() => move(i, 1)}
                  aria-label={t('path.moveDown', { title: lesson.title })}
                >
                  <IconArrowDown size={16} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  onClick={() => onChange(lessons.filter((l) => l.lesson_id !== lesson.lesson_id))}
                  aria-label={t('path.remove', { name: lesson.title })}
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
            {t('path.published')}
          </Text>
          {addable.map((lesson) => (
            <Group key={lesson.lesson_id} justify="space-between" wrap="nowrap">
              <Text size="sm" translate="no">
                {lesson.title}{' '}
                <Text span c="dimmed">
                  ({lesson.category})
                </Text>
              </Text>
              <Button size="xs" variant="light" onClick={() => onChange([...lessons, lesson])}>
                {t('path.add', { name: lesson.title })}
              </Button>
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
