import '../../browse.css';
import { Alert, Box, Modal, Skeleton, Stack, Tabs } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { VideoCard } from '@mm/contract';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useVideo } from '../../api/get-video.ts';
import { useVideoTrailers } from '../../api/get-video-trailers.ts';
import { CatalogImage } from '../catalog-image.tsx';
import { DetailsTab } from './details-tab.tsx';
import { EpisodesTab } from './episodes-tab.tsx';
import { OverviewTab } from './overview-tab.tsx';
import { RelatedTab } from './related-tab.tsx';
import { TrailersTab } from './trailers-tab.tsx';

/** The panel's tabs (member spec, section 4). */
export type PanelTab = 'overview' | 'episodes' | 'trailers' | 'related' | 'details';

/** Which video the panel shows; the card it was opened from shows at once while the details load. */
export type PanelVideo = { id: number; preview?: VideoCard };

/** State of the detail panel of a page: open it with a card, close it, or switch to another video. */
export function useVideoPanel() {
  const [current, setCurrent] = useState<PanelVideo | null>(null);
  const open = useCallback((video: VideoCard) => setCurrent({ id: video.admin_video_id, preview: video }), []);
  const close = useCallback(() => setCurrent(null), []);
  return { current, open, close };
}

type VideoDetailPanelProps = { current: PanelVideo | null; onOpen: (video: VideoCard) => void; onClose: () => void };

/** The video detail panel of the category, sub-category, view-all and expert pages. */
export function VideoDetailPanel({ current, onOpen, onClose }: VideoDetailPanelProps) {
  const { t } = useTranslation('browse');
  const small = useMediaQuery('(max-width: 48em)');
  const video = useVideo(current?.id ?? 0, { enabled: current !== null });
  const title = video.data?.title ?? current?.preview?.title;
  return (
    <Modal
      opened={current !== null}
      onClose={onClose}
      title={title === undefined ? t('panel.video') : <span translate="no">{title}</span>}
      size="min(960px, 100%)"
      fullScreen={small}
      styles={{ title: { fontWeight: 800, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {/* A new video starts again on Overview, with its own suggestions (member spec, section 4). */}
      {current && <PanelBody key={current.id} videoId={current.id} preview={current.preview} onOpen={onOpen} />}
    </Modal>
  );
}

function PanelBody({ videoId, preview, onOpen }: { videoId: number; preview?: VideoCard; onOpen: (video: VideoCard) => void }) {
  const { t } = useTranslation('browse');
  const video = useVideo(videoId);
  const trailers = useVideoTrailers(videoId);
  const [tab, setTab] = useState<PanelTab>('overview');
  const trailerList = trailers.data?.trailer_section ?? [];

  return (
    <Stack gap="md">
      <Box maw={560} w="100%" mx="auto">
        <CatalogImage src={video.data?.default_image ?? preview?.default_image} alt="" eager />
      </Box>
      {video.isError && (
        <Alert color="red" variant="light">
          {video.error.message}
        </Alert>
      )}
      {video.isPending && (
        <Stack gap="sm" aria-busy="true" aria-label={t('panel.loading')}>
          <Skeleton h={28} w="60%" />
          <Skeleton h={14} w="40%" />
          <Skeleton h={36} w="70%" />
          <Skeleton h={60} />
        </Stack>
      )}
      {video.data && (
        <Tabs value={tab} onChange={(value) => value && setTab(value as PanelTab)} keepMounted={false}>
          <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' }}>
            <Tabs.Tab value="overview">{t('panel.overview')}</Tabs.Tab>
            {video.data.is_series === 1 && <Tabs.Tab value="episodes">{t('panel.episodes')}</Tabs.Tab>}
            {trailerList.length > 0 && <Tabs.Tab value="trailers">{t('panel.trailers')}</Tabs.Tab>}
            <Tabs.Tab value="related">{t('panel.related')}</Tabs.Tab>
            <Tabs.Tab value="details">{t('panel.details')}</Tabs.Tab>
          </Tabs.List>
          <Box pt="md">
            <Tabs.Panel value="overview">
              <OverviewTab video={video.data} />
            </Tabs.Panel>
            {video.data.is_series === 1 && (
              <Tabs.Panel value="episodes">
                <EpisodesTab subCategoryId={video.data.sub_category_id} subCategoryName={video.data.sub_category_name} onOpen={onOpen} />
              </Tabs.Panel>
            )}
            {trailerList.length > 0 && (
              <Tabs.Panel value="trailers">
                <TrailersTab trailers={trailerList} videoTitle={video.data.title} />
              </Tabs.Panel>
            )}
            <Tabs.Panel value="related">
              <RelatedTab videoId={videoId} onOpen={onOpen} />
            </Tabs.Panel>
            <Tabs.Panel value="details">
              <DetailsTab video={video.data} />
            </Tabs.Panel>
          </Box>
        </Tabs>
      )}
    </Stack>
  );
}
