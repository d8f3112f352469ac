import { Button, Card, Container, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { expertPath } from '../../../config/paths.ts';
import { useExperts } from '../api/get-experts.ts';
import { BackHomeButton, CatalogMessage, RetryButton } from '../components/catalog-message.tsx';
import { ExpertCard } from '../components/expert-card.tsx';

const COLUMNS = { base: 1, sm: 2, md: 3 } as const;

/** /experts: the experts behind the videos. */
export function ExpertsPage() {
  const { t } = useTranslation('browse');
  const experts = useExperts();
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1}>{t('experts.title')}</Title>
          <Text c="dimmed">{t('experts.intro')}</Text>
        </div>
        {experts.isPending && (
          <SimpleGrid cols={COLUMNS} aria-busy="true" aria-label={t('experts.loading')}>
            {[0, 1, 2].map((n) => (
              <Card key={n} withBorder radius="md" padding="lg">
                <Skeleton circle h={72} mb="sm" />
                <Skeleton h={16} w="60%" mb="xs" />
                <Skeleton h={48} />
              </Card>
            ))}
          </SimpleGrid>
        )}
        {experts.isError && (
          <CatalogMessage title={t('experts.failed')} description={experts.error.message} action={<RetryButton onRetry={() => experts.refetch()} />} />
        )}
        {experts.data?.length === 0 && <CatalogMessage title={t('experts.empty')} icon={<IconUsers size={32} />} action={<BackHomeButton />} />}
        {experts.data && experts.data.length > 0 && (
          <SimpleGrid cols={COLUMNS} spacing="lg">
            {experts.data.map((expert) => (
              <ExpertCard key={expert.cast_crew_id} expert={expert} clampBio>
                <Button
                  component={Link}
                  to={expertPath(expert.cast_crew_id)}
                  variant="light"
                  aria-label={t('experts.contactLabel', { name: expert.name })}
                  mt="auto"
                >
                  {t('experts.contact')}
                </Button>
              </ExpertCard>
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Container>
  );
}
