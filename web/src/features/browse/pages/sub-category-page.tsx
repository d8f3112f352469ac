import { Anchor, Breadcrumbs, Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconVideoOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { categoryPath } from '../../../config/paths.ts';
import { useSubCategoryVideos } from '../api/get-sub-category-videos.ts';
import { BackHomeButton, CatalogMessage, LockedCategoryMessage, RetryButton } from '../components/catalog-message.tsx';
import { LoadMore } from '../components/load-more.tsx';
import { ProgressCircle } from '../components/progress-circle.tsx';
import { VideoGrid, VideoGridSkeleton } from '../components/video-grid.tsx';
import { useVideoPanel, VideoDetailPanel } from '../components/video-panel/video-detail-panel.tsx';
import { isLocked, isNotFound, useSignOutOnFailure } from '../hooks/use-catalog-failure.ts';
import { parseId } from '../parse-id.ts';

/** /sub-category/{id}/{name}: the sub-category's videos in rows, 20 at a time (member spec, sections 2 and 9). */
export function SubCategoryPage() {
  const params = useParams();
  const id = parseId(params.id);
  if (id === null) return <SubCategoryNotFound />;
  return <SubCategoryContent key={id} subCategoryId={id} nameFromLink={params.name ?? ''} />;
}

function SubCategoryNotFound() {
  const { t } = useTranslation('browse');
  return (
    <Container size="lg" py="xl">
      <CatalogMessage title={t('subCategory.notFound')} description={t('subCategory.notFoundText')} action={<BackHomeButton />} />
    </Container>
  );
}

function SubCategoryContent({ subCategoryId, nameFromLink }: { subCategoryId: number; nameFromLink: string }) {
  const { t } = useTranslation('browse');
  const videos = useSubCategoryVideos(subCategoryId);
  const panel = useVideoPanel();
  useSignOutOnFailure(videos.error);

  if (isNotFound(videos.error)) return <SubCategoryNotFound />;
  if (isLocked(videos.error)) {
    return (
      <Container size="lg" py="xl">
        <LockedCategoryMessage />
      </Container>
    );
  }

  const first = videos.data?.pages[0];
  const name = first?.sub_category.name ?? nameFromLink;
  const list = videos.data?.pages.flatMap((page) => page.videos) ?? [];

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Stack gap="xs">
          {first ? (
            <Breadcrumbs translate="no">
              <Anchor component={Link} to={categoryPath(first.sub_category.category_id)} size="sm">
                {first.sub_category.category_name}
              </Anchor>
              <Text size="sm" c="dimmed" aria-current="page">
                {name}
              </Text>
            </Breadcrumbs>
          ) : (
            <Skeleton h={16} w={200} />
          )}
          <Group gap="md" wrap="nowrap">
            {first ? (
              <ProgressCircle percent={first.progress} watched={first.watched_count} total={first.videos_count} label={name} size={72} />
            ) : (
              <Skeleton circle h={72} />
            )}
            <div>
              <Title order={1} translate="no">
                {name}
              </Title>
              {first && <Text c="dimmed">{t('watchedOf', { watched: first.watched_count, total: first.videos_count })}</Text>}
            </div>
          </Group>
        </Stack>

        {videos.isPending && <VideoGridSkeleton />}
        {videos.isError && !isNotFound(videos.error) && (
          <CatalogMessage title={t('category.videosFailed')} description={videos.error.message} action={<RetryButton onRetry={() => videos.refetch()} />} />
        )}
        {first && list.length === 0 && <CatalogMessage title={t('subCategory.empty')} icon={<IconVideoOff size={32} />} action={<BackHomeButton />} />}
        {list.length > 0 && first && (
          <>
            <VideoGrid videos={list} label={t('listVideos', { name })} onOpen={panel.open} />
            <LoadMore
              shown={list.length}
              total={first.total}
              hasMore={videos.hasNextPage}
              loading={videos.isFetchingNextPage}
              onLoadMore={() => videos.fetchNextPage()}
            />
          </>
        )}
      </Stack>
      <VideoDetailPanel current={panel.current} onOpen={panel.open} onClose={panel.close} />
    </Container>
  );
}
