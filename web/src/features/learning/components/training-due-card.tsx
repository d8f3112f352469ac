import { Anchor, Card, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { QualificationDetail } from '@mm/contract';
import { useTranslation } from 'react-i18next';
import { generatePath, Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { dueItems } from '../training-due.ts';

/** Home's "Training due" card: shown only when something is due, each line leading to the next video to watch. */
export function TrainingDueCard({ stations }: { stations: QualificationDetail[] | undefined }) {
  const { t } = useTranslation('home');
  const items = stations ? dueItems(stations, t) : [];
  if (items.length === 0) return null;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="training-due-title" data-testid="training-due">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4" id="training-due-title">
          {t('due.title')}
        </Title>
        <Anchor component={Link} to={paths.qualifications.root} size="sm">
          {t('due.mine')}
        </Anchor>
      </Group>
      <Stack gap="xs">
        {items.map(({ detail, text, overdue, nextVideoId }) => (
          <Group key={detail.station_id} justify="space-between" wrap="wrap" gap="xs">
            <Group gap="xs">
              <Text fw={600} translate="no">
                {detail.station_name}
              </Text>
              <Text size="sm" fw={600} c={overdue ? 'red.9' : 'dark.6'}>
                {text}
              </Text>
            </Group>
            {nextVideoId !== null ? (
              <Anchor component={Link} to={generatePath(paths.video, { id: String(nextVideoId) })} size="sm" fw={600}>
                {t('due.next')}
                <VisuallyHidden>{t('due.nextFor', { station: detail.station_name })}</VisuallyHidden>
              </Anchor>
            ) : (
              <Text size="sm">{t('due.waiting')}</Text>
            )}
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
