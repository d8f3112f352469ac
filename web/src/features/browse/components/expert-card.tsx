import { Avatar, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { ExpertItem } from '@mm/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { initialsOf } from '../../../lib/initials.ts';

type ExpertCardProps = { expert: ExpertItem; headingLevel?: 1 | 2 | 3; clampBio?: boolean; children?: ReactNode };

/** An expert's picture, name, number of videos and bio. */
export function ExpertCard({ expert, headingLevel = 2, clampBio = false, children }: ExpertCardProps) {
  const { t } = useTranslation('browse');
  return (
    <Card withBorder radius="md" padding="lg" h="100%">
      <Stack gap="sm">
        <Group gap="md" wrap="nowrap">
          <Avatar
            translate="no"
            src={expert.picture}
            alt={expert.name}
            name={expert.name}
            color="initials"
            size={72}
            radius="xl"
            imageProps={{ loading: 'lazy' }}
          >
            {initialsOf(expert.name)}
          </Avatar>
          <div style={{ minWidth: 0 }}>
            <Title order={headingLevel} size="h4" translate="no">
              {expert.name}
            </Title>
            <Text size="sm" c="dimmed">
              {t('videos', { count: expert.videos_count })}
            </Text>
          </div>
        </Group>
        {expert.bio && (
          <Text size="sm" lineClamp={clampBio ? 4 : undefined} translate="no">
            {expert.bio}
          </Text>
        )}
        {children}
      </Stack>
    </Card>
  );
}
