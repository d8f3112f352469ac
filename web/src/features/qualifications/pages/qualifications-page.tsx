import { Alert, Anchor, Button, Card, Container, Group, Pagination, Select, SimpleGrid, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { type MatrixData, SHIFT_LABELS, SHIFTS, type Shift } from '@mm/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageLoader } from '../../../components/page-loader.tsx';
import { paths } from '../../../config/paths.ts';
import { formatDate } from '../../../lib/date.ts';
import { dueText } from '../../../lib/due-text.ts';
import { notifyError } from '../../../lib/notify.ts';
import { useSession } from '../../../lib/session.ts';
import { downloadAuditPack } from '../api/download-audit-pack.ts';
import { downloadMatrixCsv } from '../api/download-matrix-csv.ts';
import { type MatrixFilters, useMatrix } from '../api/get-matrix.ts';
import { usePersonQualifications } from '../api/get-person-qualifications.ts';
import { useStationChoices } from '../api/get-station-choices.ts';
import { MissingSteps } from '../components/missing-steps.tsx';
import { KindTag, StateBadge, StateWithDue } from '../components/state-badge.tsx';
import { qualificationPaths } from '../paths.ts';

const PAGE = 25;

/** /qualifications: the matrix for super users; for everyone else their own stations. */
export function QualificationsPage() {
  const session = useSession();
  if (session?.isGuestUser) return <GuestQualifications />;
  return session?.isSuperUser ? <MatrixView /> : <MyQualifications />;
}

/** The shared guest is on no team nor station: nothing to ask the server, only what the page is for. */
function GuestQualifications() {
  return (
    <Container size="lg" py="xl">
      <Title order={1} mb="xs">
        My qualifications
      </Title>
      <Alert color="gray" title="Not for the guest account">
        Members see here the stations and required training their supervisor assigns them, and supervisors the whole matrix. Sign up to use it.
      </Alert>
    </Container>
  );
}

function MyQualifications() {
  const mine = usePersonQualifications();
  return (
    <Container size="lg" py="xl">
      <Title order={1} mb="xs">
        My qualifications
      </Title>
      <Text c="dimmed" mb="lg">
        The stations and required training you are assigned to, what each one needs and how long it stays valid.
      </Text>
      {mine.isPending && <PageLoader label="Loading your qualifications..." />}
      {mine.isError && <Alert color="red">{mine.error.message}</Alert>}
      {mine.data && mine.data.stations.length === 0 && (
        <Alert color="gray" title="Nothing assigned yet">
          Your supervisor has not assigned you to a station or to required training. Your certificates are on the Certificates page.
        </Alert>
      )}
      {mine.data && mine.data.trains_at.length > 0 && (
        <Card withBorder padding="lg" mb="md" bg="blue.0">
          <Title order={2} size="h4">
            You are a trainer
          </Title>
          <Text size="sm" mt={4}>
            You sign people off at {mine.data.trains_at.map((s) => s.station_name).join(', ')}, and you can lead a toolbox talk with your crew at shift start.
          </Text>
          <Button component={Link} to={paths.toolbox} mt="sm" w="fit-content">
            Lead a toolbox talk
          </Button>
        </Card>
      )}
      <Stack>
        {mine.data?.stations.map((s) => {
          const left = s.required.filter((r) => r.completed_revision === null);
          return (
            <Card key={s.station_id} withBorder padding="lg">
              <Group justify="space-between" align="flex-start">
                <Group gap="xs">
                  <Title order={2} size="h3">
                    {s.station_name}
                  </Title>
                  <KindTag kind={s.station_kind} />
                </Group>
                <StateWithDue state={s.state} dueAt={s.due_at} />
              </Group>
              <MissingSteps missing={s.missing} size="sm" />
              {s.expires_at && (
                <Text size="sm" mt={4}>
                  Valid until {formatDate(s.expires_at)}
                </Text>
              )}
              <Text size="sm" mt="sm" fw={600}>
                {left.length === 0 ? 'Every required video is done.' : `${left.length} of ${s.required.length} required videos to watch:`}
              </Text>
              <Stack gap={2} mt={4}>
                {left.map((v) => (
                  <Anchor key={v.video_id} component={Link} to={`/video/${v.video_id}`} size="sm">
                    {v.title}
                  </Anchor>
                ))}
              </Stack>
              {s.state === 'awaiting_signoff' && (
                <Text size="sm" mt="sm">
                  Next: a trainer watches you at the station and signs you off.
                </Text>
              )}
            </Card>
          );
        })}
      </Stack>
    </Container>
  );
}

function coverageText(station: MatrixData['stations'][number]): { text: string; short: boolean }[] {
  // Required training has no shift minimum: how many completed it on each shift.
  if (station.kind === 'training') return station.coverage.map((c) => ({ text: `${SHIFT_LABELS[c.shift]}: ${c.qualified} completed`, short: false }));
  return station.coverage.map((c) => ({
    text: `${SHIFT_LABELS[c.shift]}: ${c.qualified} qualified, minimum ${station.min_per_shift}`,
    short: c.qualified < station.min_per_shift,
  }));
}

function MatrixView() {
  const [filters, setFilters] = useState<MatrixFilters>({ skip: 0, take: PAGE });
  const matrix = useMatrix(filters);
  const choices = useStationChoices();
  const download = (run: () => Promise<void>) => () => void run().catch(notifyError);
  const data = matrix.data;
  return (
    <Container size="lg" py="xl">
      <Group justify="space-between" align="flex-end" mb="lg">
        <div>
          <Title order={1}>Qualifications</Title>
          <Text c="dimmed">Who is cleared for which station, and who needs training, sign-off or renewal.</Text>
        </div>
        <Group gap="xs">
          <Button component={Link} to={qualificationPaths.newStation}>
            New station
          </Button>
          <Button variant="light" component={Link} to={qualificationPaths.newTraining}>
            New required training
          </Button>
          <Button variant="default" onClick={download(() => downloadMatrixCsv({ team_id: filters.team_id, shift: filters.shift }))}>
            Download CSV
          </Button>
          <Button variant="default" onClick={download(() => downloadAuditPack({ format: 'pdf' }))}>
            Audit pack PDF
          </Button>
          <Button variant="default" onClick={download(() => downloadAuditPack({ format: 'csv' }))}>
            Audit pack CSV
          </Button>
          <Button variant="subtle" component={Link} to={qualificationPaths.verify}>
            Verify evidence
          </Button>
        </Group>
      </Group>
      <Group mb="md" align="flex-end">
        <Select
          label="Team"
          placeholder="All teams"
          clearable
          data={(choices.data?.teams ?? []).map((t) => ({ value: String(t.id), label: t.name }))}
          value={filters.team_id === undefined ? null : String(filters.team_id)}
          onChange={(v) => setFilters({ ...filters, team_id: v ? Number(v) : undefined, skip: 0 })}
        />
        <Select
          label="Shift"
          placeholder="All shifts"
          clearable
          data={SHIFTS.map((s) => ({ value: s, label: SHIFT_LABELS[s] }))}
          value={filters.shift ?? null}
          onChange={(v) => setFilters({ ...filters, shift: (v as Shift | null) ?? undefined, skip: 0 })}
        />
      </Group>
      {matrix.isPending && <PageLoader label="Loading the matrix..." />}
      {matrix.isError && <Alert color="red">{matrix.error.message}</Alert>}
      {data && data.stations.length === 0 && (
        <Alert color="blue" title="Define your first station">
          A station is a machine or task ("Press 4", "Forklift", "Final inspection"): pick the videos it requires and the checklist a supervisor ticks, then
          assign a team. Induction or safety courses everyone repeats each year are{' '}
          <Anchor component={Link} to={qualificationPaths.newTraining}>
            required training
          </Anchor>
          .{' '}
          <Anchor component={Link} to={qualificationPaths.newStation}>
            Create a station
          </Anchor>
        </Alert>
      )}
      {data && data.stations.length > 0 && (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} mb="lg">
            {data.stations.map((s) => (
              <Card key={s.id} withBorder padding="md">
                <Group gap="xs">
                  <Anchor component={Link} to={qualificationPaths.station(s.id)} fw={700}>
                    {s.name}
                  </Anchor>
                  <KindTag kind={s.kind} />
                </Group>
                {coverageText(s).map((line) => (
                  <Text key={line.text} size="sm" c={line.short ? 'red.9' : undefined} fw={line.short ? 600 : undefined}>
                    {line.text}
                    {line.short ? ' (short)' : ''}
                  </Text>
                ))}
                {s.closest.length > 0 && (
                  <Text size="sm" mt={4}>
                    {s.kind === 'training' ? 'Closest to completing' : 'Closest to qualifying'}:{' '}
                    {s.closest.map((c) => `${c.name} (${c.completed}/${c.required})`).join(', ')}
                  </Text>
                )}
              </Card>
            ))}
          </SimpleGrid>
          {data.people.length === 0 ? (
            <Alert color="gray">Nobody matches these filters. Assign people to a station from its page.</Alert>
          ) : (
            <Table.ScrollContainer minWidth={600}>
              <Table striped highlightOnHover withTableBorder stickyHeader>
                <Table.Caption>People (rows) and stations (columns); open a person to sign them off or see their evidence.</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Person</Table.Th>
                    {data.stations.map((s) => (
                      <Table.Th key={s.id} scope="col">
                        {s.name}
                        {s.kind === 'training' && (
                          <Text size="xs" fw={400} c="dimmed">
                            Required training
                          </Text>
                        )}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.people.map((p) => (
                    <Table.Tr key={p.user_id}>
                      <Table.Th scope="row">
                        <Anchor component={Link} to={qualificationPaths.person(p.user_id)} fw={600}>
                          {p.name}
                        </Anchor>
                        <Text size="xs" c="dimmed">
                          {[p.team_name, p.shift ? SHIFT_LABELS[p.shift] : null].filter(Boolean).join(' · ') || 'No team or shift'}
                        </Text>
                      </Table.Th>
                      {data.stations.map((s) => {
                        const cell = p.cells.find((c) => c.station_id === s.id);
                        if (!cell)
                          return (
                            <Table.Td key={s.id}>
                              <Text size="sm" c="dimmed">
                                <span aria-hidden="true">—</span>
                                <VisuallyHidden>Not assigned</VisuallyHidden>
                              </Text>
                            </Table.Td>
                          );
                        const due = dueText(cell.due_at, cell.state);
                        return (
                          <Table.Td key={s.id}>
                            <StateBadge state={cell.state} />
                            <Text size="xs" mt={2}>
                              {due ?? (cell.expires_at ? `until ${formatDate(cell.expires_at)}` : '')}
                            </Text>
                            <MissingSteps missing={cell.missing} />
                          </Table.Td>
                        );
                      })}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          {data.total > PAGE && (
            <Pagination
              mt="md"
              total={Math.ceil(data.total / PAGE)}
              value={Math.floor(filters.skip / PAGE) + 1}
              onChange={(page) => setFilters({ ...filters, skip: (page - 1) * PAGE })}
              getControlProps={(control) => ({ 'aria-label': `${control} page` })}
              getItemProps={(page) => ({ 'aria-label': `Page ${page}` })}
            />
          )}
        </>
      )}
    </Container>
  );
}
