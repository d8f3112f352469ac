import { Alert, Anchor, Box, Button, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { FullScreenPlayer } from '../../../components/video-player/full-screen-player.tsx';
import { PreparingNote } from '../../../components/video-player/preparing-note.tsx';
import { paths } from '../../../config/paths.ts';
import { notifyError } from '../../../lib/notify.ts';
import { useSharedVideo } from '../api/get-shared-video.ts';
import '../../../components/video-player/framed-player.css';

/** /watch/{unique_id}/{token}: a video shared by e-mail, for anyone holding the link (member spec, section 2). */
export function WatchSharedPage() {
  const { uniqueId = '', token = '' } = useParams();
  const { t } = useTranslation('sharing');
  const shared = useSharedVideo(uniqueId, token);

  useEffect(() => {
    if (shared.error) notifyError(shared.error);
  }, [shared.error]);

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="center">
          {/* A dead link is not a colleague's invitation: its heading says what happened instead. */}
          <Title order={1} size="h2">
            {shared.isError ? t('watch.unavailable') : t('watch.heading')}
          </Title>
          <Button component={Link} to={paths.landing} variant="outline">
            {t('watch.website')}
          </Button>
        </Group>
        {shared.isPending && <Loader aria-label={t('watch.loading')} />}
        {shared.isError && (
          <Alert color="yellow" data-testid="share-expired">
            <Text>
              <Trans t={t} i18nKey="watch.expired" components={{ signUp: <Anchor component={Link} to={paths.register} inherit /> }} />
            </Text>
          </Alert>
        )}
        {shared.data?.shared_by && (
          <Text fw={600} data-testid="shared-by">
            <Trans
              t={t}
              i18nKey={shared.data.shared_by.organization ? 'watch.sharedByOf' : 'watch.sharedBy'}
              values={{ name: shared.data.shared_by.first_name, organization: shared.data.shared_by.organization }}
              // A person's name and their organization's are data, not text to translate.
              components={{ who: <span translate="no" />, org: <span translate="no" /> }}
            />
          </Text>
        )}
        {shared.data?.preparing && (
          <Stack className="mm-framed-player" bg="black" c="white" p="xl" align="center" gap="sm" ta="center">
            <Title order={2} size="h3" c="white" translate="no">
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
                titleMachine={shared.data.title_machine === true}
                headingLevel={2}
                src={shared.data.main_video}
                poster={shared.data.default_image}
                fallbackPath={paths.landing}
                captions={shared.data.captions}
                initialCaptionLang={shared.data.captions[0]?.lang ?? 'off'}
              />
            </Box>
            <Text c="dimmed" translate="no">
              {shared.data.description}
            </Text>
          </>
        )}
      </Stack>
    </Container>
  );
}
