import { Badge, Button, Card, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

type Step = { id: number; text: string };
type Move = { id: number; direction: 'up' | 'down' };

/**
 * An ordering question's steps, first at the top, each with Move up and Move down buttons: large targets, usable with
 * the keyboard alone (no dragging). After a move the focus stays on the step's button that moved it (or its other
 * button at the top or bottom of the list), and the new place is said once in a polite status.
 */
export function OrderSteps({ options, order, onChange }: { options: Step[]; order: number[]; onChange: (order: number[]) => void }) {
  const { t } = useTranslation('assessments');
  const buttons = useRef(new Map<string, HTMLButtonElement | null>());
  const [moved, setMoved] = useState<Move | null>(null);
  const [said, setSaid] = useState('');
  const steps = order.map((id) => options.find((o) => o.id === id)).filter((s): s is Step => s !== undefined);
  const total = steps.length;

  useEffect(() => {
    if (!moved) return;
    const at = order.indexOf(moved.id);
    const stuck = (moved.direction === 'up' && at === 0) || (moved.direction === 'down' && at === total - 1);
    const direction = stuck ? (moved.direction === 'up' ? 'down' : 'up') : moved.direction;
    buttons.current.get(`${moved.id}-${direction}`)?.focus();
  }, [moved, order, total]);

  const move = (index: number, direction: 'up' | 'down') => {
    const to = direction === 'up' ? index - 1 : index + 1;
    if (to < 0 || to >= total) return;
    const next = [...order];
    [next[index], next[to]] = [next[to] as number, next[index] as number];
    const step = steps[index] as Step;
    onChange(next);
    setMoved({ id: step.id, direction });
    setSaid(t('take.moved', { step: step.text, position: to + 1, total }));
  };

  return (
    <Stack gap="sm">
      <Text fw={500} id="order-steps-label">
        {t('take.orderLabel')}
      </Text>
      <Text size="sm" c="dimmed">
        {t('take.orderHint')}
      </Text>
      <Stack component="ol" gap="sm" aria-labelledby="order-steps-label" p={0} m={0} style={{ listStyle: 'none' }}>
        {steps.map((step, index) => (
          <Card key={step.id} component="li" withBorder padding="sm">
            <Group justify="space-between" wrap="wrap" gap="sm">
              <Group wrap="nowrap" gap="sm" style={{ flex: '1 1 14rem' }}>
                <Badge size="lg" variant="filled" color="dark.6" circle aria-hidden="true" style={{ flexShrink: 0 }}>
                  {index + 1}
                </Badge>
                <VisuallyHidden>{t('take.position', { position: index + 1, total })}: </VisuallyHidden>
                <Text size="md">{step.text}</Text>
              </Group>
              <Group gap="xs" wrap="nowrap" style={{ flex: '1 1 auto', justifyContent: 'flex-end' }}>
                <Button
                  size="md"
                  variant="default"
                  ref={(el) => {
                    buttons.current.set(`${step.id}-up`, el);
                  }}
                  disabled={index === 0}
                  aria-label={t('take.moveUpStep', { step: step.text })}
                  onClick={() => move(index, 'up')}
                  style={{ flex: 1 }}
                >
                  {t('take.moveUp')}
                </Button>
                <Button
                  size="md"
                  variant="default"
                  ref={(el) => {
                    buttons.current.set(`${step.id}-down`, el);
                  }}
                  disabled={index === total - 1}
                  aria-label={t('take.moveDownStep', { step: step.text })}
                  onClick={() => move(index, 'down')}
                  style={{ flex: 1 }}
                >
                  {t('take.moveDown')}
                </Button>
              </Group>
            </Group>
          </Card>
        ))}
      </Stack>
      <VisuallyHidden role="status" aria-live="polite">
        {said}
      </VisuallyHidden>
    </Stack>
  );
}
