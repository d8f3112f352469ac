import { Badge, Box, Container, Divider, Grid, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconExternalLink, IconVideoOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ChallengeButton } from '../../../components/challenge-button.tsx';
import { formatDuration } from '../../../lib/duration.ts';
import { useSignedInSession } from '../../../lib/session.ts';
import { useCategory } from '../api/get-category.ts';
import { useCategoryVideos } from '../api/get-category-videos.ts';
import { CatalogImage } from '../components/catalog-image.tsx';
import { BackHomeButton, CatalogMessage, LockedCategoryMessage, RetryButton } from '../components/catalog-message.tsx';
import { CategoryCheckEntry } from '../components/category-check-entry.tsx';
import { ProgressCircle } from '../components/progress-circle.tsx';
import { SubCategorySection } from '../components/sub-category-section.tsx';
import { useVideoPanel, VideoDetailPanel } from '../components/video-panel/video-detail-panel.tsx';
import { VideoSliderSkeleton } from '../components/video-slider.tsx';
import { isLocked, isNotFound, useSignOutOnFailure } from '../hooks/use-catalog-failure.ts';
import { parseId } from '../parse-id.ts';

/** /category/{id}: the category with one slider per sub-category (member spec, section 2). */
export function CategoryPage() {
  const id = parseId(useParams().id);
  if (id === null) return <CategoryNotFound />;
  return <CategoryContent key={id} categoryId={id} />;
}

function CategoryNotFound() {
  const { t } = useTranslation('browse');
  return (
    <Container size="lg" py="xl">
      <CatalogMessage title={t('category.notFound')} description={t('category.notFoundText')} action={<BackHomeButton />} />
    </Container>
  );
}

function CategoryContent({ categoryId }: { categoryId: number }) {
  const { t } = useTranslation('browse');
  const session = useSignedInSession();
  const category = useCategory(categoryId);
  const groups = useCategoryVideos(categoryId);
  const panel = useVideoPanel();
  // A wide banner on phones keeps the sliders within reach.
  const phone = useMediaQuery('(max-width: 36em)');
  useSignOutOnFailure(category.error ?? groups.error);

  if (isNotFound(category.error)) return <CategoryNotFound />;
  if (isLocked(category.error) || isLocked(groups.error)) {
    return (
      <Container size="lg" py="xl">
        <LockedCategoryMessage />
      </Container>
    );
  }

  return (
    <Container size="lg" py="xl">
      <Stack gap="xl">
        {category.data ? (
          <Grid gap="lg" align="center">
            <Grid.Col span={{ base: 12, sm: 5, md: 4 }} translate="no">
              <CatalogImage src={category.data.picture} alt={category.data.name} ratio={phone ? 21 / 9 : 16 / 9} eager />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 7, md: 8 }}>
              <Stack gap="sm">
                <Group gap="xs">
                  <Badge variant="light" color={category.data.essential === 1 ? 'blue' : 'gray'}>
                    {category.data.essential === 1 ? t('category.Required') : t('category.Optional')}
                  </Badge>
                </Group>
                <Title order={1} translate="no">
                  {category.data.name}
                </Title>
                <Group gap="lg" wrap="nowrap">
                  <ProgressCircle
                    percent={category.data.progress}
                    watched={category.data.watched_count}
                    total={category.data.videos_count}
                    label={category.data.name}
                    size={72}
                  />
                  <Stack gap={2}>
                    <Text fw={600}>
                      {t('videos', { count: category.data.videos_count })} · {formatDuration(category.data.duration)}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {t('watchedOf', { watched: category.data.watched_count, total: category.data.videos_count })}
                    </Text>
                  </Stack>
                </Group>
                {category.data.challenge && (
                  <Box>
                    <ChallengeButton
                      userId={session.userId}
                      categoryId={category.data.category_id}
                      categoryName={category.data.name}
                      link={category.data.challenge}
                      rightSection={<IconExternalLink size={16} aria-hidden />}
                    >
                      {t('category.challenge')}
                    </ChallengeButton>
                  </Box>
                )}
                <CategoryCheckEntry
                  categoryId={category.data.category_id}
                  member={session.organizationId !== null && !session.isGuestUser}
                  author={session.organizationId !== null && session.isSuperUser}
                />
              </Stack>
            </Grid.Col>
          </Grid>
        ) : category.isError ? (
          <CatalogMessage title={t('category.failed')} description={category.error.message} action={<RetryButton onRetry={() => category.refetch()} />} />
        ) : (
          <Grid gap="lg" align="center" aria-busy="true" aria-label={t('category.loading')}>
            <Grid.Col span={{ base: 12, sm: 5, md: 4 }}>
              <Skeleton style={{ aspectRatio: '16 / 9' }} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 7, md: 8 }}>
              <Stack gap="sm">
                <Skeleton h={20} w={80} />
                <Skeleton h={36} w="70%" />
                <Skeleton h={72} w={240} />
              </Stack>
            </Grid.Col>
          </Grid>
        )}

        <Divider />

        {groups.isPending && (
          <Stack gap="xl" aria-busy="true" aria-label={t('category.loadingVideos')}>
            {[0, 1].map((n) => (
              <Stack key={n} gap="sm">
                <Skeleton h={28} w={260} />
                <VideoSliderSkeleton />
              </Stack>
            ))}
          </Stack>
        )}
        {groups.isError && !isNotFound(groups.error) && (
          <CatalogMessage title={t('category.videosFailed')} description={groups.error.message} action={<RetryButton onRetry={() => groups.refetch()} />} />
        )}
        {groups.data?.length === 0 && <CatalogMessage title={t('category.empty')} icon={<IconVideoOff size={32} />} action={<BackHomeButton />} />}
        {groups.data?.map((group) => (
          <SubCategorySection key={group.sub_category_id} group={group} onOpen={panel.open} />
        ))}
      </Stack>
      <VideoDetailPanel current={panel.current} onOpen={panel.open} onClose={panel.close} />
    </Container>
  );
}
