import { Alert, Anchor, Button, Card, Container, Grid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { expertVideosPath, paths } from '../../../config/paths.ts';
import { useSignedInSession } from '../../../lib/session.ts';
import { useExpert } from '../api/get-expert.ts';
import { BackHomeButton, CatalogMessage, RetryButton } from '../components/catalog-message.tsx';
import { ContactExpertForm } from '../components/contact-expert-form.tsx';
import { ExpertCard } from '../components/expert-card.tsx';
import { VideoGrid } from '../components/video-grid.tsx';
import type { ContactExpertState } from '../components/video-panel/overview-tab.tsx';
import { useVideoPanel, VideoDetailPanel } from '../components/video-panel/video-detail-panel.tsx';
import { isNotFound } from '../hooks/use-catalog-failure.ts';
import { parseId } from '../parse-id.ts';

function isContactState(value: unknown): value is ContactExpertState {
  return typeof value === 'object' && value !== null && typeof (value as ContactExpertState).videoId === 'number';
}

/** /experts/{cast_crew_id}: the contact-expert page. */
export function ExpertPage() {
  const id = parseId(useParams().castCrewId);
  if (id === null) return <ExpertNotFound />;
  return <ExpertContent key={id} castCrewId={id} />;
}

function ExpertNotFound() {
  const { t } = useTranslation('browse');
  return (
    <Container size="lg" py="xl">
      <CatalogMessage title={t('expert.notFound')} description={t('expert.notFoundText')} action={<BackHomeButton />} />
    </Container>
  );
}

function ExpertContent({ castCrewId }: { castCrewId: number }) {
  const { t } = useTranslation('browse');
  const session = useSignedInSession();
  const expert = useExpert(castCrewId);
  const panel = useVideoPanel();
  const state: unknown = useLocation().state;
  const fromVideo = isContactState(state) ? { id: state.videoId, title: state.videoTitle } : undefined;

  if (isNotFound(expert.error)) return <ExpertNotFound />;
  if (expert.isError) {
    return (
      <Container size="lg" py="xl">
        <CatalogMessage title={t('expert.failed')} description={expert.error.message} action={<RetryButton onRetry={() => expert.refetch()} />} />
      </Container>
    );
  }

  return (
    <Container size="lg" py="xl">
      <Stack gap="xl">
        <Title order={1}>{t('expert.title')}</Title>
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, sm: 5 }}>
            {expert.data ? (
              <ExpertCard expert={expert.data} headingLevel={2}>
                {expert.data.videos_count > 0 && (
                  <Anchor component={Link} to={expertVideosPath(expert.data.cast_crew_id, expert.data.name)} size="sm" fw={600}>
                    {t('expert.allVideos', { name: expert.data.name })}
                  </Anchor>
                )}
              </ExpertCard>
            ) : (
              <Card withBorder radius="md" padding="lg" aria-busy="true" aria-label={t('expert.loading')}>
                <Skeleton circle h={72} mb="sm" />
                <Skeleton h={20} w="50%" mb="sm" />
                <Skeleton h={60} />
              </Card>
            )}
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 7 }}>
            <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="contact-heading">
              <Title order={2} size="h4" id="contact-heading" mb="sm">
                {t('expert.ask')}
              </Title>
              {session.isGuestUser ? (
                <Alert color="yellow" variant="light" role="note" icon={<IconLock size={18} aria-hidden />} title={t('expert.guestTitle')}>
                  <Stack gap="xs" align="flex-start">
                    <Text size="sm">{t('expert.guestText')}</Text>
                    <Button component={Link} to={paths.plans} size="xs">
                      {t('expert.signUp')}
                    </Button>
                  </Stack>
                </Alert>
              ) : expert.data ? (
                <ContactExpertForm castCrewId={castCrewId} expertName={expert.data.name} video={fromVideo} />
              ) : (
                <Skeleton h={160} />
              )}
            </Card>
          </Grid.Col>
        </Grid>
        {expert.data && expert.data.videos.length > 0 && (
          <Stack gap="md" component="section" aria-labelledby="expert-videos-heading">
            <Title order={2} size="h3" id="expert-videos-heading">
              {t('expert.videosBy', { name: expert.data.name })}
            </Title>
            <VideoGrid videos={expert.data.videos} label={t('expert.videosBy', { name: expert.data.name })} onOpen={panel.open} />
          </Stack>
        )}
      </Stack>
      <VideoDetailPanel current={panel.current} onOpen={panel.open} onClose={panel.close} />
    </Container>
  );
}
