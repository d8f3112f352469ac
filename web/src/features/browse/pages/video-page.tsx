import { Anchor, Box, Center, Loader, Stack, Text, Title } from '@mantine/core';
import type { Preparation, VideoDetail } from '@mm/contract';
import type { ReactNode } from 'react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { FullScreenPlayer } from '../../../components/video-player/full-screen-player.tsx';
import { PreparingNote } from '../../../components/video-player/preparing-note.tsx';
import { categoryPath, paths, videoPath } from '../../../config/paths.ts';
import { openingCaptionLang, saveCaptionPreference } from '../../../lib/caption-preference.ts';
import { activeLocale } from '../../../lib/i18n.ts';
import { startSecondOf } from '../../../lib/playback-position.ts';
import { useSignedInSession } from '../../../lib/session.ts';
import { useVideo } from '../api/get-video.ts';
import { isLocked } from '../hooks/use-catalog-failure.ts';
import { usePlayVideo } from '../hooks/use-play-video.ts';
import { useWatchTime } from '../hooks/use-watch-time.ts';
import { parseId } from '../parse-id.ts';
import { playDestination } from '../play-destination.ts';

/** /video/{admin_video_id}: the whole-window player (member spec, section 2). */
export function VideoPage() {
  const { t } = useTranslation('browse');
  const id = parseId(useParams().id);
  if (id === null) return <PlayerMessage title={t('player.notFound')} text={t('player.notFoundText')} />;
  return <VideoPlayback key={id} videoId={id} />;
}

function VideoPlayback({ videoId }: { videoId: number }) {
  const { t } = useTranslation('browse');
  // A lesson still being prepared (a first start) is asked again until it plays.
  const video = useVideo(videoId, { pollWhilePreparing: true });
  const play = usePlayVideo();
  // Opened directly (a link, a reload): the same access decision as Play in the panel.
  const mustLeave = video.data !== undefined && playDestination(video.data).path !== videoPath(videoId);

  useEffect(() => {
    if (mustLeave && video.data) play(video.data, { replace: true });
  }, [mustLeave, video.data, play]);

  if (video.isError) {
    // A locked category's video: the spec's locked text, with the way back to the path (no error toast).
    const title = isLocked(video.error) ? t('locked.title') : t('player.cannotPlay');
    return <PlayerMessage title={title} text={video.error.message} />;
  }
  if (!video.data || mustLeave) {
    return (
      <Center h="100dvh" bg="black">
        <Loader color="gray.0" aria-label={t('common:player.loading')} />
      </Center>
    );
  }
  if (video.data.preparing) {
    return <PreparingLesson title={video.data.title} titleMachine={video.data.title_machine === true} preparing={video.data.preparing} />;
  }
  return <Playback video={video.data} />;
}

/** In place of the player while the lesson's (or trailer's) streams are prepared: how far, how long, and it plays by itself after. */
export function PreparingLesson({
  title,
  titleMachine = false,
  preparing,
  what = 'lesson',
}: {
  title: string;
  titleMachine?: boolean;
  preparing: Preparation;
  what?: 'lesson' | 'trailer';
}) {
  const { t } = useTranslation('browse');
  if (preparing.state === 'failed') {
    return <PlayerMessage title={title} titleIsContent text={t('player.failed', { context: what })} />;
  }
  return (
    <PlayerPanel title={title} titleIsContent titleMachine={titleMachine} width="min(28rem, 100%)">
      <PreparingNote preparing={preparing} what={what} playsByItself={what === 'lesson'} />
    </PlayerPanel>
  );
}

function Playback({ video }: { video: VideoDetail }) {
  const { t } = useTranslation('browse');
  const session = useSignedInSession();
  const [search] = useSearchParams();
  // The guest is read-only: it watches, but nothing is recorded (design.md).
  const watch = useWatchTime({ userId: session.userId, videoId: video.admin_video_id, enabled: !session.isGuestUser });
  // Fixed when the player opens: a refetched answer (after a watch report) brings newly signed URLs and a new
  // resume second, which must not reload the stream. `?t=` (a search result's moment) wins over resuming.
  const [opening] = useState(() => ({
    src: video.main_resolutions.original ?? video.main_video,
    startAt: startSecondOf(search) ?? video.resume_seconds,
    captions: video.captions,
    captionLang: openingCaptionLang(session.userId, video.captions, activeLocale()),
  }));
  if (!opening.src) return <PlayerMessage title={video.title} titleIsContent text={t('player.noStream')} />;
  return (
    <FullScreenPlayer
      title={video.title}
      titleMachine={video.title_machine === true}
      src={opening.src}
      poster={video.default_image}
      fallbackPath={categoryPath(video.category_id)}
      startAt={opening.startAt}
      onPlaybackChange={watch.onPlaybackChange}
      captions={opening.captions}
      initialCaptionLang={opening.captionLang}
      onCaptionLangChange={(lang) => saveCaptionPreference(session.userId, lang)}
    />
  );
}

type PanelProps = { title: string; titleIsContent?: boolean; titleMachine?: boolean; width?: string; role?: 'alert'; children: ReactNode };

/** The black whole-window panel shown in place of the player: the lesson's title (content: not translated), what is said, a way back home. */
function PlayerPanel({ title, titleIsContent = false, titleMachine = false, width, role, children }: PanelProps) {
  const { t } = useTranslation('browse');
  return (
    <Box bg="black" c="white" h="100dvh">
      <Center h="100%" p="md">
        <Stack align="center" gap="sm" ta="center" w={width} role={role}>
          <Title order={1} size="h3" c="white" translate={titleIsContent ? 'no' : undefined}>
            {title}
          </Title>
          {/* A drafted title says so wherever it is shown, as the player's bar does. */}
          {titleMachine && (
            <Text size="xs" c="gray.4">
              {t('common:player.machineTitle')}
            </Text>
          )}
          {children}
          <Anchor component={Link} to={paths.home} c="blue.2">
            {t('backHome')}
          </Anchor>
        </Stack>
      </Center>
    </Box>
  );
}

/** A whole-window notice in place of the player. */
export function PlayerMessage({ title, titleIsContent = false, text }: { title: string; titleIsContent?: boolean; text: string }) {
  return (
    <PlayerPanel title={title} titleIsContent={titleIsContent} role="alert">
      <Text>{text}</Text>
    </PlayerPanel>
  );
}
