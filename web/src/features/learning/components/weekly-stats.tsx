import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { LearningPathHomeData, UserActivityData } from '@mm/contract';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { rankingSentence } from '../ranking-sentence.ts';

export function WeeklyStats({ activity, leaderPoints }: { activity: UserActivityData; leaderPoints: number | undefined }) {
  const { t } = useTranslation('home');
  return (
    <Card withBorder radius="md" padding="md" aria-label={t('stats.label')}>
      <Stack gap={6}>
        <Title order={2} size="h4">
          {t('stats.title')}
        </Title>
        <Text size="sm">
          <Trans t={t} i18nKey="stats.videos" count={activity.videosLastWeek} components={{ b: <b /> }} />
        </Text>
        <Text size="sm">
          <Trans t={t} i18nKey="stats.days" count={activity.countSequenceDayWatch} components={{ b: <b /> }} />
        </Text>
        <Text size="sm" data-testid="ranking-sentence">
          {rankingSentence({ ...activity.rankingUser, leaderPoints }, t)}
        </Text>
        <Text size="sm">{t('stats.certificates', { have: activity.certifications, available: activity.certificationsAvailable })}</Text>
      </Stack>
    </Card>
  );
}

/** `heading`: false in the phone's drawer, whose title already says "Certificates". */
export function CertificatesStrip({ path, heading = true }: { path: LearningPathHomeData; heading?: boolean }) {
  const { t } = useTranslation('home');
  return (
    <Card withBorder radius="md" padding="md" aria-label={t('stats.certificatesLabel')}>
      <Stack gap="xs">
        {heading && (
          <Title order={2} size="h4">
            {t('stats.certificatesTitle')}
          </Title>
        )}
        {path.categories.map((c) =>
          c.certificate_date ? (
            <Text key={c.category_id} size="sm" component={Link} to={paths.achievements} c="teal.9" translate="no">
              ✔ {c.name}
            </Text>
          ) : (
            <Group key={c.category_id} gap="xs" c="gray.7" style={{ filter: 'grayscale(1)' }}>
              <Text size="sm" translate="no">
                {c.name}
              </Text>
              <Text size="xs">{t('stats.locked')}</Text>
            </Group>
          ),
        )}
        <Button variant="light" size="xs" component={Link} to={paths.achievements}>
          {t('stats.viewCertificates')}
        </Button>
      </Stack>
    </Card>
  );
}
