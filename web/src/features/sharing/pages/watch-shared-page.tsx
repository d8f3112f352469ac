import { Alert, Anchor, Box, Button, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { SHARING_MESSAGES } from '@mm/contract';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { FullScreenPlayer } from '../../../components/video-player/full-screen-player.tsx';
import { PreparingNote } from '../../../components/video-player/preparing-note.tsx';
import { paths } from '../../../config/paths.ts';
import { notifyError } from '../../../lib/notify.ts';
import { useSharedVideo } from '../api/get-shared-video.ts';
import { useSharingText } from '../api/get-sharing-text.ts';
import '../../../components/video-player/framed-player.css';

/** /watch/{unique_id}/{token}: a video shared by e-mail, for anyone holding the link (member spec, section 2). */
export function WatchSharedPage() {
  const { uniqueId = '', token = '' } = useParams();
  const shared = useSharedVideo(uniqueId, token);
  const text = useSharingText();

  useEffect(() => {
    if (shared.error) notifyError(shared.error);
  }, [shared.error]);

  return (
    <Container size="lg" py="xl">
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
        {shared.data?.shared_by && (
          <Text fw={600} data-testid="shared-by">
            Shared by {shared.data.shared_by.first_name}
            {shared.data.shared_by.organization ? ` of ${shared.data.shared_by.organization}` : ''}
          </Text>
        )}
        {shared.data?.preparing && (
          <Stack className="mm-framed-player" bg="black" c="white" p="xl" align="center" gap="sm" ta="center">
            <Title order={2} size="h3" c="white">
              {shared.data.title}
            </Title>
            <PreparingNote preparing={shared.data.preparing} what="video" />
          </Stack>
        )}
        {shared.data && !shared.data.preparing && (
          <>
            {/* The product's player, framed in the page: captions (the first track shown at start: shared links are
                often opened on a loud floor), the transcript, quality and speed menus, as members have them. */}
            <Box className="mm-framed-player">
              <FullScreenPlayer
                title={shared.data.title}
                headingLevel={2}
                src={shared.data.main_video}
                poster={shared.data.default_image}
                fallbackPath={paths.landing}
                captions={shared.data.captions}
                initialCaptionLang={shared.data.captions[0]?.lang ?? 'off'}
              />
            </Box>
            <Text c="dimmed">{shared.data.description}</Text>
          </>
        )}
      </Stack>
    </Container>
  );
}
