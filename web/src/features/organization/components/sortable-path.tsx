import { closestCenter, DndContext, type DragEndEvent, KeyboardSensor, PointerSensor, useSensor, useSensors } from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Badge, Card, Group, Stack, Switch, Text } from '@mantine/core';
import { IconGripVertical, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export type PathItem = { id: number; name: string; essential: number };

type SortablePathProps = { items: PathItem[]; onChange: (items: PathItem[]) => void };

function PathRow({ item, position, onToggle, onRemove }: { item: PathItem; position: number; onToggle: () => void; onRemove: () => void }) {
  const { t } = useTranslation('organization');
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: item.id });
  const required = item.essential === 1;
  return (
    <Card
      ref={setNodeRef}
      withBorder
      padding="xs"
      style={{ transform: CSS.Transform.toString(transform), transition, opacity: isDragging ? 0.6 : 1 }}
      data-testid="path-item"
      data-category-id={item.id}
    >
      <Group justify="space-between" wrap="nowrap">
        <Group gap="xs" wrap="nowrap">
          <ActionIcon variant="subtle" color="gray" aria-label={t('path.move', { name: item.name })} {...attributes} {...listeners} style={{ cursor: 'grab' }}>
            <IconGripVertical size={16} />
          </ActionIcon>
          {/* Not a fixed circle: two-digit positions would be cut to "1..". */}
          <Badge variant="light" miw={28} px={6} style={{ flexShrink: 0 }}>
            {position}
          </Badge>
          <Text fw={500} translate="no">
            {item.name}
          </Text>
        </Group>
        <Group gap="xs" wrap="nowrap">
          <Switch
            checked={required}
            onChange={onToggle}
            label={required ? t('path.required') : t('path.optional')}
            aria-label={t('path.requiredLabel', { name: item.name })}
          />
          <ActionIcon variant="subtle" color="red" aria-label={t('path.remove', { name: item.name })} onClick={onRemove}>
            <IconX size={16} />
          </ActionIcon>
        </Group>
      </Group>
    </Card>
  );
}

/** Step 3: the ordered categories, reordered by drag and drop (mouse or keyboard: Space, arrows, Space). */
export function SortablePath({ items, onChange }: SortablePathProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const dragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = items.findIndex((i) => i.id === active.id);
    const to = items.findIndex((i) => i.id === over.id);
    onChange(arrayMove(items, from, to));
  };

  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={dragEnd}>
      <SortableContext items={items.map((i) => i.id)} strategy={verticalListSortingStrategy}>
        <Stack gap="xs">
          {items.map((item, index) => (
            <PathRow
              key={item.id}
              item={item}
              position={index + 1}
              onToggle={() => onChange(items.map((i) => (i.id === item.id ? { ...i, essential: i.essential === 1 ? 0 : 1 } : i)))}
              onRemove={() => onChange(items.filter((i) => i.id !== item.id))}
            />
          ))}
        </Stack>
      </SortableContext>
    </DndContext>
  );
}
