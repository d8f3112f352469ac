import { Alert, Anchor, Badge, Button, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import type { FloorVerdict, StationFloorData } from '@mm/contract';
import { IconAlertTriangle, IconCircleCheck, IconCircleX, IconPlayerPlay } from '@tabler/icons-react';
import { generatePath, Link, useParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader.tsx';
import { paths } from '../../../config/paths.ts';
import { formatDateTime } from '../../../lib/date.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useStationFloor } from '../api/get-station-floor.ts';
import { useRequestSignoff } from '../api/request-signoff.ts';

/** Readable at arm's length on a phone at the machine: strong fills with the contrast axe asks for, an icon beside the word. */
const VERDICT_LOOK: Record<FloorVerdict, { bg: string; color: string; Icon: typeof IconCircleCheck }> = {
  cleared: { bg: 'green.9', color: 'white', Icon: IconCircleCheck },
  training_needed: { bg: 'yellow.4', color: 'dark.9', Icon: IconAlertTriangle },
  not_qualified: { bg: 'red.9', color: 'white', Icon: IconCircleX },
};

/** /station/:stationId: what a station's QR label opens for the signed-in operator. */
export function StationFloorPage() {
  const stationId = Number(useParams().stationId);
  const floor = useStationFloor(stationId);
  return (
    <Container size="sm" py="lg">
      {floor.isPending && <PageLoader label="Checking your qualification..." />}
      {floor.isError && (
        <Stack>
          <Title order={1}>Station</Title>
          <Alert color="red" title="This station cannot be shown">
            {floor.error.message} Scan a label of your own plant, or open{' '}
            <Anchor component={Link} to={paths.qualifications.root}>
              your qualifications
            </Anchor>
            .
          </Alert>
        </Stack>
      )}
      {floor.data && <StationFloor data={floor.data} />}
    </Container>
  );
}

function StationFloor({ data }: { data: StationFloorData }) {
  const look = VERDICT_LOOK[data.verdict];
  const toWatch = data.clips.filter((c) => !c.watched);
  return (
    <Stack gap="lg">
      <div>
        <Text size="sm" fw={600} c="dark.6">
          Station
        </Text>
        <Title order={1}>{data.station.name}</Title>
        {data.station.description && <Text c="dark.6">{data.station.description}</Text>}
      </div>
      <Card padding="lg" radius="md" bg={look.bg} c={look.color} data-testid="station-verdict" data-verdict={data.verdict}>
        <Group gap="md" wrap="nowrap" align="flex-start">
          <look.Icon size={48} aria-hidden="true" style={{ flexShrink: 0 }} />
          <div>
            <Text fz={28} fw={800} lh={1.2}>
              {data.headline}
            </Text>
            <Text size="lg" mt={4}>
              {data.reason}
            </Text>
          </div>
        </Group>
      </Card>
      <SignoffRequest data={data} />
      {data.clips.length > 0 && (
        <section aria-labelledby="station-clips">
          <Title order={2} size="h3" id="station-clips" mb="sm">
            {toWatch.length ? 'Watch now' : 'How to run it'}
          </Title>
          <Stack gap="sm">
            {data.clips.map((clip) => (
              <Card key={clip.video_id} withBorder padding="md" radius="md">
                <Group justify="space-between" wrap="nowrap">
                  <div>
                    <Text fw={600}>{clip.title}</Text>
                    <Badge variant="dot" color={clip.watched ? 'green.7' : 'orange.6'} c="dark.8" style={{ textTransform: 'none' }}>
                      {clip.watched ? 'Watched' : 'To watch'}
                      {clip.revision > 1 ? ` · revision ${clip.revision}` : ''}
                    </Badge>
                  </div>
                  <Button
                    component={Link}
                    to={generatePath(paths.video, { id: String(clip.video_id) })}
                    size="md"
                    variant={clip.watched ? 'default' : 'filled'}
                    leftSection={<IconPlayerPlay size={18} aria-hidden="true" />}
                    aria-label={`Watch ${clip.title}`}
                    style={{ flexShrink: 0 }}
                  >
                    Watch
                  </Button>
                </Group>
              </Card>
            ))}
          </Stack>
        </section>
      )}
      <Anchor component={Link} to={paths.qualifications.root}>
        All my qualifications
      </Anchor>
    </Stack>
  );
}

function SignoffRequest({ data }: { data: StationFloorData }) {
  const request = useRequestSignoff(data.station.id);
  const signers = data.signers.join(', ');
  if (data.signoff_requested_at)
    return (
      <Alert color="blue" title="Sign-off requested">
        You asked at {formatDateTime(data.signoff_requested_at)}. {signers ? `${signers} will watch you run the station and sign you off.` : ''}
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
        Ask for sign-off
      </Button>
      {signers && (
        <Text size="sm" c="dark.6">
          Signs off here: {signers}
        </Text>
      )}
    </Stack>
  );
}
