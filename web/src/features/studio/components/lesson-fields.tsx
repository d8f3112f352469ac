import { Textarea, TextInput } from '@mantine/core';

export type LessonFieldValues = { title: string; category: string; description: string };

/**
 * A lesson's title, category and description as the studio's forms ask them (editing a lesson, a lesson from a
 * script), with the lengths the server accepts.
 */
export function LessonFields({
  value,
  onChange,
  labels,
}: {
  value: LessonFieldValues;
  onChange: (value: LessonFieldValues) => void;
  labels: { title: string; category: string; description: string; descriptionHint?: string };
}) {
  return (
    <>
      <TextInput
        label={labels.title}
        required
        maxLength={200}
        value={value.title}
        onChange={(e) => onChange({ ...value, title: e.currentTarget.value })}
        data-autofocus
      />
      <TextInput
        label={labels.category}
        required
        maxLength={100}
        value={value.category}
        onChange={(e) => onChange({ ...value, category: e.currentTarget.value })}
      />
      <Textarea
        label={labels.description}
        description={labels.descriptionHint}
        autosize
        minRows={2}
        maxLength={5000}
        value={value.description}
        onChange={(e) => onChange({ ...value, description: e.currentTarget.value })}
      />
    </>
  );
}
