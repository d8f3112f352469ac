import { Container, Stack, Title } from '@mantine/core';
import type { UrlType } from '@mm/contract';
import { IconHeart, IconVideoOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { VIEW_ALL_LISTS, type ViewAllList } from '../../../config/paths.ts';
import { type SeeAllFilter, useSeeAll } from '../api/get-see-all.ts';
import { BackHomeButton, CatalogMessage, RetryButton } from '../components/catalog-message.tsx';
import { LoadMore } from '../components/load-more.tsx';
import { VideoGrid, VideoGridSkeleton } from '../components/video-grid.tsx';
import { useVideoPanel, VideoDetailPanel } from '../components/video-panel/video-detail-panel.tsx';
import { useSignOutOnFailure } from '../hooks/use-catalog-failure.ts';
import { parseId } from '../parse-id.ts';

/** The see_all list behind each view-all name (member spec, sections 2 and 7). */
export const URL_TYPE_OF: Record<ViewAllList, UrlType> = {
  'New Releases': 'URL_TYPE_NEW_RELEASE',
  Recommended: 'URL_TYPE_SUGGESTION',
  'My List': 'URL_TYPE_WISHLIST',
};

const isViewAllList = (name: string): name is ViewAllList => (VIEW_ALL_LISTS as readonly string[]).includes(name);

/** What /view-all/{name} lists: a named list, or an expert's videos (?cast_crew_id=&title=&videoType=cast). */
function useViewAllFilter(): { filter: SeeAllFilter | null; title: string } {
  const name = useParams().name ?? '';
  const [search] = useSearchParams();
  const castCrewId = parseId(search.get('cast_crew_id'));
  if (castCrewId !== null && search.get('videoType') === 'cast') {
    const title = search.get('title') || name;
    return { filter: { cast_crew_id: castCrewId, videoType: 'cast', title }, title };
  }
  return isViewAllList(name) ? { filter: { url_type: URL_TYPE_OF[name] }, title: name } : { filter: null, title: name };
}

/** /view-all/{name}: a grid of in-production videos, 5 per row on desktop. */
export function ViewAllPage() {
  const { t } = useTranslation('browse');
  const { filter, title } = useViewAllFilter();
  const list = useSeeAll(filter ?? {}, { enabled: filter !== null });
  const panel = useVideoPanel();
  useSignOutOnFailure(list.error);

  if (filter === null) {
    return (
      <Container size="lg" py="xl">
        <CatalogMessage title={t('viewAll.notFound')} description={t('viewAll.notFoundText')} action={<BackHomeButton />} />
      </Container>
    );
  }

  const first = list.data?.pages[0];
  const videos = list.data?.pages.flatMap((page) => page.videos) ?? [];
  const myList = filter.url_type === 'URL_TYPE_WISHLIST';
  // A named list is the app's words (said in the active language); an expert's list is named after the expert.
  const heading = filter.url_type ? t(`viewAll.lists.${filter.url_type}`) : first?.title || title;

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Title order={1} translate={filter.url_type ? undefined : 'no'}>
          {heading}
        </Title>
        {list.isPending && <VideoGridSkeleton />}
        {list.isError && (
          <CatalogMessage title={t('category.videosFailed')} description={list.error.message} action={<RetryButton onRetry={() => list.refetch()} />} />
        )}
        {first && videos.length === 0 && (
          <CatalogMessage
            title={myList ? t('viewAll.emptyList') : t('viewAll.empty')}
            description={myList ? t('viewAll.emptyListText') : undefined}
            icon={myList ? <IconHeart size={32} /> : <IconVideoOff size={32} />}
            action={<BackHomeButton />}
          />
        )}
        {first && videos.length > 0 && (
          <>
            <VideoGrid videos={videos} label={t('listVideos', { name: heading })} onOpen={panel.open} />
            <LoadMore
              shown={videos.length}
              total={first.total}
              hasMore={list.hasNextPage}
              loading={list.isFetchingNextPage}
              onLoadMore={() => list.fetchNextPage()}
            />
          </>
        )}
      </Stack>
      <VideoDetailPanel current={panel.current} onOpen={panel.open} onClose={panel.close} />
    </Container>
  );
}
