import { Alert, Anchor, Button, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { type CaptionTrack, SHARING_MESSAGES } from '@mm/contract';
import { type ReactNode, useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { TranscriptPanel } from '../../../components/captions/transcript-panel.tsx';
import { useHls } from '../../../components/video-player/use-hls.ts';
import { useMediaState } from '../../../components/video-player/use-media-state.ts';
import { paths } from '../../../config/paths.ts';
import { notifyError } from '../../../lib/notify.ts';
import { useSharedVideo } from '../api/get-shared-video.ts';
import { useSharingText } from '../api/get-sharing-text.ts';

type SharedPlayerProps = { src: string; poster: string; title: string; captions: CaptionTrack[]; children: ReactNode };

/**
 * The browser's own controls (its captions button lists the tracks, the first one shown at start: shared links
 * are often opened on a loud floor), then `children` (the title and description), then the transcript when the
 * video has captions.
 */
function SharedPlayer({ src, poster, title, captions, children }: SharedPlayerProps) {
  const ref = useRef<HTMLVideoElement>(null);
  const hls = useHls(ref, { src, preferredHeight: 720, autoPlay: false });
  const media = useMediaState(ref);
  const first = captions[0];
  return (
    <Stack gap="md">
      {/* biome-ignore lint/a11y/useMediaCaption: the tracks are mapped from the video's captions (a video may have none) */}
      <video
        ref={ref}
        controls
        playsInline
        poster={poster}
        aria-label={title}
        data-testid="shared-video"
        style={{ width: '100%', background: '#000', borderRadius: 8 }}
      >
        {captions.map((track, index) => (
          <track key={track.lang} kind="captions" srcLang={track.lang} label={track.label} src={track.url} default={index === 0} />
        ))}
      </video>
      {hls.error && <Alert color="red">{hls.error}</Alert>}
      {children}
      {first && (
        <TranscriptPanel
          url={first.url}
          currentTime={media.currentTime}
          onSeek={(seconds) => {
            if (ref.current) ref.current.currentTime = seconds;
          }}
        />
      )}
    </Stack>
  );
}

/** /watch/{unique_id}/{token}: a video shared by e-mail, for anyone holding the link (member spec, section 2). */
export function WatchSharedPage() {
  const { uniqueId = '', token = '' } = useParams();
  const shared = useSharedVideo(uniqueId, token);
  const text = useSharingText();

  useEffect(() => {
    if (shared.error) notifyError(shared.error);
  }, [shared.error]);

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="center">
          {/* A dead link is not a colleague's invitation: its heading says what happened instead. */}
          <Title order={1} size="h2">
            {shared.isError ? 'Shared video unavailable' : (text.data ?? '')}
          </Title>
          <Button component={Link} to={paths.landing} variant="outline">
            Visit Website
          </Button>
        </Group>
        {shared.isPending && <Loader aria-label="Loading" />}
        {shared.isError && (
          <Alert color="yellow" data-testid="share-expired">
            <Text>
              {SHARING_MESSAGES.expired.replace(' here!', ' ')}
              <Anchor component={Link} to={paths.register}>
                here!
              </Anchor>
            </Text>
          </Alert>
        )}
        {shared.data && (
          <SharedPlayer src={shared.data.main_video} poster={shared.data.default_image} title={shared.data.title} captions={shared.data.captions}>
            <Stack gap="xs">
              <Title order={2} size="h3">
                {shared.data.title}
              </Title>
              <Text c="dimmed">{shared.data.description}</Text>
            </Stack>
          </SharedPlayer>
        )}
      </Stack>
    </Container>
  );
}
