import { Alert, Anchor, Badge, Button, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import type { FloorVerdict, QualificationState, StationFloorData } from '@mm/contract';
import { IconAlertTriangle, IconCircleCheck, IconCircleX, IconClockExclamation, IconPlayerPlay } from '@tabler/icons-react';
import { Trans, useTranslation } from 'react-i18next';
import { generatePath, Link, useParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader.tsx';
import { paths } from '../../../config/paths.ts';
import { formatDateTime } from '../../../lib/date.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useSavedOwnQualifications, useStationFloor } from '../api/get-station-floor.ts';
import { useRequestSignoff } from '../api/request-signoff.ts';
import { floorTexts } from '../station-floor/floor-reason.ts';
import { newerStateThan } from '../station-floor/offline-verdict.ts';

/** Readable at arm's length on a phone at the machine: strong fills with the contrast axe asks for, an icon beside the word. */
const VERDICT_LOOK: Record<FloorVerdict, { bg: string; color: string; Icon: typeof IconCircleCheck }> = {
  cleared: { bg: 'green.9', color: 'white', Icon: IconCircleCheck },
  training_needed: { bg: 'yellow.4', color: 'dark.9', Icon: IconAlertTriangle },
  not_qualified: { bg: 'red.9', color: 'white', Icon: IconCircleX },
};

/** /station/:stationId: what a station's QR label opens for the signed-in operator. */
export function StationFloorPage() {
  const { t } = useTranslation('station-floor');
  const stationId = Number(useParams().stationId);
  const floor = useStationFloor(stationId);
  const savedAt = floor.data?.savedAt ?? null;
  // Offline, the verdict is the device's copy: checked against the qualifications list the device kept, if newer.
  const list = useSavedOwnQualifications(savedAt !== null);
  const checking = floor.isPending || (savedAt !== null && list.isPending);
  const newer =
    floor.data && list.data
      ? newerStateThan(
          { state: floor.data.floor.state, savedAt },
          { state: list.data.stations.find((s) => s.station_id === stationId)?.state ?? null, savedAt: list.data.savedAt },
        )
      : null;
  return (
    <Container size="sm" py="lg">
      {checking && !floor.isError && <PageLoader label={t('checking')} />}
      {floor.isError && (
        <Stack>
          <Title order={1}>{t('station')}</Title>
          <Alert color="red" title={t('cannotShow')}>
            {floor.error.message}{' '}
            <Trans t={t} i18nKey="scanOwn" components={{ qualificationsLink: <Anchor component={Link} to={paths.qualifications.root} inherit /> }} />
          </Alert>
        </Stack>
      )}
      {floor.data && !checking && (
        <StationFloor data={floor.data.floor} savedAt={savedAt} newer={newer && list.data?.savedAt ? { state: newer, savedAt: list.data.savedAt } : null} />
      )}
    </Container>
  );
}

/**
 * The verdict, or offline: the verdict with the time it was saved, or (when the qualifications list the device kept
 * is newer and says otherwise) no verdict but that newer state, plainly out of date.
 */
function StationFloor({
  data,
  savedAt,
  newer,
}: {
  data: StationFloorData;
  savedAt: string | null;
  newer: { state: QualificationState; savedAt: string } | null;
}) {
  const { t } = useTranslation('station-floor');
  const look = VERDICT_LOOK[data.verdict];
  const { headline, reason } = floorTexts(t, data);
  const toWatch = data.clips.filter((c) => !c.watched);
  return (
    <Stack gap="lg">
      <div>
        <Text size="sm" fw={600} c="dark.6">
          {t('station')}
        </Text>
        <Title order={1} translate="no">
          {data.station.name}
        </Title>
        {data.station.description && (
          <Text c="dark.6" translate="no">
            {data.station.description}
          </Text>
        )}
      </div>
      {newer && savedAt ? (
        <Card padding="lg" radius="md" bg="gray.2" c="dark.9" data-testid="station-verdict" data-verdict="out_of_date">
          <Group gap="md" wrap="nowrap" align="flex-start">
            <IconClockExclamation size={48} aria-hidden="true" style={{ flexShrink: 0 }} />
            <div>
              <Text fz={28} fw={800} lh={1.2}>
                {t('outOfDate')}
              </Text>
              <Text size="lg" mt={4}>
                {t('outOfDateText', { saved: formatDateTime(savedAt), newer: formatDateTime(newer.savedAt), state: t(`states.${newer.state}`) })}
              </Text>
            </div>
          </Group>
        </Card>
      ) : (
        <>
          {savedAt && (
            <Text fw={600} c="dark.7" data-testid="station-saved-at">
              {t('savedAt', { saved: formatDateTime(savedAt) })}
            </Text>
          )}
          <Card padding="lg" radius="md" bg={look.bg} c={look.color} data-testid="station-verdict" data-verdict={data.verdict}>
            <Group gap="md" wrap="nowrap" align="flex-start">
              <look.Icon size={48} aria-hidden="true" style={{ flexShrink: 0 }} />
              <div>
                <Text fz={28} fw={800} lh={1.2}>
                  {headline}
                </Text>
                <Text size="lg" mt={4}>
                  {reason}
                </Text>
              </div>
            </Group>
          </Card>
        </>
      )}
      {/* The saved check's sign-off offer belongs to the state it is out of date with. */}
      {!newer && <SignoffRequest data={data} />}
      {data.clips.length > 0 && (
        <section aria-labelledby="station-clips">
          <Title order={2} size="h3" id="station-clips" mb="sm">
            {toWatch.length ? t('watchNow') : t('howTo')}
          </Title>
          <Stack gap="sm">
            {data.clips.map((clip) => (
              <Card key={clip.video_id} withBorder padding="md" radius="md">
                <Group justify="space-between" wrap="nowrap">
                  <div>
                    <Text fw={600} translate="no">
                      {clip.title}
                    </Text>
                    <Badge variant="dot" color={clip.watched ? 'green.7' : 'orange.6'} c="dark.8" style={{ textTransform: 'none' }}>
                      {clip.watched ? t('watched') : t('toWatch')}
                      {clip.revision > 1 ? t('revision', { revision: clip.revision }) : ''}
                    </Badge>
                  </div>
                  <Button
                    component={Link}
                    to={generatePath(paths.video, { id: String(clip.video_id) })}
                    size="md"
                    variant={clip.watched ? 'default' : 'filled'}
                    leftSection={<IconPlayerPlay size={18} aria-hidden="true" />}
                    aria-label={t('watchWho', { title: clip.title })}
                    style={{ flexShrink: 0 }}
                  >
                    {t('watch')}
                  </Button>
                </Group>
              </Card>
            ))}
          </Stack>
        </section>
      )}
      <Anchor component={Link} to={paths.qualifications.root}>
        {t('all')}
      </Anchor>
    </Stack>
  );
}

function SignoffRequest({ data }: { data: StationFloorData }) {
  const { t } = useTranslation('station-floor');
  const request = useRequestSignoff(data.station.id);
  const signers = data.signers.join(', ');
  if (data.signoff_requested_at)
    return (
      <Alert color="blue" title={t('requested')}>
        {t('requestedAt', { when: formatDateTime(data.signoff_requested_at) })} {signers ? t('willSign', { signers }) : ''}
      </Alert>
    );
  if (!data.can_request_signoff) return null;
  return (
    <Stack gap="xs">
      <Button
        size="lg"
        loading={request.isPending}
        onClick={() => request.mutate(undefined, { onSuccess: ({ message }) => message && notifySuccess(message), onError: notifyError })}
      >
        {t('ask')}
      </Button>
      {signers && (
        <Text size="sm" c="dark.6">
          {t('signsOff', { signers })}
        </Text>
      )}
    </Stack>
  );
}
